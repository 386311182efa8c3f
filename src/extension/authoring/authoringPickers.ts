import * as vscode from 'vscode';
import type { BuildingTwinsApi, DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ExtensionServices } from '../shell/services';
import { twinLabel } from '../twins/twinLabel';
import { noIcons } from '../shell/iconText';

interface ModelPick extends vscode.QuickPickItem {
  modelId: string;
}

/** Models in hierarchy order (each root, then its descendants depth-first), with their inheritance path as detail. */
function modelPickItems(index: ModelIndex): ModelPick[] {
  const byName = (a: string, b: string): number =>
    index.displayName(a).localeCompare(index.displayName(b)) || a.localeCompare(b);
  const items: ModelPick[] = [];
  const seen = new Set<string>();
  const visit = (id: string, path: string[]): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const chain = [...path, index.displayName(id)];
    items.push({
      label: noIcons(index.displayName(id)),
      description: noIcons(id),
      detail: noIcons(chain.join(' › ')),
      modelId: id,
    });
    for (const child of [...index.children(id)].sort(byName)) visit(child, chain);
  };
  const roots = index
    .ids()
    .filter((id) => index.parents(id).every((p) => !index.has(p)))
    .sort(byName);
  for (const root of roots) visit(root, []);
  for (const id of index.ids().sort(byName)) visit(id, []);
  return items;
}

/** Picks a model (search matches display names, ids and the inheritance path). */
export async function pickModel(
  ctx: Pick<ExtensionServices, 'input'>,
  index: ModelIndex,
  title: string,
): Promise<string> {
  if (index.size === 0) throw new Error(vscode.l10n.t('The connection has no models.'));
  const picked = await ctx.input.pick(modelPickItems(index), {
    title,
    placeHolder: vscode.l10n.t('Type to search models'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked.modelId;
}

interface TwinPick extends vscode.QuickPickItem {
  twin?: DigitalTwin;
}

function twinItem(twin: DigitalTwin, index: ModelIndex): TwinPick {
  return {
    label: noIcons(twinLabel(twin)),
    description: noIcons(twin.id),
    detail: noIcons(`${index.displayName(twin.modelId)} · ${twin.modelId}`),
    twin,
    alwaysShow: true,
  };
}

/** Twins (of `modelId` or a model extending it, when given) whose id is `text` or whose name contains it. */
async function lookupTwins(
  client: BuildingTwinsApi,
  index: ModelIndex,
  text: string,
  modelId?: string,
): Promise<TwinPick[]> {
  const value = text.trim();
  const modelFilter = modelId ? { modelIds: [modelId], exactModelMatch: false } : undefined;
  const admits = (t: DigitalTwin): boolean => !modelId || index.isA(t.modelId, modelId);
  const [byId, byName] = await Promise.all([
    value ? client.getTwinsByIds([value]) : Promise.resolve({ twins: [] as DigitalTwin[] }),
    client.listTwins({
      modelFilter,
      ...(value ? { propertyFilter: { field: 'name', operator: 'contains', value } } : {}),
      pageSize: 50,
    }),
  ]);
  const seen = new Set<string>();
  const items: TwinPick[] = [];
  for (const twin of [...byId.twins.filter(admits), ...byName.content]) {
    if (seen.has(twin.id)) continue;
    seen.add(twin.id);
    items.push(twinItem(twin, index));
  }
  if (items.length === 0)
    items.push({ label: noIcons(noTwinsText(value, modelId && index.displayName(modelId))), alwaysShow: true });
  return items;
}

/** The row shown when the lookup finds nothing (`model`: the display name of the model the twins are restricted to). */
function noTwinsText(value: string, model: string | undefined): string {
  if (model)
    return value
      ? vscode.l10n.t('No twin of model {0} with id "{1}" or a name containing it', model, value)
      : vscode.l10n.t('No twins of model {0}', model);
  return value ? vscode.l10n.t('No twin with id "{0}" or a name containing it', value) : vscode.l10n.t('No twins');
}

/** Picks a twin with live lookup (by id or name), optionally restricted to a model and its descendants. */
export async function pickTwin(
  ctx: Pick<ExtensionServices, 'input'>,
  client: BuildingTwinsApi,
  index: ModelIndex,
  title: string,
  modelId?: string,
): Promise<DigitalTwin> {
  const initial = await lookupTwins(client, index, '', modelId);
  const picked = await ctx.input.pick<TwinPick>(initial, {
    title,
    placeHolder: vscode.l10n.t('Type a twin id or part of its name'),
    lookup: (text) => lookupTwins(client, index, text, modelId),
    matchOnDescription: true,
  });
  if (!picked.twin) throw new Error(picked.label);
  return picked.twin;
}
