import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { replaceAll } from './documentEdits';
import type { BuildingEvent, EventsFileUploadResult, EventsUpsertResult } from '../../src/core/api/types';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { clearRequests, emulatorUrl, extensionApi, LOCAL, requests } from './explorerHelpers';

interface EventNodeLike extends TreeNode {
  event: BuildingEvent;
}
interface EventsNodeLike extends TreeNode {
  loadedCount: number;
  knownTotal?: number;
}

const isEventNode = (n: TreeNode): n is EventNodeLike => 'event' in n;

async function eventsNode(): Promise<EventsNodeLike> {
  const api = await extensionApi();
  return (await api.findNode([LOCAL, 'Events'])) as EventsNodeLike;
}

async function eventChildren(): Promise<EventNodeLike[]> {
  const api = await extensionApi();
  const node = await eventsNode();
  api.context.tree.refresh(node);
  return (await node.getChildren()).filter(isEventNode);
}

/**
 * Events whose document no editor holds. A document an earlier test saved is read again from the service after the
 * save (the editor shows what the service answered); that read lands asynchronously and would move the document's
 * version between a test's read and its edit ("changed in the meantime"). A test that edits starts from a closed one.
 */
async function eventsNotOpen(): Promise<EventNodeLike[]> {
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  return (await eventChildren()).filter((n) => ![...open].some((path) => path.endsWith(`/events/${n.event.id}.json`)));
}

/** Requests that changed something on the service (the request log proves what was, or was not, sent). */
async function writes(url: string): Promise<string[]> {
  return (await requests(url))
    .filter(
      (r) =>
        r.path.startsWith('/api/v3/events') &&
        r.method !== 'GET' &&
        !(r.method === 'POST' && r.path === '/api/v3/events'),
    )
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

describe('events', () => {
  let twinId: string;

  before(async function () {
    emulatorUrl(this);
    const client = await (await extensionApi()).context.getActiveClient();
    const page = await client.listEvents({ pageSize: 1 });
    assert.ok(page.items[0]?.twinId, 'the sample has events on twins');
    twinId = page.items[0].twinId as string;
  });

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    await vscode.commands.executeCommand('buildingTwins.events.clearFilter');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists events newest first with type names, and "Load more…" only while more exist', async () => {
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const children = await eventChildren();
    assert.ok(children.length > 0);
    const starts = children.map((n) => Date.parse(n.event.startTime));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => b - a),
      'newest first',
    );
    const items = await api.treeSnapshot(await eventsNode(), 0);
    assert.match(
      items[0].description ?? '',
      /^(CalendarEvent|WeatherForecast|UtilityBill|MaintenanceWindow) · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    const { total } = await client.listEvents({ pageSize: 1 });
    const hasMore = items.some((i) => i.contextValue === 'loadMore');
    assert.equal(hasMore, total > children.length, `total ${total}, loaded ${children.length}`);
    if (hasMore) {
      const more = (await (await eventsNode()).getChildren()).find((n) => !isEventNode(n) && n.id.endsWith('~more'));
      await vscode.commands.executeCommand('buildingTwins.loadMore', more);
      assert.ok((await eventsNode()).loadedCount > children.length);
    }
  });

  it('filters by type names and a start-time range, then clears the filter', async () => {
    const api = await extensionApi();
    const script = api.useScriptedInput([['WeatherForecast'], 'Last 7 days']);
    const filter = (await vscode.commands.executeCommand('buildingTwins.events.filter')) as {
      typeIds?: number[];
      range?: { start: number; end: number };
    };
    assert.equal(script.remaining, 0);
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(filter.typeIds, [2]);
    const node = await eventsNode();
    const children = (await node.getChildren()).filter(isEventNode);
    assert.ok(children.length > 0, 'the sample has past forecasts');
    for (const child of children) {
      assert.equal(child.event.eventTypeId, 2);
      const start = Date.parse(child.event.startTime);
      assert.ok(
        start >= filter.range!.start && start < filter.range!.end,
        `${child.event.startTime} is inside the range`,
      );
    }
    const [item] = (await api.treeSnapshot(node.parent, 0)).filter((i) => i.label === 'Events');
    assert.match(item.description ?? '', /filtered: WeatherForecast · /);
    assert.equal(item.contextValue, 'eventsGroup.filtered');

    await vscode.commands.executeCommand('buildingTwins.events.clearFilter');
    const types = new Set((await eventChildren()).map((n) => n.event.eventTypeId));
    assert.ok(types.size > 1, 'every type again');
  });

  it('opens an event as a document; saving upserts it (PUT /events) and keeps its id', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const [first] = await eventChildren();
    const uri = (await vscode.commands.executeCommand('buildingTwins.events.open', first)) as vscode.Uri;
    assert.equal(uri.toString(true), `buildingtwins:/${LOCAL}/events/${first.event.id}.json`);
    const doc = await vscode.workspace.openTextDocument(uri);
    const event = JSON.parse(doc.getText()) as BuildingEvent;
    assert.equal(Object.keys(event)[0], 'id');
    event.name = `${event.name} (renamed)`;
    await replaceAll(doc, JSON.stringify(event, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(await writes(url), ['PUT /api/v3/events 200']);
    const client = await api.context.getActiveClient();
    assert.equal((await client.getEvent(first.event.id!)).name, event.name);
  });

  it('shows the event type by name, the payload and locations as JSON; saved, they are JSON text again', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const types = await client.listEventTypes();
    const first = (await eventsNotOpen()).find(
      (n) => typeof n.event.payload === 'string' && n.event.payload.trim().startsWith('{'),
    );
    assert.ok(first, 'an event with an object payload');
    const doc = await vscode.workspace.openTextDocument(
      (await vscode.commands.executeCommand('buildingTwins.events.open', first.event.id)) as vscode.Uri,
    );
    const shown = JSON.parse(doc.getText()) as Record<string, unknown>;
    assert.equal(shown.eventTypeName, types.find((t) => t.id === first.event.eventTypeId)?.name);
    assert.deepEqual(Object.keys(shown).slice(0, 4), ['id', 'name', 'eventTypeId', 'eventTypeName']);
    assert.deepEqual(shown.payload, JSON.parse(first.event.payload as string));
    assert.ok(Array.isArray(shown.locations), `locations shown as the list its JSON text holds: ${doc.getText()}`);
    assert.deepEqual(shown.locations, JSON.parse(first.event.locations as string));
    const payload = { ...(shown.payload as Record<string, unknown>), checkedBy: 'integration test' };
    await replaceAll(doc, JSON.stringify({ ...shown, payload }, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(await writes(url), ['PUT /api/v3/events 200']);
    const saved = await client.getEvent(first.event.id!);
    assert.equal(typeof saved.payload, 'string');
    assert.equal(typeof saved.locations, 'string', 'locations sent back as JSON text');
    assert.deepEqual(JSON.parse(saved.locations as string), shown.locations);
    assert.deepEqual(JSON.parse(saved.payload as string), payload);
    assert.deepEqual(
      (JSON.parse(doc.getText()) as Record<string, unknown>).payload,
      payload,
      'the document shows the saved payload as JSON',
    );

    await replaceAll(doc, JSON.stringify({ ...shown, payload, eventTypeName: 'Something else' }, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.match(api.takeLastError()?.message ?? '', /eventTypeName is shown for reading only/);
    assert.deepEqual(await writes(url), []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('refuses to save an invalid event document: clear message, nothing sent, still dirty', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const [first] = await eventsNotOpen();
    const doc = await vscode.workspace.openTextDocument(
      (await vscode.commands.executeCommand('buildingTwins.events.open', first.event.id)) as vscode.Uri,
    );
    const event = JSON.parse(doc.getText()) as Record<string, unknown>;
    event.payload = 42;
    delete event.twinId;
    await replaceAll(doc, JSON.stringify(event, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.equal(doc.isDirty, true);
    const message = api.takeLastError()?.message ?? '';
    assert.match(message, /Nothing was sent: 2 problems/);
    assert.match(message, /twinId is required/);
    assert.match(message, /payload must be a JSON string/);
    assert.deepEqual(await writes(url), []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('creates and updates events from JSON text and reports the counts', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [existing] = (await client.listEvents({ pageSize: 1 })).items;
    const fresh = {
      name: 'Integration test booking',
      startTime: new Date().toISOString(),
      eventTypeId: 'CalendarEvent',
      twinId,
      payload: '{"attendees": 4}',
      payloadVersion: '1.0',
    };
    await clearRequests(url);
    const result = (await vscode.commands.executeCommand(
      'buildingTwins.events.upsertFromJson',
      JSON.stringify([fresh, { ...existing, description: 'updated by the integration test' }]),
    )) as EventsUpsertResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual([result.eventsCreatedCount, result.eventsUpdatedCount], [1, 1]);
    assert.deepEqual(await writes(url), ['PUT /api/v3/events 200']);
    assert.equal((await client.getEvent(existing.id!)).description, 'updated by the integration test');
  });

  it('refuses invalid events JSON item by item and sends nothing', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await clearRequests(url);
    const bad = [
      { name: 'ok so far', startTime: 'yesterday', eventTypeId: 1, twinId, payload: '{}', payloadVersion: '1' },
      { name: 'second' },
    ];
    const result = await vscode.commands.executeCommand('buildingTwins.events.upsertFromJson', JSON.stringify(bad));
    assert.equal(result, undefined);
    const message = api.takeLastError()?.message ?? '';
    assert.match(message, /Event \[0\] "ok so far": startTime must be an ISO 8601 date-time/);
    assert.match(message, /Event \[1\] "second": payload is required/);
    assert.deepEqual(await writes(url), []);
  });

  it('offers a template for a picked type; sending it untouched names the missing twin and sends nothing', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    api.useScriptedInput(['UtilityBill']);
    const doc = (await vscode.commands.executeCommand('buildingTwins.events.newFromTemplate')) as vscode.TextDocument;
    assert.equal(api.takeLastError(), undefined);
    const [template] = JSON.parse(doc.getText()) as BuildingEvent[];
    assert.equal(template.eventTypeId, 3);
    await clearRequests(url);
    await vscode.commands.executeCommand('buildingTwins.events.upsertFromJson');
    assert.match(api.takeLastError()?.message ?? '', /Event \[0\] "UtilityBill event": twinId is required/);
    assert.deepEqual(await writes(url), []);
  });

  it('deletes the selected events after confirmation, and nothing when declined', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const created = await client.putEvents(
      [1, 2].map((i) => ({
        name: `Delete me ${i}`,
        startTime: new Date(Date.now() + 30 * 86_400_000 + i).toISOString(),
        eventTypeId: 1,
        twinId,
        payload: '{}',
        payloadVersion: '1.0',
      })),
    );
    assert.equal(created.eventsCreatedCount, 2);
    const victims = (await eventChildren()).filter((n) => n.event.name?.startsWith('Delete me'));
    assert.equal(victims.length, 2, 'the new events are the newest, on the first page');

    api.useScriptedInput([false]);
    await clearRequests(url);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.events.delete', victims[0], victims), undefined);
    assert.deepEqual(await writes(url), [], 'declined: nothing sent');

    api.useScriptedInput([true]);
    const result = (await vscode.commands.executeCommand('buildingTwins.events.delete', victims[0], victims)) as {
      eventsDeletedCount: number;
    };
    assert.equal(api.takeLastError(), undefined);
    assert.equal(result.eventsDeletedCount, 2);
    assert.deepEqual(await writes(url), ['DELETE /api/v3/events 200']);
    assert.ok(!(await eventChildren()).some((n) => n.event.name?.startsWith('Delete me')));
  });

  it('uploads events from a CSV file with a per-row result, and refuses other file types before sending', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const dir = mkdtempSync(join(tmpdir(), 'bt-events-'));
    try {
      const csv = join(dir, 'events.csv');
      writeFileSync(
        csv,
        `name,startTime,eventTypeId,twinId,payload,payloadVersion\nUploaded booking,${new Date().toISOString()},CalendarEvent,${twinId},{},1.0\nBroken row,${new Date().toISOString()},CalendarEvent,no-such-twin,{},1.0\n`,
      );
      await clearRequests(url);
      const outcome = (await vscode.commands.executeCommand(
        'buildingTwins.events.uploadFile',
        vscode.Uri.file(csv),
      )) as { result: EventsFileUploadResult; report: { summary: string; lines: string[] } };
      assert.equal(api.takeLastError(), undefined);
      assert.equal(outcome.result.eventsCreatedCount, 1);
      assert.equal(outcome.report.summary, 'Uploaded events.csv: 1 created, 0 updated, 1 row rejected.');
      assert.match(outcome.report.lines[1], /^ {2}events\.csv row 2: .*no-such-twin/);
      assert.deepEqual(await writes(url), ['POST /api/v3/events/files 200']);

      const txt = join(dir, 'events.txt');
      writeFileSync(txt, 'not events');
      await clearRequests(url);
      assert.equal(await vscode.commands.executeCommand('buildingTwins.events.uploadFile', txt), undefined);
      assert.match(api.takeLastError()?.message ?? '', /\.json or \.csv files only; "events\.txt" is neither/);
      assert.deepEqual(await writes(url), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
