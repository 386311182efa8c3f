import * as vscode from 'vscode';
import { rowOf } from '../shell/argGuards';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { oneOf, type Guarded } from '../shell/commandArgs';
import type { ExtensionServices } from '../shell/services';
import { type DeepLink, deepLinkParts } from './deepLink';

/** The link that opens `link` in VS Code with this extension (vscode://<publisher>.<name>/<action>?…). */
export function deepLinkText(extensionId: string, link: DeepLink): string {
  const { path, query } = deepLinkParts(link);
  return `${vscode.env.uriScheme}://${extensionId}${path}?${query}`;
}

const linkedRow = oneOf(rowOf('twins'), rowOf('models'));

/** "Copy Link": the link that opens a twin or a model on its connection; returns it. */
async function copyLink(
  ctx: Pick<ExtensionServices, 'vscodeContext'>,
  row?: Guarded<typeof linkedRow>,
): Promise<string> {
  const id = row?.ids[0];
  if (!row?.connection || id === undefined)
    throw new Error(vscode.l10n.t('Copy Link needs a twin or a model in the explorer.'));
  const link: DeepLink =
    row.kind === 'models'
      ? { action: 'model', connection: row.connection, modelId: id }
      : { action: 'twin', connection: row.connection, twinId: id };
  const text = deepLinkText(ctx.vscodeContext.extension.id, link);
  await vscode.env.clipboard.writeText(text);
  return text;
}

export const deepLinkCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.copyLink': accepts(linkedRow).run(copyLink),
};
