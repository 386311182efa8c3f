import type { BuildingEvent, EventsFileUploadResult, EventType } from '../../core/api/types';
import { COLLECTIONS } from '../collectionNames';
import { badRequest, notFound, validationFailed } from '../httpErrors';
import { requireArray } from '../requestFields';
import type { Router } from '../router';
import type { TwinGraph } from '../twins/twinGraph';
import { SAMPLE_EVENT_TYPES } from '../sample/sampleEvents';
import type { BatchEntity } from './batchFields';
import { runBatchQuery, sortBy } from './batchQuery';
import { readEventFile } from './eventFiles';
import { checkEvent, EVENT_FIELDS, upsertEvents } from './eventRecords';
import { parseMultipart } from './multipart';
import { PAGE_SIZES } from '../../core/api/serviceLimits';

const DEFAULT_EVENT_PAGE_SIZE = PAGE_SIZES.events.default;
const MAX_EVENT_PAGE_SIZE = PAGE_SIZES.events.max;
/** Newest first. */
const DEFAULT_SORT = [sortBy('startTime', true), sortBy('id')];
/** The fields an event can be filtered and sorted by (the docs' Event schema). */
const EVENT_ENTITY: BatchEntity = { fields: [...EVENT_FIELDS, 'createdDate', 'lastModifiedDate'] };

export function registerEventRoutes(router: Router, graph: TwinGraph): void {
  const store = graph.store;
  const events = store.collection<BuildingEvent>(COLLECTIONS.events);
  const types = store.collection<EventType>(COLLECTIONS.eventTypes);
  // The service defines the event types: without the sample the emulator still has them.
  if (types.size === 0)
    store.batch(() => SAMPLE_EVENT_TYPES.forEach((type) => types.put(String(type.id), { ...type })));

  router.add('POST', '/events', (ctx) => ({
    body: runBatchQuery(events.values(), ctx.body, {
      defaultPageSize: DEFAULT_EVENT_PAGE_SIZE,
      maxPageSize: MAX_EVENT_PAGE_SIZE,
      entity: EVENT_ENTITY,
      defaultSort: DEFAULT_SORT,
    }),
  }));

  router.add('PUT', '/events', (ctx) => {
    const items = requireArray(ctx.body);
    if (items.length === 0) throw badRequest('The body must be a non-empty JSON array of events.', '$');
    const checked: BuildingEvent[] = [];
    const errors: Record<string, string[]> = {};
    items.forEach((item, index) => {
      const result = checkEvent(item, types, graph);
      if (result.ok) checked.push(result.event);
      else
        for (const [name, message] of result.problems)
          (errors[name === '$' ? `[${index}]` : `[${index}].${name}`] ??= []).push(message);
    });
    if (Object.keys(errors).length > 0)
      throw validationFailed(errors, `${Object.keys(errors).length} problem(s) in the events; nothing was saved.`);
    return { body: store.batch(() => upsertEvents(events, checked, graph.isoNow())) };
  });

  router.add('DELETE', '/events', (ctx) => {
    const ids = requireArray(ctx.body);
    ids.forEach((id, index) => {
      if (typeof id !== 'string' || id === '')
        throw badRequest(`'[${index}]' must be an event id (a non-empty string).`, `[${index}]`);
    });
    const eventsDeletedCount = store.batch(() => (ids as string[]).filter((id) => events.delete(id)).length);
    return { body: { eventsDeletedCount } };
  });

  router.add('GET', '/events/types', () => ({ body: [...types.values()].sort((a, b) => a.id - b.id) }));

  router.add('GET', '/events/:eventId', (ctx) => {
    const event = events.get(ctx.params.eventId);
    if (!event) throw notFound(`Event '${ctx.params.eventId}' was not found.`);
    return { body: event };
  });

  router.add('POST', '/events/files', (ctx) => {
    const parts = parseMultipart(ctx.rawBody, ctx.contentType);
    const stray = parts.find((part) => part.name.toLowerCase() !== 'files');
    if (stray)
      throw badRequest(`Unexpected form field '${stray.name}': upload each file as a part named 'files'.`, stray.name);
    if (parts.length === 0) throw badRequest("No file was uploaded: send one or more parts named 'files'.", 'files');
    const typeList = [...types.values()];
    const result: EventsFileUploadResult = { eventsCreatedCount: 0, eventsUpdatedCount: 0, errors: [] };
    const valid: BuildingEvent[] = [];
    parts.forEach((part, index) => {
      const parsed = readEventFile(part, index, typeList);
      if (parsed.error) result.errors.push({ file: parsed.file, row: 0, message: parsed.error });
      for (const { row, item } of parsed.rows) {
        const checked = checkEvent(item, types, graph);
        if (checked.ok) valid.push(checked.event);
        else
          result.errors.push({
            file: parsed.file,
            row,
            message: checked.problems.map(([, message]) => message).join(' '),
          });
      }
    });
    if (valid.length > 0)
      Object.assign(
        result,
        store.batch(() => upsertEvents(events, valid, graph.isoNow())),
      );
    return { body: result };
  });
}
