// A write request as the client is about to send it, in the words of the confirmation that
// `buildingTwins.confirmWrites` asks for when no command described it first (what, where, and the body).
import * as l10n from '@vscode/l10n';
import type { OutgoingWrite } from '../api/httpTransport';
import type { JsonPatchOperation } from '../api/types';
import { stripControl } from '../untrusted/controlCharacters';
import { countText } from '../../shared/countText';
import type { PendingWrite } from './writePreview';

/** Where a write goes: the connection's name and its service URL. */
export interface WriteTarget {
  connection: string;
  baseUrl: string;
}

/** The confirmation's question and the PendingWrite its detail is made of (writeDetail). */
export function outgoingWritePreview(
  write: OutgoingWrite,
  target: WriteTarget,
): { question: string; pending: PendingWrite } {
  const patch =
    write.method === 'PATCH' && Array.isArray(write.json) ? (write.json as JsonPatchOperation[]) : undefined;
  const pending: PendingWrite = {
    subject: write.operation,
    connection: target.connection,
    baseUrl: target.baseUrl,
    method: write.method === 'GET' ? 'POST' : write.method,
    path: write.path,
    ...(patch ? { patch } : write.files ? { files: write.files } : { body: write.json }),
  };
  return { question: outgoingWriteQuestion(write, target.connection), pending };
}

/** e.g. `Create or replace twin AHU-1 on "Production"?`, `Delete 3 events on "Production"?`. */
export function outgoingWriteQuestion(write: OutgoingWrite, connection: string): string {
  const on = stripControl(connection);
  const body = write.json;
  const count = Array.isArray(body) ? body.length : 0;
  const last = shownId(decodedSegment(write.path.slice(write.path.lastIndexOf('/') + 1)));
  switch (write.operation) {
    case 'putTwin':
      return l10n.t('Create or replace twin {0} on "{1}"?', shownId(field(body, 'id')), on);
    case 'patchTwin':
      return l10n.t('Send {0} to twin {1} on "{2}"?', changes(count), last, on);
    case 'putRelationship':
      return l10n.t(
        'Create or replace relationship {0} from {1} to {2} on "{3}"?',
        shownId(field(body, 'name')),
        shownId(field(body, 'sourceId')),
        shownId(field(body, 'targetId')),
        on,
      );
    case 'sendTimeSeries':
      return l10n.t(
        'Send {0} to "{1}"?',
        countText(count, { one: l10n.t('{0} time series value'), other: l10n.t('{0} time series values') }),
        on,
      );
    case 'putEvents':
      return l10n.t(
        'Create or update {0} on "{1}"?',
        countText(count, { one: l10n.t('{0} event'), other: l10n.t('{0} events') }),
        on,
      );
    case 'deleteEvents':
      return l10n.t(
        'Delete {0} on "{1}"?',
        countText(count, { one: l10n.t('{0} event'), other: l10n.t('{0} events') }),
        on,
      );
    case 'uploadEventFiles':
      return l10n.t(
        'Upload {0} of events to "{1}"?',
        countText(write.files?.length ?? 0, { one: l10n.t('{0} file'), other: l10n.t('{0} files') }),
        on,
      );
    case 'createTicket':
      return l10n.t('Create the ticket "{0}" on "{1}"?', shownId(field(body, 'summary')), on);
    case 'patchTicket':
      return l10n.t('Send {0} to ticket {1} on "{2}"?', changes(count), last, on);
    case 'createTicketMetadata':
      return l10n.t(
        'Create the ticket {0} item "{1}" on "{2}"?',
        metadataKind(write.path),
        shownId(field(body, 'name')),
        on,
      );
    case 'renameTicketMetadata':
      return l10n.t('Rename the ticket {0} item {1} on "{2}"?', metadataKind(write.path), last, on);
    default:
      return l10n.t('Send {0} {1} to "{2}"?', write.method, stripControl(write.path), on);
  }
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function changes(count: number): string {
  return countText(count, { one: l10n.t('{0} change'), other: l10n.t('{0} changes') });
}

/** `/tickets/job-types/…` -> `job-types`. */
function metadataKind(path: string): string {
  return stripControl(path.split('/')[2] ?? '');
}

function field(body: unknown, key: string): string {
  const value =
    body && typeof body === 'object' && !Array.isArray(body) && Object.prototype.hasOwnProperty.call(body, key)
      ? (body as Record<string, unknown>)[key]
      : undefined;
  return typeof value === 'string' ? value : '?';
}

const MAX_ID_CHARS = 80;

function shownId(text: string): string {
  const safe = stripControl(text);
  return safe.length > MAX_ID_CHARS ? `${safe.slice(0, MAX_ID_CHARS - 1)}…` : safe;
}
