import { randomUUID } from 'node:crypto';
import type { TicketMetadataItem, TicketMetadataKind, TicketPriority, TicketStatus } from '../../core/api/types';
import { COLLECTIONS } from '../collectionNames';
import { badRequest, conflict, HttpError, notFound } from '../httpErrors';
import { field, isObject, requireObject } from '../requestFields';
import type { Router } from '../router';
import type { Collection, Store } from '../store/store';
import { DEFAULT_SAMPLE_SEED } from '../sample/sampleBuilding';
import { buildTicketLists } from '../sample/sampleTickets';
import type { BatchEntity } from './batchFields';
import { runBatchQuery, sortBy } from './batchQuery';
import { PAGE_SIZES } from '../../core/api/serviceLimits';

const DEFAULT_METADATA_PAGE_SIZE = PAGE_SIZES.ticketMetadata.default;
const MAX_METADATA_PAGE_SIZE = PAGE_SIZES.ticketMetadata.max;
const MAX_NAME_LENGTH = 200;
const METADATA_ENTITY: BatchEntity = { fields: ['id', 'name'] };

/** The editable metadata lists, by path segment. */
const METADATA_COLLECTIONS: Record<TicketMetadataKind, { collection: string; label: string }> = {
  categories: { collection: COLLECTIONS.ticketCategories, label: 'category' },
  'job-types': { collection: COLLECTIONS.ticketJobTypes, label: 'job type' },
  'service-needed': { collection: COLLECTIONS.ticketServicesNeeded, label: 'service needed' },
};

/** Methods served on `/tickets/{segment}` for the reserved segments, so `/tickets/{ticketId}` routes can answer 405. */
const RESERVED_SEGMENTS: Record<string, string[]> = {
  status: ['GET'],
  priorities: ['GET'],
  categories: ['POST', 'PUT'],
  'job-types': ['POST', 'PUT'],
  'service-needed': ['POST', 'PUT'],
};

/** Throws 405 when a `/tickets/{ticketId}` request actually names a metadata list (e.g. PATCH /tickets/status). */
export function rejectReservedTicketSegment(method: string, segment: string): void {
  // Own keys only: a ticket id such as "constructor" must not find Object.prototype's members.
  const allowed = Object.hasOwn(RESERVED_SEGMENTS, segment) ? RESERVED_SEGMENTS[segment] : undefined;
  if (allowed)
    throw new HttpError(
      405,
      `Method ${method} is not allowed on /tickets/${segment}; allowed: ${allowed.join(', ')}.`,
      undefined,
      { headers: { Allow: allowed.join(', ') } },
    );
}

function checkName(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw badRequest(`'${path}' is required and must be a non-empty string.`, path);
  const name = value.trim();
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`'${path}' must be at most ${MAX_NAME_LENGTH} characters.`, path);
  return name;
}

function rejectDuplicate(items: Collection<TicketMetadataItem>, name: string, label: string, exceptId?: string): void {
  const lower = name.toLowerCase();
  for (const item of items.values()) {
    if (item.id !== exceptId && item.name.toLowerCase() === lower)
      throw conflict(`A ${label} named '${item.name}' already exists (id ${item.id}).`);
  }
}

/** The new name from `[{ op: 'replace', path: '/name', value }]` or `{ name }`. */
function renameValue(body: unknown): string {
  if (Array.isArray(body)) {
    if (body.length !== 1)
      throw badRequest("The patch must hold exactly one operation: { op: 'replace', path: '/name', value }.", '$');
    const op = body[0];
    if (!isObject(op)) throw badRequest("'[0]' must be a JSON Patch operation object.", '[0]');
    const kind = field(op, 'op');
    if (typeof kind !== 'string' || kind.toLowerCase() !== 'replace')
      throw badRequest(`Only 'replace' is allowed; got '${String(kind)}'.`, '[0].op');
    const path = field(op, 'path');
    if (typeof path !== 'string' || path.toLowerCase() !== '/name')
      throw badRequest(`Only '/name' can be replaced; got '${String(path)}'.`, '[0].path');
    return checkName(field(op, 'value'), '[0].value');
  }
  return checkName(field(requireObject(body), 'name'), 'name');
}

export function registerTicketMetadataRoutes(router: Router, store: Store): void {
  for (const [kind, { collection, label }] of Object.entries(METADATA_COLLECTIONS)) {
    const items = store.collection<TicketMetadataItem>(collection);

    router.add('POST', `/tickets/${kind}`, (ctx) => ({
      body: runBatchQuery(items.values(), ctx.body, {
        defaultPageSize: DEFAULT_METADATA_PAGE_SIZE,
        maxPageSize: MAX_METADATA_PAGE_SIZE,
        entity: METADATA_ENTITY,
        defaultSort: [sortBy('name'), sortBy('id')],
      }),
    }));

    router.add('PUT', `/tickets/${kind}`, (ctx) => {
      const name = checkName(field(requireObject(ctx.body), 'name'), 'name');
      return store.batch(() => {
        rejectDuplicate(items, name, label);
        const item: TicketMetadataItem = { id: randomUUID(), name };
        items.put(item.id, item);
        return { body: item };
      });
    });

    router.add('PATCH', `/tickets/${kind}/:id`, (ctx) => {
      const existing = items.get(ctx.params.id);
      if (!existing) throw notFound(`No ${label} with id '${ctx.params.id}'.`);
      const name = renameValue(ctx.body);
      return store.batch(() => {
        rejectDuplicate(items, name, label, existing.id);
        const item: TicketMetadataItem = { ...existing, name };
        items.put(item.id, item);
        return { body: item };
      });
    });
  }

  const statuses = store.collection<TicketStatus>(COLLECTIONS.ticketStatuses);
  const priorities = store.collection<TicketPriority>(COLLECTIONS.ticketPriorities);
  // The service defines these lists: without the sample the emulator still has them.
  if (statuses.size === 0 || priorities.size === 0) {
    const lists = buildTicketLists(DEFAULT_SAMPLE_SEED);
    store.batch(() => {
      if (statuses.size === 0) for (const status of lists.statuses) statuses.put(status.id, status);
      if (priorities.size === 0) for (const priority of lists.priorities) priorities.put(priority.id, priority);
    });
  }
  router.add('GET', '/tickets/status', () => ({ body: [...statuses.values()] }));
  router.add('GET', '/tickets/priorities', () => ({ body: [...priorities.values()] }));
}
