// "Edit Ticket Field…": status, priority, category, job type, service needed or assignee of a ticket row, picked by
// name. The change is one `replace` operation sent through "Apply JSON Patch to Ticket" (its checks and write gate).
import * as vscode from 'vscode';
import type { JsonPatchOperation } from '../../core/api/types';
import type { CommandTable } from '../shell/commandTypes';
import { noIcons, noIconsOpt } from '../shell/iconText';
import type { ExtensionServices } from '../shell/services';
import { ticketReferenceChoices } from './ticketReferenceChoices';
import { TICKET_REFERENCE_LISTS, TICKET_REFERENCE_PROPERTIES, type TicketReferenceField } from './ticketReferenceTarget';
import { TicketNode } from './ticketNodes';

type EditableField = TicketReferenceField | 'assigneeName';
/** A ticket always has a status and a priority: no "(none)" for them. */
const REQUIRED: readonly EditableField[] = ['ticketStatus', 'ticketPriority'];

function fieldLabels(): Record<EditableField, string> {
  return {
    ticketStatus: vscode.l10n.t('Status'),
    ticketPriority: vscode.l10n.t('Priority'),
    category: vscode.l10n.t('Category'),
    jobType: vscode.l10n.t('Job type'),
    serviceNeeded: vscode.l10n.t('Service needed'),
    assigneeName: vscode.l10n.t('Assignee'),
  };
}

function currentValue(node: TicketNode, field: EditableField): string | undefined {
  const value = (node.ticket as unknown as Record<string, unknown>)[field];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const ref = value as { name?: unknown; id?: unknown };
    return typeof ref.name === 'string' ? ref.name : typeof ref.id === 'string' ? ref.id : undefined;
  }
  return undefined;
}

async function newValue(ctx: Pick<ExtensionServices, 'connections' | 'input'>, node: TicketNode, field: EditableField, title: string): Promise<string | null> {
  if (field === 'assigneeName') {
    const name = (await ctx.input.input({ title, prompt: vscode.l10n.t('Assignee name (empty: none)'), value: node.ticket.assigneeName ?? '' })).trim();
    return name || null;
  }
  const client = await ctx.connections.getClient(node.connection);
  const choices = await ticketReferenceChoices(client, TICKET_REFERENCE_LISTS[field]);
  if (choices.length === 0) throw new Error(vscode.l10n.t('The service lists no values for "{0}": nothing was sent.', title));
  const items = choices.map((c) => ({ label: noIcons(c.name), description: noIconsOpt(c.detail), detail: c.id, id: c.id as string | null }));
  const none = { label: vscode.l10n.t('(none)'), id: null };
  const picked = await ctx.input.pick(REQUIRED.includes(field) ? items : [none, ...items], { title, matchOnDescription: true, matchOnDetail: true });
  return picked.id;
}

/** Picks a field of the ticket row and its new value; returns what "Apply JSON Patch to Ticket" returns. */
async function editTicketField(ctx: Pick<ExtensionServices, 'connections' | 'input'>, node: unknown): Promise<unknown> {
  if (!(node instanceof TicketNode)) throw new Error(vscode.l10n.t('Edit ticket field needs a ticket in the explorer.'));
  const labels = fieldLabels();
  const fields = Object.keys(labels) as EditableField[];
  const picked = await ctx.input.pick(fields.map((field) => ({ label: labels[field], description: noIconsOpt(currentValue(node, field)), field })), {
    title: vscode.l10n.t('Edit ticket field: {0}', noIcons(node.ticket.summary ?? node.ticket.id)),
  });
  const value = await newValue(ctx, node, picked.field, labels[picked.field]);
  const property = picked.field === 'assigneeName' ? 'assigneeName' : TICKET_REFERENCE_PROPERTIES[picked.field];
  const patch: JsonPatchOperation[] = [{ op: 'replace', path: `/${property}`, value }];
  return vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', node, patch);
}

export const ticketFieldCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.tickets.editField': editTicketField,
};
