import * as vscode from 'vscode';
import type { QuickPickItem } from 'vscode';
import { errorText } from '../../core/api/apiError';
import { TwinLookup } from '../../core/api/twinLookup';
import type { DigitalTwin } from '../../core/api/types';
import { resourceUri } from '../documents/resourceUri';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { noIcons } from '../shell/iconText';
import type { ExtensionServices } from '../shell/services';
import type { TreeNode } from '../explorer/treeNode';
import type { RowSubject } from '../explorer/rowSubject';
import {
  parsePropertyConditions,
  PROPERTY_OPERATORS,
  type PropertyCondition,
  propertyConditions,
  type TwinFilter,
} from './twinFilter';
import { lookupTwins, pickTwin } from './twinPicker';
import { TwinsNode } from './twinsNode';
import { twinSortKey } from './twinSortSetting';
import { isTwinSortKey, TWIN_SORT_KEYS, type TwinSortKey } from './twinSort';
import { isRow } from '../explorer/rowSubject';
import { type Guarded, listOf, oneOf, options, text } from '../shell/commandArgs';
import { row, rowOf, twinRow } from '../shell/argGuards';

/** Opens a twin's document (`buildingtwins:/<connection>/twins/<id>`) in a preview editor. */
export async function openTwinDocument(connection: string, twinId: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(resourceUri(connection, 'twins', twinId));
  return vscode.window.showTextDocument(doc, { preview: true });
}

/** At most this many twins of a multi-selection open at once. */
const MAX_OPENED_TWINS = 10;

/** A twin: its row, or its id (then the second argument may be its id and the first its connection). */
const twinTarget = oneOf(twinRow, text);

const propertyCondition = (value: unknown): value is PropertyCondition =>
  options(value) &&
  typeof value.field === 'string' &&
  (PROPERTY_OPERATORS as readonly unknown[]).includes(value.operator);

const twinFilter = (value: unknown): value is TwinFilter =>
  options(value) &&
  (value.modelId === undefined || typeof value.modelId === 'string') &&
  (value.nameText === undefined || typeof value.nameText === 'string') &&
  (value.property === undefined || propertyCondition(value.property)) &&
  (value.properties === undefined || (Array.isArray(value.properties) && value.properties.every(propertyCondition)));

/**
 * Opens a twin: from a tree node, a twin id on the active connection, or (connection, twin id). With several twin
 * rows selected (the row menu passes the selection), each opens in an editor of its own (the first ten).
 */
async function openTwin(
  ctx: Pick<ExtensionServices, 'connections'>,
  arg?: Guarded<typeof twinTarget>,
  twinId?: string | TreeNode[],
): Promise<vscode.Uri | vscode.Uri[]> {
  if (Array.isArray(twinId)) {
    const rows = twinId.length > 1 && twinId.some((r) => r === arg) ? twinId.filter((r) => isRow(r, 'twins')) : [];
    if (rows.length > 1) {
      const uris: vscode.Uri[] = [];
      for (const row of rows.slice(0, MAX_OPENED_TWINS)) {
        const doc = await vscode.workspace.openTextDocument(resourceUri(row.connection!, 'twins', row.ids[0]));
        uris.push(
          (await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: uris.length > 0 })).document.uri,
        );
      }
      return uris;
    }
    twinId = undefined;
  }
  const target =
    typeof arg === 'string'
      ? { connection: twinId === undefined ? ctx.connections.activeName() : arg, id: twinId ?? arg }
      : arg?.connection
        ? { connection: arg.connection, id: arg.ids[0] }
        : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open twin needs a twin in the explorer or a twin id.'));
  const editor = await openTwinDocument(target.connection, target.id);
  return editor.document.uri;
}

async function openRelationship(_services: unknown, arg?: TreeNode & RowSubject<'relationships'>): Promise<vscode.Uri> {
  if (!arg?.connection || arg.ids.length < 2)
    throw new Error(vscode.l10n.t('Open relationship needs a relationship in the explorer.'));
  const doc = await vscode.workspace.openTextDocument(resourceUri(arg.connection, 'relationships', ...arg.ids));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

/** Filter twins by model, name text and/or property conditions (all must hold); `filter` skips the prompts. */
async function filterTwins(
  ctx: Pick<ExtensionServices, 'input' | 'models' | 'tree'>,
  filter?: TwinFilter,
): Promise<TwinFilter | undefined> {
  if (!filter) {
    const index = await ctx.models.getActiveIndex();
    const any: QuickPickItem & { modelId?: string } = { label: vscode.l10n.t('(any model)') };
    const models = [
      any,
      ...index
        .ids()
        .sort()
        .map((id) => ({ label: noIcons(index.displayName(id)), description: noIcons(id), modelId: id })),
    ];
    const model = await ctx.input.pick(models, {
      title: vscode.l10n.t('Filter twins (1/3): model (its sub-models included)'),
      matchOnDescription: true,
    });
    const nameText = (
      await ctx.input.input({
        title: vscode.l10n.t('Filter twins (2/3)'),
        prompt: vscode.l10n.t('Name contains (empty: any name)'),
        value: ctx.tree.filter?.nameText,
      })
    ).trim();
    const propertyText = (
      await ctx.input.input({
        title: vscode.l10n.t('Filter twins (3/3)'),
        prompt: vscode.l10n.t(
          'Property conditions "field operator value", several separated by ";" (operators: {0}); empty: none',
          PROPERTY_OPERATORS.join(' '),
        ),
        placeHolder: 'levelNumber >= 2; serialNumber isNotNull', // l10n-exempt: an example of the syntax
        validate: (v) =>
          parsePropertyConditions(v)
            ? undefined
            : vscode.l10n.t(
                'Use "field operator value", e.g. levelNumber >= 2, or "field isNotNull"; separate conditions with ";".',
              ),
      })
    ).trim();
    const properties = parsePropertyConditions(propertyText) ?? [];
    filter = {
      modelId: model.modelId,
      nameText: nameText || undefined,
      properties: properties.length ? properties : undefined,
    };
  }
  const empty = !filter.modelId && !filter.nameText && propertyConditions(filter).length === 0;
  const index = filter.modelId ? await ctx.models.getActiveIndex().catch(() => undefined) : undefined;
  ctx.tree.setFilter(empty ? undefined : filter, (id) => (index?.has(id) ? index.displayName(id) : undefined));
  return ctx.tree.filter;
}

/** "Sort Twins…": name, id or last update (setting buildingTwins.twins.sortBy); the loaded rows reorder, nothing is read. */
async function sortTwinRows(ctx: Pick<ExtensionServices, 'input' | 'tree'>, by?: string): Promise<TwinSortKey> {
  let key: TwinSortKey;
  if (by === undefined) {
    const current = twinSortKey();
    const choices: Array<QuickPickItem & { key: TwinSortKey }> = [
      { label: vscode.l10n.t('Name'), key: 'name' },
      { label: vscode.l10n.t('Id'), key: 'id' },
      { label: vscode.l10n.t('Last update (newest first)'), key: 'lastUpdate' },
    ].map((c) => ({
      ...c,
      description: c.key === current ? vscode.l10n.t('current order') : undefined,
      key: c.key as TwinSortKey,
    }));
    // Said plainly: the service lists twins in no set order, so this orders the rows each group has loaded.
    key = (
      await ctx.input.pick(choices, {
        title: vscode.l10n.t('Sort twins by'),
        placeHolder: vscode.l10n.t(
          'Orders the twins each model group has loaded (the service lists them in no set order)',
        ),
      })
    ).key;
  } else if (isTwinSortKey(by)) {
    key = by;
  } else {
    throw new Error(vscode.l10n.t('Sort twins by one of {0}, got "{1}".', TWIN_SORT_KEYS.join(', '), by));
  }
  await vscode.workspace
    .getConfiguration('buildingTwins')
    .update('twins.sortBy', key, vscode.ConfigurationTarget.Global);
  for (const root of ctx.tree.connectionNodes()) {
    for (const group of root.group(TwinsNode)?.loadedGroups() ?? []) ctx.tree.update(group);
  }
  return key;
}

function clearFilter(ctx: Pick<ExtensionServices, 'tree'>): void {
  ctx.tree.setFilter(undefined);
}

/** "Go to twin…": by id or external id (live lookup); opens the twin and reveals it in the tree. */
async function goToTwin(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'tree'>,
  idOrExternalId?: string,
): Promise<DigitalTwin> {
  let twin: DigitalTwin | undefined;
  const client = await ctx.connections.getActiveClient();
  if (idOrExternalId) {
    twin = (await lookupTwins(new TwinLookup(client), idOrExternalId)).find(
      (i) => i.twin && (i.twin.id === idOrExternalId || i.twin.contents?.externalID === idOrExternalId),
    )?.twin;
    if (!twin)
      throw new Error(
        vscode.l10n.t('No twin with id or external id "{0}" on "{1}".', idOrExternalId, ctx.connections.activeName()),
      );
  } else {
    // The models for their names, asked beside the first lookup; without them the picker shows model ids.
    const models = ctx.models.getIndex(ctx.connections.activeName()).catch(() => undefined);
    twin = await pickTwin(ctx.input, client, { title: vscode.l10n.t('Go to twin'), models });
  }
  await openTwinDocument(ctx.connections.activeName(), twin.id);
  await revealTwin(ctx, ctx.connections.activeName(), twin);
  return twin;
}

/** Reveals a twin under Twins > its model (pinned on top when its page is not loaded). */
export async function revealTwin(
  ctx: Pick<ExtensionServices, 'log' | 'tree'>,
  connection: string,
  twin: DigitalTwin,
): Promise<TreeNode | undefined> {
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

export const twinCommands: CommandTable<ExtensionServices> = {
  // (row) or (twin id) or (connection, twin id); also (row, selected rows)
  'buildingTwins.openTwin': accepts(twinTarget, oneOf(text, listOf(row))).run(openTwin),
  'buildingTwins.openRelationship': accepts(rowOf('relationships')).run(openRelationship),
  'buildingTwins.filterTwins': accepts(twinFilter).run(filterTwins),
  'buildingTwins.clearFilter': accepts().run(clearFilter),
  'buildingTwins.sortTwins': accepts(text).run(sortTwinRows),
  'buildingTwins.goToTwin': accepts(text).run(goToTwin),
};
