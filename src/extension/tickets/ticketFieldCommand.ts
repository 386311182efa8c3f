// "Edit Ticket Field…": status, priority, category, job type, service needed or assignee of a ticket, picked by
// name. On a row, the change is one `replace` operation sent through "Apply JSON Patch to Ticket" (its checks and
// write gate); in a ticket document (editor title), the document is edited and saving sends it as any edit.
import { applyEdits, modify } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { JsonPatchOperation, Ticket } from '../../core/api/types';
import { parseResourceUri, RESOURCE_SCHEME } from '../documents/resourceUri';
import { TICKET_DOCUMENT_KIND } from './ticketDocumentHandler';
import { rowOf, uri } from '../shell/argGuards';
import { type Guarded, oneOf } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { noIcons, noIconsOpt } from '../shell/iconText';
import type { ExtensionServices } from '../shell/services';
import { ticketReferenceChoices } from './ticketReferenceChoices';
import {
  TICKET_REFERENCE_LISTS,
  TICKET_REFERENCE_PROPERTIES,
  type TicketReferenceField,
} from './ticketReferenceTarget';

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

function currentValue(ticket: Ticket, field: EditableField): string | undefined {
  const value = (ticket as unknown as Record<string, unknown>)[field];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const ref = value as { name?: unknown; id?: unknown };
    return typeof ref.name === 'string' ? ref.name : typeof ref.id === 'string' ? ref.id : undefined;
  }
  return undefined;
}

/** The new value picked: an id (with its name, for a document), a name typed, or null for none. */
async function newValue(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
  connection: string,
  ticket: Ticket,
  field: EditableField,
  title: string,
): Promise<{ id: string; name: string } | string | null> {
  if (field === 'assigneeName') {
    const name = (
      await ctx.input.input({
        title,
        prompt: vscode.l10n.t('Assignee name (empty: none)'),
        value: typeof ticket.assigneeName === 'string' ? ticket.assigneeName : '',
      })
    ).trim();
    return name || null;
  }
  const client = await ctx.connections.getClient(connection);
  const choices = await ticketReferenceChoices(client, TICKET_REFERENCE_LISTS[field]);
  if (choices.length === 0)
    throw new Error(vscode.l10n.t('The service lists no values for "{0}": nothing was sent.', title));
  const items = choices.map((c) => ({
    label: noIcons(c.name),
    description: noIconsOpt(c.detail),
    detail: noIcons(c.id),
    choice: c as { id: string; name: string } | null,
  }));
  const none = { label: vscode.l10n.t('(none)'), choice: null };
  const picked = await ctx.input.pick(REQUIRED.includes(field) ? items : [none, ...items], {
    title,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked.choice && { id: picked.choice.id, name: picked.choice.name };
}

/** A ticket: its row, or its document (an editor title passes its URI). */
const fieldTarget = oneOf(rowOf('tickets'), uri);

/** The ticket document a command from its editor title (or the active editor) acts on. */
function ticketDocument(arg: vscode.Uri | undefined): vscode.TextDocument | undefined {
  const uri = arg ?? vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== RESOURCE_SCHEME || parseResourceUri(uri).kind !== TICKET_DOCUMENT_KIND) return undefined;
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

/** Sets the field in the document's text (a reference as `{ id, name }`); saving sends it. */
async function editDocumentField(
  doc: vscode.TextDocument,
  field: EditableField,
  value: { id: string; name: string } | string | null,
): Promise<vscode.Uri> {
  const text = doc.getText();
  const edits = modify(text, [field], value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(text.length)), applyEdits(text, edits));
  if (!(await vscode.workspace.applyEdit(edit)))
    throw new Error(vscode.l10n.t('The ticket document could not be edited (is it read-only?). Nothing was sent.'));
  return doc.uri;
}

/**
 * Picks a field of the ticket and its new value. A row: sent at once as a patch (returns what "Apply JSON Patch to
 * Ticket" returns). A ticket document: the document is edited, unsaved (returns its URI).
 */
async function editTicketField(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
  target?: Guarded<typeof fieldTarget>,
): Promise<unknown> {
  const row =
    target && !(target instanceof vscode.Uri) && target.value && target.connection
      ? { ticket: target.value, connection: target.connection }
      : undefined;
  const doc = row ? undefined : ticketDocument(target instanceof vscode.Uri ? target : undefined);
  if (!row && !doc)
    throw new Error(vscode.l10n.t('Edit ticket field needs a ticket in the explorer or an open ticket document.'));
  let ticket: Ticket;
  try {
    ticket = row ? row.ticket : (JSON.parse(doc!.getText()) as Ticket);
  } catch (err) {
    throw new Error(
      vscode.l10n.t('The ticket document is not valid JSON: {0}. Nothing was changed.', (err as Error).message),
    );
  }
  const connection = row ? row.connection : parseResourceUri(doc!.uri).connection;
  const labels = fieldLabels();
  const fields = Object.keys(labels) as EditableField[];
  const picked = await ctx.input.pick(
    fields.map((field) => ({ label: labels[field], description: noIconsOpt(currentValue(ticket, field)), field })),
    {
      title: vscode.l10n.t(
        'Edit ticket field: {0}',
        noIcons(typeof ticket.summary === 'string' ? ticket.summary : String(ticket.id)),
      ),
    },
  );
  const value = await newValue(ctx, connection, ticket, picked.field, labels[picked.field]);
  if (doc) return editDocumentField(doc, picked.field, value);
  const property = picked.field === 'assigneeName' ? 'assigneeName' : TICKET_REFERENCE_PROPERTIES[picked.field];
  const patch: JsonPatchOperation[] = [
    { op: 'replace', path: `/${property}`, value: value !== null && typeof value === 'object' ? value.id : value },
  ];
  return vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', target, patch);
}

export const ticketFieldCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.tickets.editField': accepts(fieldTarget).run(editTicketField),
};
