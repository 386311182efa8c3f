import { randomUUID } from 'node:crypto';
import {
  TICKET_UPDATABLE_PROPERTIES,
  type Insight,
  type Ticket,
  type TicketAttachment,
  type TicketMetadataItem,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdatableProperty,
} from '../../core/api/types';
import { COLLECTIONS } from '../collectionNames';
import { badRequest, HttpError, notFound, validationFailed } from '../httpErrors';
import { canonicalGuid } from '../../core/api/guid';
import { field, isObject, parseDateTime, requireArray, requireObject, type JsonObject } from '../requestFields';
import type { Router } from '../router';
import type { Collection } from '../store/store';
import type { TwinGraph } from '../twins/twinGraph';
import type { BatchEntity } from './batchFields';
import { runBatchQuery, sortBy } from './batchQuery';
import { rejectReservedTicketSegment } from './ticketMetadataRoutes';
import { PAGE_SIZES } from '../../core/api/serviceLimits';

const DEFAULT_TICKET_PAGE_SIZE = PAGE_SIZES.tickets.default;
const MAX_TICKET_PAGE_SIZE = PAGE_SIZES.tickets.max;
const DEFAULT_SORT = [sortBy('createdDate', true), sortBy('id')];
/** The fields a ticket can be filtered and sorted by: those it is read with. */
const TICKET_ENTITY: BatchEntity = {
  fields: [
    'id',
    'summary',
    'description',
    'ticketStatus',
    'ticketPriority',
    'category',
    'jobType',
    'serviceNeeded',
    'createdDate',
    'updatedDate',
    'attachments',
    'cause',
    'solution',
    'notes',
    'twinId',
    'insightId',
    'insightName',
    'latitude',
    'longitude',
    'assigneeName',
    'dueDate',
    'externalId',
  ],
};
const TEXT_FIELDS = ['description', 'cause', 'solution', 'notes', 'insightName', 'assigneeName', 'externalId'] as const;
const PROPERTY_BY_LOWER = new Map<string, TicketUpdatableProperty>(
  TICKET_UPDATABLE_PROPERTIES.map((p) => [p.toLowerCase(), p]),
);

/** A stored attachment: metadata plus the bytes (base64, so the store stays JSON). */
export interface StoredAttachment {
  ticketId: string;
  attachment: TicketAttachment;
  contentBase64: string;
}

class TicketReferences {
  readonly statuses: Collection<TicketStatus>;
  readonly priorities: Collection<TicketPriority>;
  readonly categories: Collection<TicketMetadataItem>;
  readonly jobTypes: Collection<TicketMetadataItem>;
  readonly servicesNeeded: Collection<TicketMetadataItem>;
  readonly insights: Collection<Insight>;

  constructor(readonly graph: TwinGraph) {
    const store = graph.store;
    this.statuses = store.collection(COLLECTIONS.ticketStatuses);
    this.priorities = store.collection(COLLECTIONS.ticketPriorities);
    this.categories = store.collection(COLLECTIONS.ticketCategories);
    this.jobTypes = store.collection(COLLECTIONS.ticketJobTypes);
    this.servicesNeeded = store.collection(COLLECTIONS.ticketServicesNeeded);
    this.insights = store.collection(COLLECTIONS.insights);
  }

  /** The default status ("Open", else the first) and priority ("medium" level, else the first). */
  defaults(): { status: TicketStatus; priority: TicketPriority } {
    const statuses = [...this.statuses.values()];
    const priorities = [...this.priorities.values()];
    const status = statuses.find((s) => s.name?.toLowerCase() === 'open') ?? statuses[0];
    const priority = priorities.find((p) => p.priorityLevel === 'medium') ?? priorities[0];
    if (!status || !priority) throw new HttpError(500, 'The emulator has no ticket statuses or priorities loaded.');
    return { status, priority };
  }

  /** The ticket with its status, priority and metadata refreshed (renamed metadata shows at once). */
  toWire(ticket: Ticket): Ticket {
    const fresh = <T extends { id: string }>(item: T | null | undefined, from: Collection<T>): T | null | undefined =>
      item ? (from.get(item.id) ?? item) : item;
    return {
      ...ticket,
      ticketStatus: fresh(ticket.ticketStatus, this.statuses) ?? ticket.ticketStatus,
      ticketPriority: fresh(ticket.ticketPriority, this.priorities) ?? ticket.ticketPriority,
      category: fresh(ticket.category, this.categories),
      jobType: fresh(ticket.jobType, this.jobTypes),
      serviceNeeded: fresh(ticket.serviceNeeded, this.servicesNeeded),
    };
  }
}

type Problems = Record<string, string[]>;
const note = (problems: Problems, path: string, message: string) => (problems[path] ??= []).push(message);

function text(value: unknown, path: string, problems: Problems, required = false): string | null {
  if (value === undefined || value === null) {
    if (required) note(problems, path, `'${path}' is required.`);
    return null;
  }
  if (typeof value !== 'string') note(problems, path, `'${path}' must be a string${required ? '' : ' or null'}.`);
  else if (required && value.trim() === '') note(problems, path, `'${path}' must not be empty.`);
  else return value;
  return null;
}

function reference<T>(
  value: unknown,
  path: string,
  from: Collection<T>,
  label: string,
  problems: Problems,
  nullable: boolean,
): T | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) {
    if (!nullable) note(problems, path, `'${path}' cannot be null.`);
    return null;
  }
  if (typeof value !== 'string' || value === '') {
    note(problems, path, `'${path}' must be a ${label} id.`);
    return undefined;
  }
  const item = from.get(value);
  if (!item) note(problems, path, `No ${label} with id '${value}'.`);
  return item;
}

function coordinate(value: unknown, path: string, limit: number, problems: Problems): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    note(problems, path, `'${path}' must be a number between -${limit} and ${limit}.`);
    return null;
  }
  return value;
}

function dueDate(value: unknown, path: string, problems: Problems): string | null {
  if (value === undefined || value === null) return null;
  try {
    return new Date(parseDateTime(value, path)).toISOString();
  } catch (err) {
    note(problems, path, err instanceof HttpError ? err.detail : String(err));
    return null;
  }
}

/** Builds a ticket from a CreateTicketRequest; 400 naming every bad field. */
function createTicket(body: unknown, refs: TicketReferences, now: string): { ticket: Ticket; insight?: Insight } {
  const request = requireObject(body);
  const problems: Problems = {};
  const summary = text(field(request, 'summary'), 'summary', problems, true);
  const texts = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(field(request, name), name, problems)]));
  const twinId = text(field(request, 'twinId'), 'twinId', problems);
  if (twinId !== null && !refs.graph.getTwin(twinId)) note(problems, 'twinId', `Twin '${twinId}' does not exist.`);
  const insight = reference(field(request, 'insightId'), 'insightId', refs.insights, 'insight', problems, true);
  const defaults = refs.defaults();
  const status = reference(field(request, 'statusId'), 'statusId', refs.statuses, 'ticket status', problems, true);
  const priority = reference(
    field(request, 'priorityId'),
    'priorityId',
    refs.priorities,
    'ticket priority',
    problems,
    true,
  );
  const category = reference(field(request, 'categoryId'), 'categoryId', refs.categories, 'category', problems, true);
  const jobType = reference(field(request, 'jobTypeId'), 'jobTypeId', refs.jobTypes, 'job type', problems, true);
  const serviceNeeded = reference(
    field(request, 'serviceNeededId'),
    'serviceNeededId',
    refs.servicesNeeded,
    'service needed',
    problems,
    true,
  );
  const latitude = coordinate(field(request, 'latitude'), 'latitude', 90, problems);
  const longitude = coordinate(field(request, 'longitude'), 'longitude', 180, problems);
  const due = dueDate(field(request, 'dueDate'), 'dueDate', problems);
  if (Object.keys(problems).length > 0)
    throw validationFailed(problems, 'The ticket was not created: ' + Object.values(problems).flat().join(' '));
  const ticket: Ticket = {
    id: randomUUID(),
    summary,
    description: texts.description,
    cause: texts.cause,
    solution: texts.solution,
    notes: texts.notes,
    twinId,
    insightId: insight?.id ?? null,
    insightName: texts.insightName ?? insight?.name ?? null,
    latitude,
    longitude,
    ticketStatus: status ?? defaults.status,
    ticketPriority: priority ?? defaults.priority,
    category: category ?? null,
    jobType: jobType ?? null,
    serviceNeeded: serviceNeeded ?? null,
    assigneeName: texts.assigneeName,
    dueDate: due,
    externalId: texts.externalId,
    createdDate: now,
    updatedDate: now,
    attachments: [],
  };
  return { ticket, insight: insight ?? undefined };
}

/** Applies a replace-only JSON Patch on the updatable properties; 400 (and nothing changed) on any bad operation. */
function patchTicket(ticket: Ticket, body: unknown, refs: TicketReferences, now: string): Ticket {
  const operations = requireArray(body);
  const limit = TICKET_UPDATABLE_PROPERTIES.length;
  if (operations.length > limit) {
    throw badRequest(
      `A ticket patch may hold at most ${limit} operations (one per updatable property); got ${operations.length}.`,
      '$',
    );
  }
  const problems: Problems = {};
  const next: Ticket = { ...ticket };
  operations.forEach((operation, index) => {
    const at = `[${index}]`;
    if (!isObject(operation)) return note(problems, at, `'${at}' must be a JSON Patch operation object.`);
    const op = field(operation, 'op');
    if (typeof op !== 'string' || op.toLowerCase() !== 'replace')
      return note(problems, `${at}.op`, `Only 'replace' operations are allowed on tickets; got '${String(op)}'.`);
    const path = field(operation, 'path');
    const property =
      typeof path === 'string' ? PROPERTY_BY_LOWER.get(path.replace(/^\//, '').toLowerCase()) : undefined;
    if (!property)
      return note(
        problems,
        `${at}.path`,
        `'${String(path)}' is not an updatable ticket property; allowed: ${TICKET_UPDATABLE_PROPERTIES.map((p) => `/${p}`).join(', ')}.`,
      );
    applyProperty(next, property, operation, `${at}.value`, refs, problems);
  });
  if (Object.keys(problems).length > 0)
    throw validationFailed(problems, 'The ticket was not changed: ' + Object.values(problems).flat().join(' '));
  next.updatedDate = now;
  return next;
}

function applyProperty(
  ticket: Ticket,
  property: TicketUpdatableProperty,
  operation: JsonObject,
  path: string,
  refs: TicketReferences,
  problems: Problems,
): void {
  const value = field(operation, 'value');
  const before = Object.keys(problems).length;
  switch (property) {
    case 'summary': {
      const summary = text(value, path, problems, true);
      if (summary !== null) ticket.summary = summary;
      return;
    }
    case 'statusId': {
      const status = reference(value, path, refs.statuses, 'ticket status', problems, false);
      if (status) ticket.ticketStatus = status;
      return;
    }
    case 'priorityId': {
      const priority = reference(value, path, refs.priorities, 'ticket priority', problems, false);
      if (priority) ticket.ticketPriority = priority;
      return;
    }
    case 'categoryId':
      ticket.category = reference(value ?? null, path, refs.categories, 'category', problems, true) ?? null;
      return;
    case 'jobTypeId':
      ticket.jobType = reference(value ?? null, path, refs.jobTypes, 'job type', problems, true) ?? null;
      return;
    case 'serviceNeededId':
      ticket.serviceNeeded =
        reference(value ?? null, path, refs.servicesNeeded, 'service needed', problems, true) ?? null;
      return;
    case 'dueDate':
      ticket.dueDate = dueDate(value, path, problems);
      return;
    default: {
      const updated = text(value, path, problems);
      if (Object.keys(problems).length === before) ticket[property] = updated;
    }
  }
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerTicketRoutes(router: Router, graph: TwinGraph): void {
  const store = graph.store;
  const tickets = store.collection<Ticket>(COLLECTIONS.tickets);
  const attachments = store.collection<StoredAttachment>(COLLECTIONS.ticketAttachments);
  const refs = new TicketReferences(graph);
  // The id is a Guid route value: not a GUID is a model-binding 400, not a 404.
  const requireTicket = (raw: string): Ticket => {
    const id = canonicalGuid(raw);
    if (!id) throw badRequest(`The value '${raw}' is not valid.`, 'ticketId');
    const ticket = tickets.get(id);
    if (!ticket) throw notFound(`Ticket '${raw}' was not found.`);
    return ticket;
  };

  router.add('POST', '/tickets', (ctx) => ({
    body: runBatchQuery(
      [...tickets.values()].map((t) => refs.toWire(t)),
      ctx.body,
      {
        defaultPageSize: DEFAULT_TICKET_PAGE_SIZE,
        maxPageSize: MAX_TICKET_PAGE_SIZE,
        entity: TICKET_ENTITY,
        defaultSort: DEFAULT_SORT,
      },
    ),
  }));

  router.add('PUT', '/tickets', (ctx) => {
    const { ticket, insight } = createTicket(ctx.body, refs, graph.isoNow());
    store.batch(() => {
      tickets.put(ticket.id, ticket);
      if (insight) refs.insights.put(insight.id, { ...insight, ticketIds: [...(insight.ticketIds ?? []), ticket.id] });
    });
    return { body: refs.toWire(ticket) };
  });

  router.add('GET', '/tickets/:ticketId', (ctx) => {
    rejectReservedTicketSegment('GET', ctx.params.ticketId);
    return { body: refs.toWire(requireTicket(ctx.params.ticketId)) };
  });

  router.add('PATCH', '/tickets/:ticketId', (ctx) => {
    rejectReservedTicketSegment('PATCH', ctx.params.ticketId);
    const updated = patchTicket(refs.toWire(requireTicket(ctx.params.ticketId)), ctx.body, refs, graph.isoNow());
    store.batch(() => tickets.put(updated.id, updated));
    return { body: updated };
  });

  router.add('GET', '/tickets/:ticketId/attachments/:attachmentId', (ctx) => {
    const ticket = requireTicket(ctx.params.ticketId);
    const stored = attachments.get(`${ticket.id}/${ctx.params.attachmentId}`);
    if (!stored) throw notFound(`Ticket '${ticket.id}' has no attachment '${ctx.params.attachmentId}'.`);
    return {
      raw: {
        content: Buffer.from(stored.contentBase64, 'base64'),
        contentType: stored.attachment.contentType || 'application/octet-stream',
      },
      headers: { 'Content-Disposition': contentDisposition(stored.attachment.fileName) },
    };
  });
}
