// Saving a ticket document: the edited JSON becomes a JSON Patch of `replace` operations on the
// updatable properties of the ticket patch request; edits the patch rules cannot express are refused
// here, and the patch itself passes the client's checkTicketPatch before anything is sent. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { compare } from 'fast-json-patch';
import { checkTicketPatch } from '../../core/api/requestChecks';
import { TICKET_REFERENCE_PROPERTIES } from './ticketReferenceTarget';
import {
  TICKET_UPDATABLE_PROPERTIES,
  type JsonPatchOperation,
  type Ticket,
  type TicketUpdatableProperty,
} from '../../core/api/types';

/** Thrown when a ticket edit or patch breaks a rule; nothing is sent. */
export class TicketPatchError extends Error {
  constructor(readonly problems: string[]) {
    super(l10n.t('Nothing was sent: {0}', problems.join(' ')));
    this.name = 'TicketPatchError';
  }
}

/** Reference objects of the ticket whose `id` maps onto a patch property. */
const REFERENCE_FIELDS: Record<string, TicketUpdatableProperty> = TICKET_REFERENCE_PROPERTIES;

/** Document fields edited as text that map one to one onto a patch property: every other updatable property. */
const TEXT_FIELDS = TICKET_UPDATABLE_PROPERTIES.filter((p) => !Object.values(REFERENCE_FIELDS).includes(p));
const REQUIRED_REFERENCES = new Set(['ticketStatus', 'ticketPriority']);
/**
 * Kept by the service and changed by every save; an editor still showing the previous values
 * (VS Code keeps the saved text, not the service's answer) must not count as an edit.
 */
const SERVER_FIELDS = ['createdDate', 'updatedDate', 'attachments'];

/** Where each updatable patch property is edited in the ticket document. */
export const TICKET_DOCUMENT_FIELDS: Record<TicketUpdatableProperty, string> = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, f])) as Record<string, string>),
  ...(Object.fromEntries(
    Object.entries(REFERENCE_FIELDS).map(([field, property]) => [property, `${field}.id`]),
  ) as Record<string, string>),
} as Record<TicketUpdatableProperty, string>;
const EDITABLE_LIST = Object.values(TICKET_DOCUMENT_FIELDS).join(', ');

/**
 * The patch that turns `original` into the edited ticket document. Text fields map to themselves,
 * reference objects map through their `id` (`ticketStatus.id` -> `statusId`, `category.id` -> `categoryId`, …);
 * their other keys (names, colours) are display-only and ignored, like the service-kept dates and
 * attachments. Any other change (id, twin, insight, location, new keys) is refused.
 * Returns [] when nothing updatable changed.
 */
export function ticketDocumentPatch(original: Ticket, edited: unknown): JsonPatchOperation[] {
  if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
    throw new TicketPatchError([l10n.t('The ticket document must be a JSON object.')]);
  }
  const doc = edited as Record<string, unknown>;
  const before = original as Record<string, unknown>;
  const problems: string[] = [];
  const values = new Map<TicketUpdatableProperty, unknown>();

  for (const field of TEXT_FIELDS) {
    if (sameJson(before[field], doc[field])) continue;
    if (!(field in doc)) {
      problems.push(
        l10n.t(
          'Removing "{0}" is not allowed: a ticket patch can only replace values (set it to null instead).',
          field,
        ),
      );
      continue;
    }
    const fault = textFault(field, doc[field]);
    if (fault) problems.push(fault);
    else values.set(field, doc[field]);
  }

  for (const [field, property] of Object.entries(REFERENCE_FIELDS)) {
    const oldId = referenceId(before[field]);
    if (!(field in doc)) {
      if (field in before) {
        problems.push(
          REQUIRED_REFERENCES.has(field)
            ? l10n.t('Removing "{0}" is not allowed: a ticket patch can only replace values.', field)
            : l10n.t(
                'Removing "{0}" is not allowed: a ticket patch can only replace values (set it to null instead).',
                field,
              ),
        );
      }
      continue;
    }
    const value = doc[field];
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      problems.push(
        REQUIRED_REFERENCES.has(field)
          ? l10n.t('"{0}" must be an object with an "id".', field)
          : l10n.t('"{0}" must be an object with an "id", or null.', field),
      );
      continue;
    }
    const newId = referenceId(value);
    if (newId === oldId) continue;
    if (newId === null && REQUIRED_REFERENCES.has(field)) {
      problems.push(
        field === 'ticketStatus'
          ? l10n.t('"{0}.id" is required: a ticket always has a status.', field)
          : l10n.t('"{0}.id" is required: a ticket always has a priority.', field),
      );
    } else if (newId !== null && (typeof newId !== 'string' || !newId))
      problems.push(l10n.t('"{0}.id" must be a non-empty string.', field));
    else values.set(property, newId);
  }

  for (const op of compare(before, doc)) {
    const top = decodePointer(op.path)[0] ?? '';
    if ((TEXT_FIELDS as readonly string[]).includes(top) || top in REFERENCE_FIELDS || SERVER_FIELDS.includes(top))
      continue;
    problems.push(
      l10n.t('"{0}" cannot be changed: it is not an updatable ticket field (editable: {1}).', top, EDITABLE_LIST),
    );
  }
  if (problems.length) throw new TicketPatchError(unique(problems));

  const patch: JsonPatchOperation[] = TICKET_UPDATABLE_PROPERTIES.filter((p) => values.has(p)).map((p) => ({
    op: 'replace',
    path: `/${p}`,
    value: values.get(p),
  }));
  if (patch.length) checkTicketPatch(patch);
  return patch;
}

function textFault(field: (typeof TEXT_FIELDS)[number], value: unknown): string | undefined {
  if (field === 'summary') {
    return typeof value === 'string' && value.trim() ? undefined : l10n.t('"summary" must be a non-empty string.');
  }
  if (value !== null && typeof value !== 'string') return l10n.t('"{0}" must be a string or null.', field);
  if (field === 'dueDate' && typeof value === 'string' && Number.isNaN(Date.parse(value))) {
    return l10n.t('"dueDate" must be an ISO 8601 date-time such as 2024-10-01T12:00:00Z, or null.');
  }
  return undefined;
}

function referenceId(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, unknown>).id ?? null;
  return value;
}

function decodePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
