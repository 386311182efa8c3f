import * as vscode from 'vscode';
import type { BuildingTwinsApi, Insight, Ticket } from '../../core/api/types';
import { randomBytes } from 'node:crypto';
import { draftName, openDraft } from '../shell/draftDocument';
import { json, row, rowOf, uri } from '../shell/argGuards';
import { type Guarded, oneOf, text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { resourceUri } from '../documents/resourceUri';
import { showWritten } from '../documents/writtenResources';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import type { TreeNode } from '../explorer/treeNode';
import { attachmentCommands } from './ticketAttachmentCommands';
import { TICKET_DOCUMENT_KIND } from './ticketDocumentHandler';
import { ticketFieldCommands } from './ticketFieldCommand';
import { metadataCommands } from './ticketMetadataCommands';
import { pendingRequest } from '../../core/writes/sentRequests';
import { MAX_DETAIL_LINES, type PendingWrite, writeDetail } from '../../core/writes/writePreview';
import { confirmTicketPatch } from './ticketPatchConfirmation';
import { pickTicketReferences } from './ticketPickers';
import { refreshTickets } from './ticketRefresh';
import { checkCreateTicket, ticketFromInsight, ticketTemplate } from './ticketRequest';
import { noIcons, noIconsOpt } from '../shell/iconText';

async function openTicketDocument(connection: string, ticketId: string): Promise<vscode.Uri> {
  const doc = await vscode.workspace.openTextDocument(resourceUri(connection, TICKET_DOCUMENT_KIND, ticketId));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

/** A ticket: its row, or its id. */
const ticketTarget = oneOf(rowOf('tickets'), text);
/** An insight: its row, or its id. */
const insightTarget = oneOf(rowOf('insights'), text);
/** JSON to send: a document (an editor title passes its URI), or the JSON itself. */
const ticketJson = oneOf(uri, json);
/** The ticket to patch: its row, its id, or its patch draft. */
const patchTarget = oneOf(rowOf('tickets'), uri, text);

/** Opens a ticket as a document: saving sends a checked JSON Patch of `replace` operations. */
async function openTicket(
  ctx: Pick<ExtensionServices, 'connections'>,
  arg?: Guarded<typeof ticketTarget>,
): Promise<vscode.Uri> {
  if (typeof arg === 'string') {
    if (arg) return openTicketDocument(ctx.connections.activeName(), arg);
  } else if (arg?.connection) return openTicketDocument(arg.connection, arg.ids[0]);
  throw new Error(vscode.l10n.t('Open ticket needs a ticket in the explorer or a ticket id.'));
}

/** Ticket drafts: a new ticket's request and a patch of one ticket (named after it); `jsonValidation` matches these names. */
const TICKET_DRAFT_EXTENSION = '.ticket.json';
const TICKET_PATCH_DRAFT_EXTENSION = '.ticket-patch.json';

/** The text of the document `uri` (an editor title passes it), else of the active JSON editor. */
function jsonEditorText(uri?: vscode.Uri): string | undefined {
  const doc = uri
    ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())
    : vscode.window.activeTextEditor?.document;
  return doc?.languageId.startsWith('json') ? doc.getText() : undefined;
}

/**
 * "Create ticket": picks the references (twin, category, job type, service needed, priority) and opens the JSON
 * template as a `*.ticket.json` draft, checked against the ticket request schema while it is typed.
 */
async function newTicket(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log'>,
  node?: TreeNode,
): Promise<vscode.TextDocument> {
  const { client } = await targetConnection(ctx, node);
  const refs = await pickTicketReferences(ctx, client);
  const doc = await openDraft(
    `ticket-${randomBytes(3).toString('hex')}${TICKET_DRAFT_EXTENSION}`,
    `${JSON.stringify(ticketTemplate(refs), null, 2)}\n`,
  );
  notifyResult(
    ctx,
    vscode.l10n.t(
      'Fill in the summary and description, then run "Create Ticket from JSON (Preview)" (in the editor title).',
    ),
  );
  return doc;
}

/** Creates a ticket from a request (an object or JSON text), a document (URI) or the active JSON editor, checked first; opens the new ticket. */
async function createTicketFromJson(
  ctx: Pick<ExtensionServices, 'connections' | 'log' | 'tree'>,
  arg?: Guarded<typeof ticketJson>,
): Promise<Ticket> {
  const source = arg === undefined || arg instanceof vscode.Uri ? jsonEditorText(arg) : arg;
  if (source === undefined)
    throw new Error(
      vscode.l10n.t(
        'Create ticket from JSON needs a JSON editor with the request (use "Create Ticket (Preview)…" for a template).',
      ),
    );
  const request = checkCreateTicket(source);
  const { connection, client } = await targetConnection(ctx);
  return created(ctx, connection, await client.createTicket(request));
}

async function created(
  ctx: Pick<ExtensionServices, 'log' | 'tree'>,
  connection: string,
  ticket: Ticket,
): Promise<Ticket> {
  ctx.log.info(`Ticket ${ticket.id} created on "${connection}": ${ticket.summary ?? ''}`);
  notifyResult(ctx, vscode.l10n.t('Ticket created: {0}', ticket.summary ?? ticket.id));
  refreshTickets(ctx, connection);
  await openTicketDocument(connection, ticket.id);
  return ticket;
}

/**
 * "Create ticket for this insight": from an insight tree node or an insight id (the insights panel calls
 * `buildingTwins.tickets.createForInsight` with the id). Summary, description, twin and insight come
 * from the insight; the priority is picked.
 */
async function createTicketForInsight(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree' | 'writes'>,
  arg?: Guarded<typeof insightTarget>,
): Promise<Ticket | undefined> {
  const insightId = typeof arg === 'string' ? arg || undefined : arg?.ids[0];
  if (!insightId)
    throw new Error(vscode.l10n.t('Create ticket for this insight needs an insight in the explorer or an insight id.'));
  const { connection, client } = await targetConnection(ctx, arg);
  const insight: Insight = await client.getInsight(insightId);
  const priorityId = await pickPriority(ctx, client);
  const request = ticketFromInsight(insight, { priorityId });
  const question = vscode.l10n.t(
    'Create a ticket "{0}" for insight {1} on "{2}"?',
    request.summary,
    insight.name ?? insight.id,
    connection,
  );
  const pending: PendingWrite = {
    subject: request.summary,
    connection,
    baseUrl: ctx.connections.require(connection).baseUrl,
    method: 'PUT',
    path: '/tickets',
    body: request,
  };
  // Under buildingTwins.confirmWrites the gate's question (with the request and its body) replaces this one.
  const ok = await ctx.writes.confirmInstead(
    connection,
    {
      question,
      detail: writeDetail(pending, MAX_DETAIL_LINES, false),
      sent: [pendingRequest(pending)],
      cancelled: vscode.l10n.t(
        'Not sent: the ticket for insight {0} on "{1}" was cancelled.',
        insight.name ?? insight.id,
        connection,
      ),
    },
    () =>
      ctx.input.confirm(question, {
        detail: request.description ?? undefined,
        confirmLabel: vscode.l10n.t('Create ticket'),
      }),
  );
  if (!ok) return undefined;
  return created(ctx, connection, await client.createTicket(request));
}

async function pickPriority(
  ctx: Pick<ExtensionServices, 'input'>,
  client: BuildingTwinsApi,
): Promise<string | undefined> {
  const priorities = await client.listTicketPriorities();
  if (priorities.length === 0) return undefined;
  const picked = await ctx.input.pick(
    priorities.map((p) => ({
      label: noIcons(p.name ?? p.id),
      description: noIconsOpt(
        p.priorityLevel === undefined || p.priorityLevel === null ? undefined : String(p.priorityLevel),
      ),
      id: p.id,
    })),
    { title: vscode.l10n.t('Ticket priority') },
  );
  return picked.id;
}

/**
 * Applies a JSON Patch to a ticket. The ticket: a tree row, a ticket id, or the name of the patch draft
 * (`<ticket id>.ticket-patch.json`), else asked for. The patch: the argument (an array or JSON text), else the
 * draft or active JSON editor; without one, a patch draft of the ticket opens (checked against the ticket patch
 * schema while it is typed: run the command again from its editor title). The patch must use `replace` on
 * updatable properties only, at most one operation per property; otherwise nothing is sent.
 */
async function applyTicketPatch(
  ctx: Pick<ExtensionServices, 'connections' | 'documents' | 'input' | 'log' | 'tree' | 'versions' | 'writes'>,
  target?: Guarded<typeof patchTarget>,
  patch?: Guarded<typeof json>,
): Promise<Ticket | vscode.TextDocument> {
  const row = typeof target === 'string' || target instanceof vscode.Uri ? undefined : target;
  const draft = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  const ticketId = row
    ? row.ids[0]
    : typeof target === 'string'
      ? target
      : ((draft && draftName(draft, TICKET_PATCH_DRAFT_EXTENSION)) ??
        (await ctx.input.input({
          title: vscode.l10n.t('Patch ticket (preview)'),
          prompt: vscode.l10n.t('Ticket id'),
          validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Give a ticket id')),
        })));
  const connection = row?.connection ?? ctx.connections.activeName();
  const editorText = jsonEditorText(target instanceof vscode.Uri ? target : undefined);
  // The editor holds a patch when it is a patch draft or a JSON array (a ticket document or a request is not one).
  const editorPatch =
    editorText !== undefined &&
    ((draft && draftName(draft, TICKET_PATCH_DRAFT_EXTENSION)) || editorText.trimStart().startsWith('['))
      ? editorText
      : undefined;
  const source = patch ?? editorPatch;
  if (source === undefined) return openPatchDraft(ctx, connection, ticketId.trim());
  let ops: unknown = source;
  if (typeof source === 'string') {
    try {
      ops = JSON.parse(source);
    } catch (err) {
      throw new Error(
        vscode.l10n.t('The ticket patch is not valid JSON: {0}. Nothing was sent.', (err as Error).message),
      );
    }
  }
  const client = await ctx.connections.getClient(connection);
  await confirmTicketPatch(ctx, client, connection, ticketId.trim(), ops);
  // The client checks the patch rules (replace only, updatable paths, operation count) before sending.
  const ticket = await client.patchTicket(ticketId.trim(), ops as never);
  ctx.log.info(`Ticket ${ticket.id} patched on "${connection}"`);
  await showWritten(ctx, [{ connection, kind: TICKET_DOCUMENT_KIND, ids: [ticket.id], value: ticket }]);
  return ticket;
}

/** A `<ticket id>.ticket-patch.json` draft replacing the ticket's status with its current one, to edit. */
async function openPatchDraft(
  ctx: Pick<ExtensionServices, 'connections' | 'log'>,
  connection: string,
  ticketId: string,
): Promise<vscode.TextDocument> {
  const ticket = await (await ctx.connections.getClient(connection)).getTicket(ticketId);
  const ops = [{ op: 'replace', path: '/statusId', value: ticket.ticketStatus?.id ?? null }];
  const doc = await openDraft(`${ticket.id}${TICKET_PATCH_DRAFT_EXTENSION}`, `${JSON.stringify(ops, null, 2)}\n`);
  notifyResult(
    ctx,
    vscode.l10n.t(
      'Edit the patch of ticket {0}, then run "Apply JSON Patch to Ticket (Preview)…" (in the editor title).',
      ticket.summary ?? ticket.id,
    ),
  );
  return doc;
}

export const ticketCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.tickets.open': accepts(ticketTarget).run(openTicket),
  'buildingTwins.tickets.create': accepts(row).run(newTicket),
  'buildingTwins.tickets.createFromJson': accepts(ticketJson).run(createTicketFromJson),
  'buildingTwins.tickets.createForInsight': accepts(insightTarget).run(createTicketForInsight),
  // (ticket, patch: JSON text or the operations)
  'buildingTwins.tickets.applyPatch': accepts(patchTarget, json).run(applyTicketPatch),
  ...attachmentCommands,
  ...metadataCommands,
  ...ticketFieldCommands,
};
