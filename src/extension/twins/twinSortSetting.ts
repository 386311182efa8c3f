import * as vscode from 'vscode';
import { isTwinSortKey, type TwinSortKey } from './twinSort';

/** The order of the twins in the model groups (setting buildingTwins.twins.sortBy; by name when unset or unknown). */
export function twinSortKey(): TwinSortKey {
  const by = vscode.workspace.getConfiguration('buildingTwins').get<unknown>('twins.sortBy');
  return isTwinSortKey(by) ? by : 'name';
}

/** How an order reads on a group and in "Sort Twins…" ("by name", "by id", "newest first"). */
export function twinSortLabel(key: TwinSortKey): string {
  return { name: vscode.l10n.t('by name'), id: vscode.l10n.t('by id'), lastUpdate: vscode.l10n.t('newest first') }[key];
}
