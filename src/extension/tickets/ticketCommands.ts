import * as vscode from 'vscode';
import type { BuildingTwinsApi, Insight, Ticket } from '../../core/api/types';
import type { CommandTable } from '../commands';
import { resourceUri } from '../documents/resourceUri';
import type { BuildingTwinsContext } from '../extensionContext';
import { notifyResult, targetConnection } from '../tree/commandTarget';
import { InsightNode } from '../tree/insightsNode';
import { TicketNode, TicketsNode } from '../tree/ticketNodes';
import type { TreeNode } from '../tree/treeNode';
import { attachmentCommands } from './ticketAttachmentCommands';
import { TICKET_DOCUMENT_KIND } from './ticketDocumentHandler';
import { metadataCommands } from './ticketMetadataCommands';
import { pickTicketReferences } from './ticketPickers';
import { checkCreateTicket, ticketFromInsight, ticketTemplate } from './ticketRequest';
import { noIcons, noIconsOpt } from '../iconText';

export function refreshTickets(ctx: BuildingTwinsContext, connection: string): void {
  const node = ctx.tree.connectionNode(connection)?.group(TicketsNode);
  if (node) ctx.tree.refresh(node);
}

export async function openTicketDocument(connection: string, ticketId: string): Promise<vscode.Uri> {
  const doc = await vscode.workspace.openTextDocument(resourceUri(connection, TICKET_DOCUMENT_KIND, ticketId));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

/** Opens a ticket as a document: saving sends a checked JSON Patch of `replace` operations. */
async function openTicket(ctx: BuildingTwinsContext, arg: unknown): Promise<vscode.Uri> {
  if (arg instanceof TicketNode) return openTicketDocument(arg.connection, arg.ticket.id);
  if (typeof arg === 'string' && arg) return openTicketDocument(ctx.connections.activeName(), arg);
  throw new Error('Open ticket needs a ticket in the explorer or a ticket id.');
}

/** "Create ticket": picks the references (twin, category, job type, service needed, priority) and opens the JSON template. */
async function newTicket(ctx: BuildingTwinsContext, node?: TreeNode): Promise<vscode.TextDocument> {
  const { client } = await targetConnection(ctx, node);
  const refs = await pickTicketReferences(ctx, client);
  const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(ticketTemplate(refs), null, 2)}\n` });
  await vscode.window.showTextDocument(doc);
  notifyResult(ctx, 'Fill in the summary and description, then run "Create ticket from JSON (preview)" with this editor active.');
  return doc;
}

/** Creates a ticket from a request (an object or JSON text) or the active JSON editor, checked first; opens the new ticket. */
async function createTicketFromJson(ctx: BuildingTwinsContext, arg?: unknown): Promise<Ticket> {
  const editor = vscode.window.activeTextEditor;
  const source = arg !== undefined && !(arg instanceof vscode.Uri) ? arg : editor?.document.languageId.startsWith('json') ? editor.document.getText() : undefined;
  if (source === undefined) throw new Error('Create ticket from JSON needs a JSON editor with the request (use "Create ticket (preview)" for a template).');
  const request = checkCreateTicket(source);
  const { connection, client } = await targetConnection(ctx);
  return created(ctx, connection, await client.createTicket(request));
}

async function created(ctx: BuildingTwinsContext, connection: string, ticket: Ticket): Promise<Ticket> {
  ctx.log.info(`Ticket ${ticket.id} created on "${connection}": ${ticket.summary ?? ''}`);
  notifyResult(ctx, `Ticket created: ${ticket.summary ?? ticket.id}`);
  refreshTickets(ctx, connection);
  await openTicketDocument(connection, ticket.id);
  return ticket;
}

/**
 * "Create ticket for this insight": from an insight tree node or an insight id (the insights panel calls
 * `buildingTwins.tickets.createForInsight` with the id). Summary, description, twin and insight come
 * from the insight; the priority is picked.
 */
async function createTicketForInsight(ctx: BuildingTwinsContext, arg: unknown): Promise<Ticket | undefined> {
  const insightId = arg instanceof InsightNode ? arg.insight.id : typeof arg === 'string' && arg ? arg : undefined;
  if (!insightId) throw new Error('Create ticket for this insight needs an insight in the explorer or an insight id.');
  const { connection, client } = await targetConnection(ctx, arg);
  const insight: Insight = await client.getInsight(insightId);
  const priorityId = await pickPriority(ctx, client);
  const request = ticketFromInsight(insight, { priorityId });
  const ok = await ctx.input.confirm(`Create a ticket "${request.summary}" for insight ${insight.name ?? insight.id} on "${connection}"?`, {
    detail: request.description ?? undefined,
    confirmLabel: 'Create ticket',
  });
  if (!ok) return undefined;
  return created(ctx, connection, await client.createTicket(request));
}

async function pickPriority(ctx: BuildingTwinsContext, client: BuildingTwinsApi): Promise<string | undefined> {
  const priorities = await client.listTicketPriorities();
  if (priorities.length === 0) return undefined;
  const picked = await ctx.input.pick(priorities.map((p) => ({ label: noIcons(p.name ?? p.id), description: noIconsOpt(p.priorityLevel === undefined || p.priorityLevel === null ? undefined : String(p.priorityLevel)), id: p.id })), { title: 'Ticket priority' });
  return picked.id;
}

/**
 * Applies a JSON Patch to a ticket: the patch (array or JSON text, else the active JSON editor) must use
 * `replace` on updatable properties only, at most one operation per property; otherwise nothing is sent.
 */
async function applyTicketPatch(ctx: BuildingTwinsContext, target?: unknown, patch?: unknown): Promise<Ticket> {
  const ticketId = target instanceof TicketNode ? target.ticket.id : typeof target === 'string' && target ? target
    : await ctx.input.input({ title: 'Patch ticket (preview)', prompt: 'Ticket id', validate: (v) => (v.trim() ? undefined : 'Give a ticket id') });
  const connection = target instanceof TicketNode ? target.connection : ctx.connections.activeName();
  const editor = vscode.window.activeTextEditor;
  const source = patch ?? (editor?.document.languageId.startsWith('json') ? editor.document.getText() : undefined);
  if (source === undefined) throw new Error('Patch ticket needs a JSON Patch array (give it as an argument or in the active JSON editor).');
  let ops: unknown = source;
  if (typeof source === 'string') {
    try {
      ops = JSON.parse(source);
    } catch (err) {
      throw new Error(`The ticket patch is not valid JSON: ${(err as Error).message}. Nothing was sent.`);
    }
  }
  const client = await ctx.connections.getClient(connection);
  // The client checks the patch rules (replace only, updatable paths, operation count) before sending.
  const ticket = await client.patchTicket(ticketId.trim(), ops as never);
  ctx.log.info(`Ticket ${ticket.id} patched on "${connection}"`);
  refreshTickets(ctx, connection);
  return ticket;
}

export const ticketCommands: CommandTable = {
  'buildingTwins.tickets.open': openTicket,
  'buildingTwins.tickets.create': newTicket,
  'buildingTwins.tickets.createFromJson': createTicketFromJson,
  'buildingTwins.tickets.createForInsight': createTicketForInsight,
  'buildingTwins.tickets.applyPatch': applyTicketPatch,
  ...attachmentCommands,
  ...metadataCommands,
};
