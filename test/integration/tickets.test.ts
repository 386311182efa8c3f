import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { replaceAll } from './documentEdits';
import { TICKET_UPDATABLE_PROPERTIES, type Ticket, type TicketMetadataItem } from '../../src/core/api/types';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { clearRequests, emulatorUrl, extensionApi, LOCAL, requests, setSetting } from './explorerHelpers';

const TICKETS = 'Tickets (preview)';
const METADATA = 'Ticket metadata (preview)';

interface TicketNodeLike extends TreeNode {
  ticket: Ticket;
}
const isTicketNode = (n: TreeNode): n is TicketNodeLike => 'ticket' in n && 'owner' in n;

/** Requests that changed tickets or ticket metadata (PUT / PATCH); the log proves what was, or was not, sent. */
async function writes(url: string): Promise<string[]> {
  return (await requests(url))
    .filter((r) => r.path.startsWith('/api/v3/tickets') && (r.method === 'PUT' || r.method === 'PATCH'))
    .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, '{id}')} ${r.status}`);
}

async function listRequests(url: string): Promise<number> {
  return (await requests(url)).filter((r) => r.method === 'POST' && r.path === '/api/v3/tickets').length;
}

async function ticketsNode(): Promise<TreeNode & { loadedCount: number }> {
  const api = await extensionApi();
  const node = (await api.findNode([LOCAL, TICKETS])) as TreeNode & { loadedCount: number };
  api.context.tree.refresh(node);
  return node;
}

async function loadedTickets(): Promise<TicketNodeLike[]> {
  const node = await ticketsNode();
  const groups = await node.getChildren();
  return (await Promise.all(groups.map((g) => g.getChildren()))).flat().filter(isTicketNode);
}

/**
 * Replaces the document's text. A write in an earlier test makes the provider announce a change, and the workbench
 * may read an open ticket again just then; an edit made against the older version is refused ("has changed in the
 * meantime"), so it is made again against the version read.
 */

async function openTicketDoc(id: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument(
    (await vscode.commands.executeCommand('buildingTwins.tickets.open', id)) as vscode.Uri,
  );
}

describe('tickets (preview)', () => {
  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    await setSetting('tickets.pageSize', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('groups tickets by status in the service order, with priority badges', async function () {
    emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const statuses = (await client.listTicketStatuses()).map((s) => s.name);
    const groups = await api.treeSnapshot(await ticketsNode(), 1);
    const groupLabels = groups.filter((g) => g.contextValue === 'ticketStatusGroup').map((g) => g.label);
    assert.ok(groupLabels.length > 1, 'tickets of several statuses');
    assert.deepEqual(
      groupLabels,
      statuses.filter((s) => groupLabels.includes(s as string)),
      'in the order of GET /tickets/status',
    );
    for (const group of groups.filter((g) => g.contextValue === 'ticketStatusGroup')) {
      assert.equal(Number(group.description), group.children?.length);
    }
    const badges: Record<string, string> = { urgent: 'flame', high: 'arrow-up', medium: 'dash', low: 'arrow-down' };
    for (const node of (await loadedTickets()).slice(0, 20)) {
      const icon = (await node.getTreeItem()).iconPath as vscode.ThemeIcon;
      assert.equal(icon.id, badges[node.ticket.ticketPriority.priorityLevel]);
    }
  });

  it('pages with buildingTwins.tickets.pageSize and refuses a size over 1000 before sending', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('tickets.pageSize', 3);
    let node = await ticketsNode();
    const first = await api.treeSnapshot(node, 1);
    assert.equal(node.loadedCount, 3);
    const more = (await node.getChildren()).find((n) => n.id.endsWith('~more'));
    assert.ok(more, '"Load more…" while more tickets exist');
    await vscode.commands.executeCommand('buildingTwins.loadMore', more);
    assert.equal(node.loadedCount, 6);
    assert.ok(first.length > 0);

    await setSetting('tickets.pageSize', 1001);
    await clearRequests(url);
    node = await ticketsNode();
    const [error] = await api.treeSnapshot(node, 0);
    assert.match(
      error.label,
      /^Failed to load: buildingTwins\.tickets\.pageSize is 1001, above the service's maximum of 1000 tickets per page; nothing was sent\.$/,
    );
    assert.equal(await listRequests(url), 0, 'no POST /tickets was sent');
  });

  it('creates a ticket from the template: pickers fill the references, the summary is required', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const script = api.useScriptedInput(['', '(none)', 'HVAC', 'Reactive', 'Filter replacement', 'High']);
    const doc = (await vscode.commands.executeCommand('buildingTwins.tickets.create')) as vscode.TextDocument;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    const template = JSON.parse(doc.getText()) as Record<string, unknown>;
    for (const key of ['categoryId', 'jobTypeId', 'serviceNeededId', 'priorityId'])
      assert.equal(typeof template[key], 'string', key);
    assert.equal(template.twinId, null);

    await clearRequests(url);
    await vscode.commands.executeCommand('buildingTwins.tickets.createFromJson');
    assert.match(api.takeLastError()?.message ?? '', /Nothing was sent: "summary" is required/);
    assert.deepEqual(await writes(url), []);

    const editor = await vscode.window.showTextDocument(doc);
    await replaceAll(
      editor.document,
      JSON.stringify({ ...template, summary: 'Integration test ticket', description: 'Made by a test' }, null, 2),
    );
    const ticket = (await vscode.commands.executeCommand('buildingTwins.tickets.createFromJson')) as Ticket;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(ticket.summary, 'Integration test ticket');
    assert.equal(ticket.category?.name, 'HVAC');
    assert.equal(ticket.serviceNeeded?.name, 'Filter replacement');
    assert.equal(ticket.ticketPriority.name, 'High');
    assert.deepEqual(await writes(url), ['PUT /api/v3/tickets 200']);
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(true),
      `buildingtwins:/${LOCAL}/tickets/${ticket.id}.json`,
    );
  });

  it('saves an edited ticket document as replace operations on the updatable properties', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [target] = (await client.listTickets({ pageSize: 1 })).items;
    const other = (await client.listTicketStatuses()).find((s) => s.id !== target.ticketStatus.id)!;
    const doc = await openTicketDoc(target.id);
    const edited = JSON.parse(doc.getText()) as Ticket;
    edited.notes = 'Checked by the integration test';
    edited.ticketStatus = { ...edited.ticketStatus, id: other.id };
    await replaceAll(doc, JSON.stringify(edited, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(await writes(url), ['PATCH /api/v3/tickets/{id} 200']);
    const now = await client.getTicket(target.id);
    assert.equal(now.notes, 'Checked by the integration test');
    assert.equal(now.ticketStatus.id, other.id);
    edited.summary = `${edited.summary ?? ''} (again)`;
    await replaceAll(doc, JSON.stringify(edited, null, 2));
    await clearRequests(url);
    assert.equal(await doc.save(), true, `a second save from the same editor works: ${api.takeLastError()?.message}`);
    assert.deepEqual(await writes(url), ['PATCH /api/v3/tickets/{id} 200']);
    assert.equal((await client.getTicket(target.id)).summary, edited.summary);
  });

  it('asks before saving over a ticket changed on the service; declined: nothing sent, edits kept', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [, target] = (await client.listTickets({ pageSize: 2 })).items;
    const doc = await openTicketDoc(target.id);
    const edited = JSON.parse(doc.getText()) as Ticket;
    edited.notes = 'Edited while someone else changed the ticket';
    await replaceAll(doc, JSON.stringify(edited, null, 2));
    await client.patchTicket(target.id, [{ op: 'replace', path: '/assigneeName', value: 'Someone else' }]);

    const script = api.useScriptedInput([undefined]);
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.equal(script.remaining, 0, 'the conflict was asked about');
    assert.equal(doc.isDirty, true);
    assert.match(api.takeLastError()?.message ?? '', /Not saved: ticket .* changed on the service/);
    assert.deepEqual(await writes(url), []);

    api.useScriptedInput(['Overwrite']);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    const now = await client.getTicket(target.id);
    assert.deepEqual(
      [now.notes, now.assigneeName],
      ['Edited while someone else changed the ticket', 'Someone else'],
      'only the changed field was sent',
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('refuses ticket edits a replace-only patch cannot express: clear message, nothing sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [target] = (await client.listTickets({ pageSize: 1 })).items;
    const doc = await openTicketDoc(target.id);
    const original = JSON.parse(doc.getText()) as Record<string, unknown>;
    const cases: Array<[(t: Record<string, unknown>) => void, RegExp]> = [
      [
        (t) => {
          t.twinId = 'someone-else';
        },
        /"twinId" cannot be changed: it is not an updatable ticket field/,
      ],
      [
        (t) => {
          delete t.description;
        },
        /Removing "description" is not allowed: a ticket patch can only replace values/,
      ],
      [
        (t) => {
          t.extraField = 1;
        },
        /"extraField" cannot be changed: it is not an updatable ticket field/,
      ],
    ];
    for (const [change, expected] of cases) {
      const copy = structuredClone(original);
      change(copy);
      await replaceAll(doc, JSON.stringify(copy, null, 2));
      await clearRequests(url);
      assert.equal(await doc.save(), false);
      assert.equal(doc.isDirty, true);
      assert.match(api.takeLastError()?.message ?? '', expected);
      assert.deepEqual(await writes(url), [], `nothing sent for ${expected}`);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('applies a JSON Patch only when it is replace-only and not too long; otherwise nothing is sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [target] = (await client.listTickets({ pageSize: 1 })).items;

    await clearRequests(url);
    await vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', target.id, [
      { op: 'add', path: '/notes', value: 'x' },
    ]);
    assert.match(api.takeLastError()?.message ?? '', /only "replace" operations are allowed on tickets, got "add"/);
    const tooMany = [...TICKET_UPDATABLE_PROPERTIES, 'summary'].map((p) => ({
      op: 'replace',
      path: `/${p}`,
      value: null,
    }));
    await vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', target.id, tooMany);
    assert.match(
      api.takeLastError()?.message ?? '',
      new RegExp(`at most ${TICKET_UPDATABLE_PROPERTIES.length} operations .*got ${tooMany.length}`),
    );
    await vscode.commands.executeCommand(
      'buildingTwins.tickets.applyPatch',
      target.id,
      '[{"op": "replace", "path": "/twinId", "value": "x"}]',
    );
    assert.match(api.takeLastError()?.message ?? '', /"\/twinId" is not an updatable ticket property/);
    assert.deepEqual(await writes(url), [], 'nothing was sent');

    const patched = (await vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', target.id, [
      { op: 'replace', path: '/assigneeName', value: 'Integration crew' },
    ])) as Ticket;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(patched.assigneeName, 'Integration crew');
    assert.deepEqual(await writes(url), ['PATCH /api/v3/tickets/{id} 200']);
  });

  it('lists attachments under their ticket, opens them and saves them to a chosen file', async function () {
    emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const withAttachment = (await client.listTickets({ pageSize: 1000 })).items.find((t) => t.attachments?.length);
    assert.ok(withAttachment, 'the sample has a ticket with an attachment');
    const attachment = withAttachment.attachments![0];
    const expected = Buffer.from((await client.getTicketAttachment(withAttachment.id, attachment.id)).content);

    await setSetting('tickets.pageSize', 1000);
    const node = (await loadedTickets()).find((n) => n.ticket.id === withAttachment.id)!;
    const [child] = await api.treeSnapshot(node, 0);
    assert.equal(child.contextValue, 'ticketAttachment');
    assert.equal(child.label, attachment.fileName);

    const [attachmentNode] = await node.getChildren();
    const opened = (await vscode.commands.executeCommand(
      'buildingTwins.tickets.openAttachment',
      attachmentNode,
    )) as vscode.Uri;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(opened)), expected);

    const dir = mkdtempSync(join(tmpdir(), 'bt-attachment-'));
    try {
      const target = join(dir, 'saved.bin');
      await vscode.commands.executeCommand(
        'buildingTwins.tickets.saveAttachment',
        { ticketId: withAttachment.id, attachmentId: attachment.id },
        target,
      );
      assert.equal(api.takeLastError(), undefined);
      assert.deepEqual(readFileSync(target), expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('creates a ticket for an insight (by id, as the insights panel does), and nothing when declined', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [insight] = (await client.listInsights({ pageSize: 1 })).items;

    api.useScriptedInput(['Low', false]);
    await clearRequests(url);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.tickets.createForInsight', insight.id), undefined);
    assert.deepEqual(await writes(url), []);

    api.useScriptedInput(['Urgent', true]);
    const ticket = (await vscode.commands.executeCommand(
      'buildingTwins.tickets.createForInsight',
      insight.id,
    )) as Ticket;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(ticket.insightId, insight.id);
    assert.equal(ticket.summary, insight.name);
    assert.equal(ticket.twinId, insight.twinId ?? null);
    assert.equal(ticket.ticketPriority.priorityLevel, 'urgent');
    assert.deepEqual(await writes(url), ['PUT /api/v3/tickets 200']);
  });

  it('lists ticket metadata; creates and renames categories; statuses and priorities are read-only', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const lists = await api.treeSnapshot(await api.findNode([LOCAL, METADATA]), 1);
    assert.deepEqual(
      lists.map((l) => l.label),
      ['Categories', 'Job types', 'Services needed', 'Statuses', 'Priorities'],
    );
    assert.deepEqual(
      lists.slice(3).map((l) => l.description),
      ['read-only', 'read-only'],
    );
    assert.ok(lists[4].children!.some((p) => p.label === 'Urgent' && p.description === 'Urgent'));

    await clearRequests(url);
    await vscode.commands.executeCommand('buildingTwins.tickets.createMetadata', 'job-types', '   ');
    assert.match(api.takeLastError()?.message ?? '', /The name cannot be empty\. Nothing was sent\./);
    assert.deepEqual(await writes(url), []);

    const name = `Integration category ${Date.now()}`;
    const created = (await vscode.commands.executeCommand(
      'buildingTwins.tickets.createMetadata',
      'categories',
      name,
    )) as TicketMetadataItem;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(created.name, name);

    const categories = await api.findNode([LOCAL, METADATA, 'Categories']);
    api.context.tree.refresh(categories);
    let node: TreeNode | undefined;
    for (const child of await categories.getChildren())
      if (((await child.getTreeItem()).label as string) === name) node = child;
    assert.ok(node, 'the new category shows in the tree');
    api.useScriptedInput([`${name} (renamed)`]);
    const renamed = (await vscode.commands.executeCommand(
      'buildingTwins.tickets.renameMetadata',
      node,
    )) as TicketMetadataItem;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(renamed.id, created.id);
    assert.equal(renamed.name, `${name} (renamed)`);
    assert.deepEqual(await writes(url), [
      'PUT /api/v3/tickets/categories 200',
      'PATCH /api/v3/tickets/categories/{id} 200',
    ]);

    api.useScriptedInput(['Categories', `${name} (renamed)`, `${name} (palette)`]);
    const again = (await vscode.commands.executeCommand('buildingTwins.tickets.renameMetadata')) as TicketMetadataItem;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(
      [again.id, again.name],
      [created.id, `${name} (palette)`],
      'renamed from the palette: list, item, name',
    );
  });
});
