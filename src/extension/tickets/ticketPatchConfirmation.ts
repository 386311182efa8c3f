// Apply JSON Patch to Ticket under buildingTwins.confirmWrites: the patch and its target, with Compare showing the
// ticket as the service has it beside the ticket as the patch would leave it.
import { applyPatch, type Operation } from 'fast-json-patch';
import * as vscode from 'vscode';
import type { BuildingTwinsApi, JsonPatchOperation, Ticket } from '../../core/api/types';
import { checkTicketPatch } from '../../core/api/requestChecks';
import { pendingRequest } from '../../core/writes/sentRequests';
import { writeDetail, writeQuestion, type PendingWrite } from '../../core/writes/writePreview';
import { stableJson } from '../documents/jsonText';
import { resourceUri } from '../documents/resourceUri';
import type { ExtensionServices } from '../shell/services';
import { TICKET_DOCUMENT_KIND, TICKET_KEY_ORDER } from './ticketDocumentHandler';

/** The ticket with the patch applied, or undefined when it cannot be applied here (the service decides). */
function patched(ticket: Ticket, ops: readonly JsonPatchOperation[]): Ticket | undefined {
  try {
    // mutateDocument false: the ticket read is left as it is.
    return applyPatch(ticket, ops as Operation[], false, false).newDocument;
  } catch {
    return undefined;
  }
}

/** Asks before a ticket patch is sent (when the setting asks for this connection); Cancel throws "Not sent". */
export async function confirmTicketPatch(
  ctx: Pick<ExtensionServices, 'connections' | 'versions' | 'writes'>,
  client: BuildingTwinsApi,
  connection: string,
  ticketId: string,
  ops: unknown,
): Promise<void> {
  if (!ctx.writes.needsConfirmation(connection)) return;
  // A patch the client would refuse is refused before asking.
  checkTicketPatch(ops);
  const subject = vscode.l10n.t('ticket {0}', ticketId);
  const pending: PendingWrite = {
    subject,
    connection,
    baseUrl: ctx.connections.require(connection).baseUrl,
    method: 'PATCH',
    path: `/tickets/${encodeURIComponent(ticketId)}`,
    patch: ops,
  };
  const before = await client.getTicket(ticketId);
  const after = patched(before, ops);
  await ctx.writes.confirm(connection, {
    question: writeQuestion(pending),
    detail: writeDetail(pending),
    sent: [pendingRequest(pending)],
    compare:
      after &&
      (() =>
        ctx.versions.compareTexts(
          resourceUri(connection, TICKET_DOCUMENT_KIND, ticketId),
          stableJson(before, TICKET_KEY_ORDER),
          stableJson(after, TICKET_KEY_ORDER),
          vscode.l10n.t('{0}: on the service ↔ after the patch', subject),
        )),
    cancelled: vscode.l10n.t('Not sent: the patch of {0} on "{1}" was cancelled.', subject, connection),
  });
}
