import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EventsDeleteResult, EventsFileUploadResult, EventsUpsertResult, EventType } from '../../core/api/types';
import { presetRange, parseRange, type RangePreset } from '../../core/timeSeries/timeRange';
import { requestLine } from '../../core/writes/writePreview';
import { openDraft } from '../shell/draftDocument';
import { readSourceUri } from '../shell/sourceText';
import { eventCount } from '../shell/countWords';
import { withCancellableProgress } from '../shell/cancellableProgress';
import { file, files, json, row, rowOf, uri } from '../shell/argGuards';
import { type Guarded, instanceOf, listOf, oneOf, options, text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { resourceUri } from '../documents/resourceUri';
import { showWritten } from '../documents/writtenResources';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import { EventsNode } from './eventsNode';
import type { TreeNode } from '../explorer/treeNode';
import { EVENT_DOCUMENT_KIND } from './eventDocumentHandler';
import { describeEventFilter, type EventFilter } from './eventQuery';
import { eventTemplate } from './eventTemplate';
import { eventFileContentType, uploadReport, type UploadReport } from './eventUpload';
import { EventValidationError, validateEventsJson } from './eventValidation';
import { noIcons, noIconsOpt } from '../shell/iconText';
import { isRow } from '../explorer/rowSubject';
import { countNumber } from '../../shared/countText';

function eventsNode(ctx: Pick<ExtensionServices, 'tree'>, connection: string): EventsNode | undefined {
  return ctx.tree.connectionNode(connection)?.group(EventsNode);
}

function refreshEvents(ctx: Pick<ExtensionServices, 'tree'>, connection: string): void {
  const node = eventsNode(ctx, connection);
  if (node) ctx.tree.refresh(node);
}

async function pickEventType(
  ctx: Pick<ExtensionServices, 'input'>,
  types: readonly EventType[],
  title: string,
): Promise<EventType> {
  if (types.length === 0)
    throw new Error(vscode.l10n.t('The service lists no event types (GET /events/types returned none).'));
  const picked = await ctx.input.pick(
    types.map((t) => ({
      label: noIcons(t.name),
      description: noIcons(vscode.l10n.t('type {0}', t.id)),
      detail: noIconsOpt(t.description),
      type: t,
    })),
    { title },
  );
  return picked.type;
}

/** An event: its row, or its id. */
const eventRow = rowOf('events');
const eventTarget = oneOf(eventRow, text);

/** Opens the event as a `buildingtwins:` document (saving it upserts the event). */
async function openEvent(
  ctx: Pick<ExtensionServices, 'connections'>,
  arg?: Guarded<typeof eventTarget>,
): Promise<vscode.Uri> {
  const target =
    typeof arg === 'string'
      ? arg
        ? { connection: ctx.connections.activeName(), id: arg }
        : undefined
      : arg?.connection && arg.ids.length
        ? { connection: arg.connection, id: arg.ids[0] }
        : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open event needs an event in the explorer or an event id.'));
  const doc = await vscode.workspace.openTextDocument(resourceUri(target.connection, EVENT_DOCUMENT_KIND, target.id));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

/** Events drafts: `jsonValidation` checks `*.events.json` against the events schema of the active connection. */
const EVENTS_DRAFT_EXTENSION = '.events.json';

/**
 * A `*.events.json` draft with one event of a picked type (checked against the events schema while it is typed);
 * `typeName` skips the picker.
 */
async function newEventsFromTemplate(
  ctx: Pick<ExtensionServices, 'connections' | 'eventTypes' | 'input'>,
  arg?: TreeNode | string,
): Promise<vscode.TextDocument> {
  const { connection, client } = await targetConnection(ctx, arg);
  const types = await ctx.eventTypes.of(connection, client);
  const type =
    typeof arg === 'string'
      ? types.find((t) => t.name === arg)
      : await pickEventType(ctx, types, vscode.l10n.t('New events JSON: event type'));
  if (!type)
    throw new Error(
      vscode.l10n.t('No event type is named "{0}" (known: {1}).', String(arg), types.map((t) => t.name).join(', ')),
    );
  const doc = await openDraft(`events-${randomBytes(3).toString('hex')}${EVENTS_DRAFT_EXTENSION}`, eventTemplate(type));
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Fill in twinId (and the payload), then run "Create or Update Events from JSON" (in the editor title).',
    ),
  );
  return doc;
}

/** JSON to send: a document (an editor title passes its URI), or the JSON itself. */
const eventsJson = oneOf(uri, json);

/** The JSON to send: text or a value given, a document (an editor title passes its URI), else the active JSON editor. */
async function eventsSource(arg: Guarded<typeof eventsJson> | undefined): Promise<string | undefined> {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return (await readSourceUri(arg)).text;
  if (arg !== undefined) return JSON.stringify(arg);
  const editor = vscode.window.activeTextEditor;
  return editor && editor.document.languageId.startsWith('json') ? editor.document.getText() : undefined;
}

/**
 * Creates or updates the events in JSON (one object or an array): the argument when given, else the active
 * editor. Every item is checked first; when any is invalid the problems are listed and nothing is sent.
 * Without JSON to send, offers a template instead. Open documents of updated events are read again.
 */
async function upsertEventsFromJson(
  ctx: Pick<ExtensionServices, 'connections' | 'documents' | 'eventTypes' | 'input' | 'log' | 'tree'>,
  arg?: Guarded<typeof eventsJson>,
): Promise<EventsUpsertResult | vscode.TextDocument> {
  const source = await eventsSource(arg);
  if (source === undefined || source.trim() === '') return newEventsFromTemplate(ctx);
  const { connection, client } = await targetConnection(ctx);
  const { events, problems } = validateEventsJson(source, await ctx.eventTypes.of(connection, client));
  if (problems.length) {
    for (const line of problems) ctx.log.warn(`Events JSON: ${line}`);
    throw new EventValidationError(problems);
  }
  const result = await client.putEvents(events);
  const summary = vscode.l10n.t(
    'Events on "{0}": {1} created, {2} updated.',
    connection,
    result.eventsCreatedCount,
    result.eventsUpdatedCount,
  );
  ctx.log.info(summary);
  notifyResult(ctx, summary);
  refreshEvents(ctx, connection);
  const updated = events.map((e) => e.id).filter((id): id is string => typeof id === 'string' && id !== '');
  await showWritten(
    ctx,
    await Promise.all(
      updated.map(async (id) => ({
        connection,
        kind: EVENT_DOCUMENT_KIND,
        ids: [id],
        value: await client.getEvent(id),
      })),
    ),
  );
  return result;
}

/** Deletes the selected events (the clicked one and the multi-selection) after confirmation; string ids also work. */
async function deleteEvents(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree' | 'writes'>,
  clicked?: Guarded<typeof eventRow> | string[],
  selected?: Array<Guarded<typeof eventRow>>,
): Promise<EventsDeleteResult | undefined> {
  const nodes = (selected ?? (clicked && !Array.isArray(clicked) ? [clicked] : [])).filter(
    (n) => n.connection !== undefined && n.value !== undefined,
  );
  let connection: string;
  let ids: string[];
  let names: string[];
  if (nodes.length) {
    connection = nodes[0].connection!;
    if (nodes.some((n) => n.connection !== connection))
      throw new Error(
        vscode.l10n.t('Delete events works on one connection at a time; select events of one connection.'),
      );
    ids = nodes.flatMap((n) => n.ids);
    names = nodes.map((n) => n.value?.name ?? n.ids[0] ?? '');
  } else if (Array.isArray(clicked) && clicked.every((id) => id)) {
    connection = ctx.connections.activeName();
    ids = clicked;
    names = ids;
  } else {
    connection = ctx.connections.activeName();
    const group = eventsNode(ctx, connection);
    if (!group) throw new Error(vscode.l10n.t('Expand the connection in the Building Twins explorer first.'));
    if (group.loadedCount === 0) await group.loadMore();
    const events = (await group.getChildren()).flatMap((n) => (isRow(n, 'events') && n.value ? [n.value] : []));
    const picked = await ctx.input.pickMany(
      events.map((event) => ({
        label: noIcons(event.name ?? event.id ?? ''),
        description: noIconsOpt(event.startTime),
        event,
      })),
      { title: vscode.l10n.t('Delete events: pick the events') },
    );
    ids = picked.map((p) => p.event.id).filter((id): id is string => !!id);
    names = picked.map((p) => p.label);
  }
  if (ids.length === 0) throw new Error(vscode.l10n.t('No events to delete: select one or more events.'));
  const quoted = names
    .slice(0, 5)
    .map((n) => `"${n}"`)
    .join(', ');
  const shown = names.length > 5 ? vscode.l10n.t('{0} and {1} more', quoted, names.length - 5) : quoted;
  const question = vscode.l10n.t('Delete {0} from "{1}"?', eventCount(ids.length), connection);
  const detail = vscode.l10n.t('{0}. This cannot be undone.', shown);
  const request = requestLine('DELETE', ctx.connections.require(connection).baseUrl, '/events');
  const confirmed = await ctx.writes.confirmInstead(
    connection,
    {
      question,
      detail: `${request}\n\n${detail}`,
      sent: [{ title: request, body: [...new Set(ids)] }],
      cancelled: vscode.l10n.t('Not sent: deleting {0} from "{1}" was cancelled.', eventCount(ids.length), connection),
    },
    () => ctx.input.confirm(question, { detail, confirmLabel: vscode.l10n.t('Delete') }),
  );
  if (!confirmed) return undefined;
  const client = await ctx.connections.getClient(connection);
  const result = await client.deleteEvents(ids);
  const summary = vscode.l10n.t(
    'Deleted {0} of {1} from "{2}".',
    result.eventsDeletedCount,
    eventCount(ids.length),
    connection,
  );
  ctx.log.info(summary);
  notifyResult(ctx, summary);
  refreshEvents(ctx, connection);
  return result;
}

/** Uploads events from .json / .csv files (a Uri, a path, or a list; else an open dialog) with progress; the per-row result goes to the log. */
async function uploadEventFiles(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree'>,
  arg?: Guarded<typeof file> | Array<Guarded<typeof file>>,
  list?: Array<Guarded<typeof file>>,
): Promise<{ result: EventsFileUploadResult; report: UploadReport } | undefined> {
  let uris = toUris(list ?? arg);
  if (uris.length === 0) {
    uris = await ctx.input.openFiles({
      title: vscode.l10n.t('Upload events from file'),
      many: true,
      openLabel: vscode.l10n.t('Upload events'),
      filters: { [vscode.l10n.t('Events (JSON, CSV)')]: ['json', 'csv'] },
    });
  }
  const names = uris.map((u) => path.basename(u.path));
  const types = names.map(eventFileContentType);
  const { connection, client } = await targetConnection(ctx);
  const files = await Promise.all(
    uris.map(async (uri, i) => ({
      name: names[i],
      contentType: types[i],
      content: await vscode.workspace.fs.readFile(uri),
    })),
  );
  const result = await withCancellableProgress(
    vscode.l10n.t('Uploading {0} to "{1}"', names.join(', '), connection),
    async (progress, signal) => {
      progress.report({
        message: vscode.l10n.t('{0} bytes', countNumber(files.reduce((n, f) => n + f.content.byteLength, 0))),
      });
      return client.uploadEventFiles(files, { signal });
    },
  );
  const report = uploadReport(names, result);
  for (const line of report.lines) report.failedRows ? ctx.log.warn(line) : ctx.log.info(line);
  notifyResult(ctx, report.summary, report.failedRows > 0);
  refreshEvents(ctx, connection);
  return { result, report };
}

function toUris(arg: Guarded<typeof file> | Array<Guarded<typeof file>> | undefined): vscode.Uri[] {
  const items = Array.isArray(arg) ? arg : arg === undefined ? [] : [arg];
  return items.map((item) => {
    if (typeof item !== 'string') return item;
    if (item) return vscode.Uri.file(item);
    throw new Error(vscode.l10n.t('Upload events from file needs file URIs or paths.'));
  });
}

function rangeChoices(): Array<{ label: string; preset?: RangePreset; custom?: boolean }> {
  return [
    { label: vscode.l10n.t('Any time') },
    { label: vscode.l10n.t('Last hour'), preset: '1h' },
    { label: vscode.l10n.t('Last 24 hours'), preset: '24h' },
    { label: vscode.l10n.t('Last 7 days'), preset: '7d' },
    { label: vscode.l10n.t('Last 30 days'), preset: '30d' },
    { label: vscode.l10n.t('Custom range…'), custom: true },
  ];
}

/** Filters the Events node by types (names in the picker) and a start-time range; `filter` skips the prompts. */
async function filterEvents(
  ctx: Pick<ExtensionServices, 'connections' | 'eventTypes' | 'filteredEvents' | 'input' | 'tree'>,
  arg?: EventsNode,
  filter?: EventFilter,
): Promise<EventFilter> {
  const node = arg ?? eventsNode(ctx, ctx.connections.activeName());
  if (!node) throw new Error(vscode.l10n.t('Filter events needs the Events node of a connection.'));
  if (!filter) {
    const types = await ctx.eventTypes.of(node.connection, await node.conn.client());
    const current = new Set(node.filter.typeIds ?? []);
    const picked = await ctx.input.pickMany(
      types.map((t) => ({
        label: noIcons(t.name),
        description: noIconsOpt(t.description),
        picked: current.has(t.id),
        id: t.id,
      })),
      {
        title: vscode.l10n.t('Filter events (1/2): event types (none picked: every type)'),
      },
    );
    const choice = await ctx.input.pick(rangeChoices(), { title: vscode.l10n.t('Filter events (2/2): start time') });
    let range = choice.preset ? presetRange(choice.preset) : undefined;
    if (choice.custom) {
      const start = await ctx.input.input({
        title: vscode.l10n.t('Filter events: from'),
        prompt: vscode.l10n.t('Start (ISO 8601, e.g. 2024-10-01T00:00:00Z)'),
        validate: dateError,
      });
      const end = await ctx.input.input({
        title: vscode.l10n.t('Filter events: until'),
        prompt: vscode.l10n.t('End (ISO 8601, exclusive)'),
        validate: dateError,
      });
      range = parseRange(start, end);
    }
    filter = { ...(picked.length ? { typeIds: picked.map((p) => p.id) } : {}), ...(range ? { range } : {}) };
  }
  node.setFilter(filter);
  ctx.tree.refresh(node);
  showEventsFiltered(ctx, node.connection, describeEventFilter(node.filter, node.eventTypes) !== '');
  return node.filter;
}

/** Notes whether the Events node of `connection` is filtered; the `buildingTwins.eventsFiltered` context key says whether any is. */
function showEventsFiltered(
  ctx: Pick<ExtensionServices, 'filteredEvents'>,
  connection: string,
  filtered: boolean,
): void {
  const set = ctx.filteredEvents;
  if (filtered) set.add(connection);
  else set.delete(connection);
  void vscode.commands.executeCommand('setContext', 'buildingTwins.eventsFiltered', set.size > 0);
}

function dateError(value: string): string | undefined {
  return Number.isNaN(Date.parse(value))
    ? vscode.l10n.t('Not a date: use ISO 8601, e.g. 2024-10-01T00:00:00Z')
    : undefined;
}

/** Clears the filter of the Events node run on; from the palette, of every filtered Events node. */
async function clearEventFilter(
  ctx: Pick<ExtensionServices, 'connections' | 'eventTypes' | 'filteredEvents' | 'input' | 'tree'>,
  arg?: TreeNode,
): Promise<EventFilter> {
  const node = arg?.closest(EventsNode);
  if (node) return filterEvents(ctx, node, {});
  for (const connection of [...ctx.filteredEvents]) {
    const events = eventsNode(ctx, connection);
    if (events) await filterEvents(ctx, events, {});
    else showEventsFiltered(ctx, connection, false);
  }
  return {};
}

/** A filter of events: type numbers and an epoch-ms range, each optional. */
const eventFilter = (value: unknown): value is EventFilter =>
  options(value) &&
  (value.typeIds === undefined ||
    (Array.isArray(value.typeIds) && value.typeIds.every((id) => typeof id === 'number'))) &&
  (value.range === undefined ||
    (options(value.range) && typeof value.range.start === 'number' && typeof value.range.end === 'number'));

export const eventCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.events.open': accepts(eventTarget).run(openEvent),
  'buildingTwins.events.newFromTemplate': accepts(oneOf(row, text)).run(newEventsFromTemplate),
  'buildingTwins.events.upsertFromJson': accepts(eventsJson).run(upsertEventsFromJson),
  // (clicked event or ids, selected events)
  'buildingTwins.events.delete': accepts(oneOf(eventRow, listOf(text)), listOf(eventRow)).run(deleteEvents),
  // (clicked file or files, selected files)
  'buildingTwins.events.uploadFile': accepts(oneOf(file, files), files).run(uploadEventFiles),
  'buildingTwins.events.filter': accepts(instanceOf(EventsNode), eventFilter).run(filterEvents),
  'buildingTwins.events.clearFilter': accepts(row).run(clearEventFilter),
};
