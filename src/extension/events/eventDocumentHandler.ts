// `buildingtwins:/<connection>/events/<id>.json`: an event as a document. Saving is an upsert
// (PUT /events with this one event, keyed by its id) after the same local checks as
// "Create or update events from JSON"; `id` cannot change and the service-managed dates are not sent.
import type { BuildingEvent } from '../../core/api/types';
import { stableJson } from '../documents/jsonText';
import type { LoadedResource, ResourceCall, ResourceHandler } from '../documents/resourceHandler';
import { eventTypesOf } from './eventTypesCache';
import { EventValidationError, validateEvents } from './eventValidation';

export const EVENT_DOCUMENT_KIND = 'events';
const EVENT_KEY_ORDER = ['id', 'name', 'eventTypeId', 'startTime', 'endTime', 'twinId', 'description', 'payloadVersion', 'payload'];
const SERVER_FIELDS = ['createdDate', 'lastModifiedDate'];

export function loadedEvent(event: BuildingEvent): LoadedResource {
  const text = stableJson(event, EVENT_KEY_ORDER);
  return { value: JSON.parse(text) as unknown, text };
}

function withoutServerFields(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SERVER_FIELDS.includes(k)));
}

export const eventDocumentHandler: ResourceHandler = {
  kind: EVENT_DOCUMENT_KIND,
  readonly: false,

  async read({ client, ref }) {
    return loadedEvent(await client.getEvent(ref.ids.join('/')));
  },

  async write({ ctx, client, ref }: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource> {
    const id = ref.ids.join('/');
    if (edited && typeof edited === 'object' && !Array.isArray(edited) && (edited as { id?: unknown }).id !== id) {
      throw new Error(`Event ${id}: "id" cannot be changed (found ${JSON.stringify((edited as { id?: unknown }).id)}). Nothing was sent.`);
    }
    const { events, problems } = validateEvents(edited, await eventTypesOf(ctx, ref.connection, client));
    if (Array.isArray(edited) || problems.length) throw new EventValidationError(Array.isArray(edited) ? ['An event document holds one event object, not an array.'] : problems);
    const body = withoutServerFields(events[0]);
    if (JSON.stringify(body) === JSON.stringify(withoutServerFields(loaded.value as object))) return loaded;
    const result = await client.putEvents([body as BuildingEvent]);
    ctx.log.info(`Event ${id} saved on "${ref.connection}": ${result.eventsCreatedCount} created, ${result.eventsUpdatedCount} updated`);
    return loadedEvent(await client.getEvent(id));
  },
};
