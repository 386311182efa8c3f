import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ticket } from '../../src/core/api/types';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { clearRequests, emulatorUrl, extensionApi, LOCAL, requests } from './explorerHelpers';

interface TicketRow extends TreeNode {
  ticket: Ticket;
}

/** The first ticket row of the explorer (under its status group). */
async function firstTicketRow(): Promise<TicketRow> {
  const api = await extensionApi();
  const tickets = await api.findNode([LOCAL, 'Tickets (preview)']);
  api.context.tree.refresh(tickets);
  const [group] = await tickets.getChildren();
  const row = (await group.getChildren()).find((n): n is TicketRow => 'ticket' in n);
  assert.ok(row, 'a ticket row');
  return row;
}

async function ticketPatches(url: string): Promise<string[]> {
  return (await requests(url))
    .filter((r) => r.method === 'PATCH' && r.path.startsWith('/api/v3/tickets/'))
    .map((r) => `${r.method} ${r.status}`);
}

describe('ticket fields by name (preview)', () => {
  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Edit Ticket Field… picks a status, a category (or none) and an assignee by name and sends one replace each', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const row = await firstTicketRow();
    const other = (await client.listTicketStatuses()).find((s) => s.id !== row.ticket.ticketStatus.id && s.name);
    assert.ok(other, 'another status');
    const [category] = (await client.listTicketMetadata('categories')).items;

    await clearRequests(url);
    let script = api.useScriptedInput(['Status', other.name as string]);
    await vscode.commands.executeCommand('buildingTwins.tickets.editField', row);
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    assert.deepEqual(await ticketPatches(url), ['PATCH 200']);
    assert.equal((await client.getTicket(row.ticket.id)).ticketStatus.id, other.id);

    script = api.useScriptedInput(['Category', category.name]);
    await vscode.commands.executeCommand('buildingTwins.tickets.editField', row);
    assert.equal(api.takeLastError(), undefined);
    assert.equal((await client.getTicket(row.ticket.id)).category?.id, category.id);
    script = api.useScriptedInput(['Category', '(none)']);
    await vscode.commands.executeCommand('buildingTwins.tickets.editField', row);
    assert.equal((await client.getTicket(row.ticket.id)).category ?? null, null);

    script = api.useScriptedInput(['Assignee', 'Facilities team']);
    await vscode.commands.executeCommand('buildingTwins.tickets.editField', row);
    assert.equal(api.takeLastError(), undefined);
    assert.equal((await client.getTicket(row.ticket.id)).assigneeName, 'Facilities team');
    assert.equal(script.remaining, 0);
  });

  it('Edit Ticket Field… offers no "(none)" for the status: a ticket always has one; nothing is sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const row = await firstTicketRow();
    await clearRequests(url);
    api.useScriptedInput(['Status', '(none)']);
    await vscode.commands.executeCommand('buildingTwins.tickets.editField', row);
    assert.match(api.takeLastError()?.message ?? '', /matches none of/);
    assert.deepEqual(await ticketPatches(url), []);
  });

  it('Edit Ticket Field… from a ticket document edits the document; saving sends the change as any edit', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const row = await firstTicketRow();
    const current = await client.getTicket(row.ticket.id);
    const other = (await client.listTicketPriorities()).find((p) => p.id !== current.ticketPriority.id && p.name);
    assert.ok(other, 'another priority');
    const doc = await vscode.workspace.openTextDocument(
      (await vscode.commands.executeCommand('buildingTwins.tickets.open', row.ticket.id)) as vscode.Uri,
    );
    await clearRequests(url);
    api.useScriptedInput(['Priority', other.name as string]);
    assert.equal(
      ((await vscode.commands.executeCommand('buildingTwins.tickets.editField', doc.uri)) as vscode.Uri).toString(),
      doc.uri.toString(),
    );
    assert.equal(api.takeLastError(), undefined);
    assert.equal(doc.isDirty, true);
    assert.deepEqual((JSON.parse(doc.getText()) as Ticket).ticketPriority, { id: other.id, name: other.name });
    assert.deepEqual(await ticketPatches(url), [], 'nothing sent before the save');
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(await ticketPatches(url), ['PATCH 200']);
    assert.equal((await client.getTicket(row.ticket.id)).ticketPriority.id, other.id);
  });

  it('completes the id of a reference in a ticket document with the service names, inserting the id', async function () {
    emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const row = await firstTicketRow();
    const doc = await vscode.workspace.openTextDocument(
      (await vscode.commands.executeCommand('buildingTwins.tickets.open', row.ticket.id)) as vscode.Uri,
    );
    const text = doc.getText();
    const priorityId = (JSON.parse(text) as Ticket).ticketPriority.id;
    const inPriority = doc.positionAt(text.indexOf(`"${priorityId}"`, text.indexOf('"ticketPriority"')) + 1);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      inPriority,
    );
    const offered = new Map(list.items.map((i) => [typeof i.label === 'string' ? i.label : i.label.label, i]));
    for (const priority of await client.listTicketPriorities()) {
      const item = offered.get(priority.name as string);
      assert.ok(item, `offers ${priority.name}`);
      assert.equal(item.insertText, JSON.stringify(priority.id));
    }

    const inSummary = doc.positionAt(text.indexOf('"summary"') + 2);
    const elsewhere = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      inSummary,
    );
    const priorityNames = new Set((await client.listTicketPriorities()).map((p) => p.name));
    assert.deepEqual(
      elsewhere.items.filter((i) => priorityNames.has(typeof i.label === 'string' ? i.label : i.label.label)),
      [],
    );
  });
});
