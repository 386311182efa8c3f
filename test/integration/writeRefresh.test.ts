// What you see is what the service holds: after a save the open document is read again (the new lastUpdateTime,
// fields another writer changed that an "Overwrite" did not send), and the explorer rows that show a resource take
// its new value (a renamed twin's label, a ticket under its new status group) without a refresh of the tree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { replaceAll } from './documentEdits';
import type { BuildingEvent, DigitalTwin, Ticket } from '../../src/core/api/types';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import type { TestApi } from '../../src/extension/testing/testApi';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { emulatorUrl, eventually, extensionApi, LOCAL } from './explorerHelpers';

const TWIN = 'HP-L01-R02';
const ROOM_GROUP = 'Room';

async function open(kind: string, id: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(resourceUri(LOCAL, kind, id));
  await vscode.window.showTextDocument(doc);
  return doc;
}

const label = async (node: TreeNode): Promise<string> => {
  const item = await node.getTreeItem();
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
};

/** The loaded row of a twin under Twins > Room (loaded once; never refreshed by the test). */
async function twinRow(api: TestApi, id: string): Promise<TreeNode> {
  const group = await api.findNode([LOCAL, 'Twins', ROOM_GROUP]);
  const row = (await group.getChildren()).find((n) => (n as TreeNode & { twinId?: string }).twinId === id);
  assert.ok(row, `${id} is listed under ${ROOM_GROUP}`);
  return row;
}

/** The label of the status group each loaded ticket row is under, by ticket id. */
async function ticketGroups(api: TestApi): Promise<Map<string, string>> {
  const tickets = await api.findNode([LOCAL, 'Tickets (preview)']);
  const groups = new Map<string, string>();
  for (const group of await tickets.getChildren()) {
    for (const row of await group.getChildren()) {
      const ticket = (row as TreeNode & { ticket?: Ticket }).ticket;
      if (ticket) groups.set(ticket.id, await label(group));
    }
  }
  return groups;
}

describe('what you see is what the service holds', () => {
  let api: TestApi;
  let original: DigitalTwin;

  before(async function () {
    emulatorUrl(this);
    api = await extensionApi();
    original = await (await api.context.getActiveClient()).getTwin(TWIN);
  });

  afterEach(async () => {
    api.useVsCodeInput();
    api.takeLastError();
    for (let i = 0; i < 10 && vscode.window.activeTextEditor; i++)
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  after(async () => {
    const client = await api.context.getActiveClient();
    await client.patchTwin(TWIN, [
      { op: 'replace', path: '/name', value: original.contents?.name },
      { op: 'replace', path: '/capacity', value: original.contents?.capacity },
    ]);
  });

  it('a saved twin document shows the lastUpdateTime the service gave it', async () => {
    const doc = await open('twins', TWIN);
    const before = JSON.parse(doc.getText()) as DigitalTwin;
    await replaceAll(doc, JSON.stringify({ ...before, contents: { ...before.contents, capacity: 37 } }, null, 2));
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    const held = await (await api.context.getActiveClient()).getTwin(TWIN);
    assert.notEqual(held.lastUpdateTime, before.lastUpdateTime);
    await eventually(() =>
      assert.equal((JSON.parse(doc.getText()) as DigitalTwin).lastUpdateTime, held.lastUpdateTime),
    );
    assert.equal(doc.isDirty, false);
  });

  it('after "Overwrite", the document shows what the service holds, the other writer\'s change included', async () => {
    const client = await api.context.getActiveClient();
    const doc = await open('twins', TWIN);
    const mine = JSON.parse(doc.getText()) as DigitalTwin;
    assert.notEqual(mine.contents?.capacity, 40);
    await replaceAll(
      doc,
      JSON.stringify({ ...mine, contents: { ...mine.contents, name: 'Open office South (Overwrite)' } }, null, 2),
    );
    await client.patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: 40 }]);
    const script = api.useScriptedInput(['Overwrite']);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal(script.remaining, 0, 'the change on the service was asked about');
    const held = await client.getTwin(TWIN);
    assert.deepEqual(
      [held.contents?.capacity, held.contents?.name],
      [40, 'Open office South (Overwrite)'],
      'only the changed field was sent',
    );
    await eventually(() => {
      const shown = JSON.parse(doc.getText()) as DigitalTwin;
      assert.deepEqual([shown.contents?.capacity, shown.lastUpdateTime], [40, held.lastUpdateTime]);
    });
  });

  it('a twin renamed in its document is shown with its new name in the explorer', async () => {
    const row = await twinRow(api, TWIN);
    const doc = await open('twins', TWIN);
    const twin = JSON.parse(doc.getText()) as DigitalTwin;
    const name = `Renamed room ${Date.now()}`;
    assert.notEqual(await label(row), name);
    await replaceAll(doc, JSON.stringify({ ...twin, contents: { ...twin.contents, name } }, null, 2));
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal(await label(row), name, 'the row that was loaded shows the new name');
    assert.equal(await label(await twinRow(api, TWIN)), name, 'and so does the group it is listed in');
  });

  it('a ticket whose status is changed in its document moves to its new status group', async () => {
    const client = await api.context.getActiveClient();
    const before = await ticketGroups(api);
    const [ticketId, groupBefore] = [...before][0];
    const statuses = await client.listTicketStatuses();
    const target = statuses.find((s) => s.name !== groupBefore)!;
    const doc = await open('tickets', ticketId);
    const ticket = JSON.parse(doc.getText()) as Ticket;
    await replaceAll(
      doc,
      JSON.stringify({ ...ticket, ticketStatus: { ...ticket.ticketStatus, id: target.id } }, null, 2),
    );
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal((await ticketGroups(api)).get(ticketId), target.name);
    await eventually(() => assert.equal((JSON.parse(doc.getText()) as Ticket).ticketStatus.name, target.name), 10_000);
  });

  it('a ticket patched by the command moves in the explorer, and its open document is read again', async () => {
    const client = await api.context.getActiveClient();
    const [ticketId, groupBefore] = [...(await ticketGroups(api))][1];
    const target = (await client.listTicketStatuses()).find((s) => s.name !== groupBefore)!;
    const doc = await open('tickets', ticketId);
    await vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', ticketId, [
      { op: 'replace', path: '/statusId', value: target.id },
    ]);
    assert.equal(api.takeLastError(), undefined);
    assert.equal((await ticketGroups(api)).get(ticketId), target.name);
    await eventually(() => assert.equal((JSON.parse(doc.getText()) as Ticket).ticketStatus.id, target.id));
    assert.equal(doc.isDirty, false);
  });

  it('an event renamed in its document is shown with its new name in the explorer', async () => {
    const events = await api.findNode([LOCAL, 'Events']);
    const row = (await events.getChildren()).find((n) => (n as TreeNode & { event?: BuildingEvent }).event?.id);
    assert.ok(row);
    const id = (row as TreeNode & { event: BuildingEvent }).event.id!;
    const doc = await open('events', id);
    const event = JSON.parse(doc.getText()) as BuildingEvent;
    const name = `Renamed event ${Date.now()}`;
    await replaceAll(doc, JSON.stringify({ ...event, name }, null, 2));
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.match(await label(row), new RegExp(name));
  });
});
