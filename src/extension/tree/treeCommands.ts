import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { DigitalTwin } from '../../core/api/types';
import type { CommandTable } from '../commands';
import { openTwinDocument } from '../documents/documentCommands';
import type { BuildingTwinsContext } from '../extensionContext';
import type { QuickPickItem } from 'vscode';
import { InsightNode } from './insightsNode';
import { LocationNode } from './locationsNode';
import { ModelNode } from './modelsNode';
import { LoadMoreNode } from './pagedNode';
import { parsePropertyCondition, PROPERTY_OPERATORS, type TwinFilter } from './twinFilter';
import { RelationshipNode, TwinNode, twinLabel } from './twinNode';
import { TwinsNode } from './twinsNode';
import type { TreeNode } from './treeNode';
import { noIcons } from '../iconText';

function refresh(ctx: BuildingTwinsContext, node?: TreeNode): void {
  ctx.tree.refresh(node instanceof Object && 'getTreeItem' in node ? node : undefined);
}

async function loadMore(ctx: BuildingTwinsContext, node: LoadMoreNode): Promise<number> {
  if (!(node instanceof LoadMoreNode)) throw new Error(vscode.l10n.t('"Load more" needs a "Load more…" tree item.'));
  await node.owner.loadMore();
  ctx.tree.update(node.owner);
  return node.owner.loadedCount;
}

/** Filter twins by model, name text and/or one property condition; `filter` skips the prompts. */
async function filterTwins(ctx: BuildingTwinsContext, filter?: TwinFilter): Promise<TwinFilter | undefined> {
  if (!filter) {
    const index = await ctx.models.getActiveIndex();
    const any: QuickPickItem & { modelId?: string } = { label: vscode.l10n.t('(any model)') };
    const models = [any, ...index.ids().sort().map((id) => ({ label: noIcons(index.displayName(id)), description: noIcons(id), modelId: id }))];
    const model = await ctx.input.pick(models, { title: vscode.l10n.t('Filter twins (1/3): model (its sub-models included)'), matchOnDescription: true });
    const nameText = (await ctx.input.input({ title: vscode.l10n.t('Filter twins (2/3)'), prompt: vscode.l10n.t('Name contains (empty: any name)'), value: ctx.tree.filter?.nameText })).trim();
    const propertyText = (await ctx.input.input({
      title: vscode.l10n.t('Filter twins (3/3)'),
      prompt: vscode.l10n.t('Property condition "field operator value" (operators: {0}); empty: none', PROPERTY_OPERATORS.join(' ')),
      placeHolder: 'levelNumber >= 2', // l10n-exempt: an example of the syntax
      validate: (v) => (v.trim() === '' || parsePropertyCondition(v) ? undefined : vscode.l10n.t('Use "field operator value", e.g. levelNumber >= 2, or "field isNotNull".')),
    })).trim();
    filter = {
      modelId: model.modelId,
      nameText: nameText || undefined,
      property: propertyText ? parsePropertyCondition(propertyText) : undefined,
    };
  }
  const empty = !filter.modelId && !filter.nameText && !filter.property;
  ctx.tree.setFilter(empty ? undefined : filter);
  return ctx.tree.filter;
}

function clearFilter(ctx: BuildingTwinsContext): void {
  ctx.tree.setFilter(undefined);
}

interface TwinPick extends QuickPickItem { twin?: DigitalTwin }

async function lookupTwins(ctx: BuildingTwinsContext, text: string): Promise<TwinPick[]> {
  const value = text.trim();
  if (!value) return [];
  const client = await ctx.getActiveClient();
  const [byId, byExternal, byName] = await Promise.all([
    client.getTwinsByIds([value]),
    client.listTwins({ propertyFilter: { field: 'externalID', operator: '=', value }, pageSize: 5 }),
    client.listTwins({ propertyFilter: { field: 'name', operator: 'contains', value }, pageSize: 20 }),
  ]);
  const seen = new Set<string>();
  const items: TwinPick[] = [];
  for (const twin of [...byId.twins, ...byExternal.content, ...byName.content]) {
    if (seen.has(twin.id)) continue;
    seen.add(twin.id);
    const externalId = twin.contents?.externalID;
    const detail = typeof externalId === 'string' ? vscode.l10n.t('{0} · external id {1}', twin.modelId, externalId) : twin.modelId;
    items.push({ label: noIcons(twinLabel(twin)), description: noIcons(twin.id), detail: noIcons(detail), twin, alwaysShow: true });
  }
  if (items.length === 0) items.push({ label: noIcons(vscode.l10n.t('No twin with id, external id or name matching "{0}"', value)), alwaysShow: true });
  return items;
}

/** "Go to twin…": by id or external id (live lookup); opens the twin and reveals it in the tree. */
async function goToTwin(ctx: BuildingTwinsContext, idOrExternalId?: string): Promise<DigitalTwin> {
  let twin: DigitalTwin | undefined;
  if (idOrExternalId) {
    twin = (await lookupTwins(ctx, idOrExternalId)).find((i) => i.twin && (i.twin.id === idOrExternalId || i.twin.contents?.externalID === idOrExternalId))?.twin;
    if (!twin) throw new Error(vscode.l10n.t('No twin with id or external id "{0}" on "{1}".', idOrExternalId, ctx.connections.activeName()));
  } else {
    const picked = await ctx.input.pick<TwinPick>([], {
      title: vscode.l10n.t('Go to twin'),
      placeHolder: vscode.l10n.t('Type a twin id, external id or name'),
      lookup: (v) => lookupTwins(ctx, v),
    });
    if (!picked.twin) throw new Error(picked.label);
    twin = picked.twin;
  }
  await openTwinDocument(ctx, ctx.connections.activeName(), twin.id);
  await revealTwin(ctx, ctx.connections.activeName(), twin);
  return twin;
}

/** Reveals a twin under Twins > its model (pinned on top when its page is not loaded). */
export async function revealTwin(ctx: BuildingTwinsContext, connection: string, twin: DigitalTwin): Promise<TreeNode | undefined> {
  const conn = ctx.tree.connectionNode(connection);
  const twins = conn?.group(TwinsNode);
  if (!conn || !twins) return undefined;
  const filter = ctx.tree.filter;
  if (filter) {
    ctx.log.info(`Clearing the twin filter to reveal ${twin.id}`);
    ctx.tree.setFilter(undefined);
  }
  await twins.getChildren();
  const group = twins.groupFor(twin.modelId);
  // Load the group's first page now: its description update must not land while the view reveals.
  await group.getChildren();
  await ctx.tree.settled(group);
  const node = group.nodeForTwin(twin);
  try {
    await ctx.tree.view.reveal(node, { select: true, focus: false, expand: false });
  } catch (err) {
    ctx.log.warn(`Could not reveal ${twin.id} in the explorer: ${errorText(err)}`);
  }
  return node;
}

function nodeTwin(node: unknown): { id: string; value: unknown } | undefined {
  if (node instanceof TwinNode || node instanceof LocationNode) return { id: node.twin.id, value: node.twin };
  if (node instanceof RelationshipNode) return { id: node.relationship.id ?? '', value: node.relationship };
  if (node instanceof ModelNode) return { id: node.modelId, value: undefined };
  if (node instanceof InsightNode) return { id: node.insight.id, value: node.insight };
  return undefined;
}

async function copyId(ctx: BuildingTwinsContext, node: unknown): Promise<string> {
  const target = nodeTwin(node);
  if (!target) throw new Error(vscode.l10n.t('Copy id works on twins, relationships, models and insights in the explorer.'));
  await vscode.env.clipboard.writeText(target.id);
  return target.id;
}

async function copyJson(ctx: BuildingTwinsContext, node: unknown): Promise<string> {
  const target = nodeTwin(node);
  if (!target) throw new Error(vscode.l10n.t('Copy as JSON works on twins, relationships, models and insights in the explorer.'));
  let value = target.value;
  if (node instanceof ModelNode) {
    const model = await (await node.group.conn.client()).getModel(node.modelId);
    value = model.modelDefinition ? (JSON.parse(model.modelDefinition) as unknown) : model;
  }
  const text = JSON.stringify(value, null, 2);
  await vscode.env.clipboard.writeText(text);
  return text;
}

async function countTwins(ctx: BuildingTwinsContext, node: ModelNode): Promise<number> {
  if (!(node instanceof ModelNode)) throw new Error(vscode.l10n.t('"Count twins" works on a model in the explorer.'));
  const client = await node.group.conn.client();
  node.twinCount = await client.countTwins({ modelFilter: { modelIds: [node.modelId], exactModelMatch: false } });
  ctx.tree.update(node);
  return node.twinCount;
}

export const treeCommands: CommandTable = {
  'buildingTwins.refresh': refresh,
  'buildingTwins.refreshNode': refresh,
  'buildingTwins.loadMore': loadMore,
  'buildingTwins.filterTwins': filterTwins,
  'buildingTwins.clearFilter': clearFilter,
  'buildingTwins.goToTwin': goToTwin,
  'buildingTwins.copyId': copyId,
  'buildingTwins.copyJson': copyJson,
  'buildingTwins.countTwins': countTwins,
};
