// Saving a ticket document: the edited JSON becomes a JSON Patch of `replace` operations on the
// updatable properties of the ticket patch request, and every patch is checked against the
// contract's rules before anything is sent. Pure: no 'vscode'.
import { compare } from 'fast-json-patch';
import { TICKET_UPDATABLE_PROPERTIES, type JsonPatchOperation, type Ticket, type TicketUpdatableProperty } from '../../core/api/types';

/** Thrown when a ticket edit or patch breaks a rule; nothing is sent. */
export class TicketPatchError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nothing was sent: ${problems.join(' ')}`);
    this.name = 'TicketPatchError';
  }
}

const UPDATABLE_LIST = TICKET_UPDATABLE_PROPERTIES.join(', ');

/** Document fields edited as text that map one to one onto a patch property. */
const TEXT_FIELDS = ['summary', 'description', 'cause', 'solution', 'notes', 'assigneeName', 'dueDate'] as const;

/** Reference objects of the ticket whose `id` maps onto a patch property. */
const REFERENCE_FIELDS: Record<string, TicketUpdatableProperty> = {
  ticketStatus: 'statusId',
  ticketPriority: 'priorityId',
  category: 'categoryId',
  jobType: 'jobTypeId',
  serviceNeeded: 'serviceNeededId',
};
const REQUIRED_REFERENCES = new Set(['ticketStatus', 'ticketPriority']);

/**
 * Checks a JSON Patch for PATCH /tickets/{id}: only `replace`, only updatable paths, and no more
 * operations than updatable properties. Returns the operations typed; throws TicketPatchError listing every fault.
 */
export function checkTicketPatch(patch: unknown): JsonPatchOperation[] {
  if (!Array.isArray(patch)) throw new TicketPatchError(['A ticket patch must be a JSON array of operations.']);
  if (patch.length === 0) throw new TicketPatchError(['The patch has no operations.']);
  const problems: string[] = [];
  if (patch.length > TICKET_UPDATABLE_PROPERTIES.length) {
    problems.push(
      `The patch has ${patch.length} operations; a ticket patch may have at most ${TICKET_UPDATABLE_PROPERTIES.length}, the number of updatable properties.`,
    );
  }
  patch.forEach((op: unknown, i) => {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) {
      problems.push(`Operation [${i}] must be an object with "op", "path" and "value".`);
      return;
    }
    const { op: kind, path } = op as Record<string, unknown>;
    if (kind !== 'replace') problems.push(`Operation [${i}] is "${String(kind)}": only "replace" operations are allowed in a ticket patch.`);
    const property = typeof path === 'string' && path.startsWith('/') ? path.slice(1) : undefined;
    if (!property || !(TICKET_UPDATABLE_PROPERTIES as readonly string[]).includes(property)) {
      problems.push(`Operation [${i}] path ${JSON.stringify(path)} is not an updatable ticket property (updatable: ${UPDATABLE_LIST}).`);
    }
    if (!('value' in (op as object))) problems.push(`Operation [${i}] has no "value".`);
  });
  if (problems.length) throw new TicketPatchError(problems);
  return patch as JsonPatchOperation[];
}

/**
 * The patch that turns `original` into the edited ticket document. Text fields map to themselves,
 * reference objects map through their `id` (`ticketStatus.id` -> `statusId`, `category.id` -> `categoryId`, …);
 * their other keys (names, colours) are display-only. Any other change is refused.
 * Returns [] when nothing updatable changed.
 */
export function ticketDocumentPatch(original: Ticket, edited: unknown): JsonPatchOperation[] {
  if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
    throw new TicketPatchError(['The ticket document must be a JSON object.']);
  }
  const doc = edited as Record<string, unknown>;
  const before = original as Record<string, unknown>;
  const problems: string[] = [];
  const values = new Map<TicketUpdatableProperty, unknown>();

  for (const field of TEXT_FIELDS) {
    if (sameJson(before[field], doc[field])) continue;
    if (!(field in doc)) {
      problems.push(`Removing "${field}" is not allowed: a ticket patch can only replace values (set it to null instead).`);
      continue;
    }
    const fault = textFault(field, doc[field]);
    if (fault) problems.push(fault);
    else values.set(field, doc[field]);
  }

  const changedReferences = new Set<string>();
  for (const [field, property] of Object.entries(REFERENCE_FIELDS)) {
    const oldId = referenceId(before[field]);
    if (!(field in doc)) {
      if (field in before) problems.push(`Removing "${field}" is not allowed: a ticket patch can only replace values${REQUIRED_REFERENCES.has(field) ? '' : ' (set it to null instead)'}.`);
      continue;
    }
    const value = doc[field];
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      problems.push(`"${field}" must be an object with an "id"${REQUIRED_REFERENCES.has(field) ? '' : ', or null'}.`);
      continue;
    }
    const newId = referenceId(value);
    if (newId === oldId) continue;
    changedReferences.add(field);
    if (newId === null && REQUIRED_REFERENCES.has(field)) problems.push(`"${field}.id" is required: a ticket always has a ${field === 'ticketStatus' ? 'status' : 'priority'}.`);
    else if (newId !== null && (typeof newId !== 'string' || !newId)) problems.push(`"${field}.id" must be a non-empty string.`);
    else values.set(property, newId);
  }

  for (const op of compare(before, doc)) {
    const top = decodePointer(op.path)[0] ?? '';
    if ((TEXT_FIELDS as readonly string[]).includes(top) || changedReferences.has(top)) continue;
    if (top in REFERENCE_FIELDS) {
      if (op.path === `/${top}` && op.op === 'remove') continue; // reported above
      problems.push(`"${op.path.slice(1).replace(/\//g, '.')}" is display-only; to change the ${top}, change "${top}.id".`);
    } else {
      problems.push(`"${top}" cannot be changed: it is not an updatable ticket field (updatable: ${UPDATABLE_LIST}).`);
    }
  }
  if (problems.length) throw new TicketPatchError(unique(problems));

  const patch = TICKET_UPDATABLE_PROPERTIES.filter((p) => values.has(p)).map((p) => ({ op: 'replace', path: `/${p}`, value: values.get(p) }));
  return patch.length ? checkTicketPatch(patch) : [];
}

function textFault(field: (typeof TEXT_FIELDS)[number], value: unknown): string | undefined {
  if (field === 'summary') {
    return typeof value === 'string' && value.trim() ? undefined : '"summary" must be a non-empty string.';
  }
  if (value !== null && typeof value !== 'string') return `"${field}" must be a string or null.`;
  if (field === 'dueDate' && typeof value === 'string' && Number.isNaN(Date.parse(value))) {
    return `"dueDate" must be an ISO 8601 date-time such as 2024-10-01T12:00:00Z, or null.`;
  }
  return undefined;
}

function referenceId(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, unknown>).id ?? null;
  return value;
}

function decodePointer(pointer: string): string[] {
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
