// `buildingtwins:/<connection>/events/<id>.json`: an event as a document. Saving is an upsert
// (PUT /events with this one event, keyed by its id) after the same local checks as
// "Create or update events from JSON"; `id` cannot change and the service-managed dates are not sent. An event changed
// on the service since it was opened (another lastModifiedDate) offers Compare / Overwrite / Revert first. The document
// shows the type's name and the payload as JSON (eventDocumentView.ts); its value stays the event as the service has it.
import * as l10n from '@vscode/l10n';
import type { BuildingEvent, EventType } from '../../core/api/types';
import { isDeepStrictEqual } from 'node:util';
import { stableJson, withoutKeys } from '../documents/jsonText';
import { type LoadedResource, type ResourceCall, type ResourceHandler } from '../documents/resourceHandler';
import type { EventTypesCache } from './eventTypesCache';
import { EVENT_TYPE_NAME_KEY, eventFromView, eventView } from './eventDocumentView';
import { EventValidationError, validateEvents } from './eventValidation';

export const EVENT_DOCUMENT_KIND = 'events';
const EVENT_KEY_ORDER = [
  'id',
  'name',
  'eventTypeId',
  EVENT_TYPE_NAME_KEY,
  'startTime',
  'endTime',
  'twinId',
  'description',
  'payloadVersion',
  'payload',
];
const SERVER_FIELDS = ['createdDate', 'lastModifiedDate'];

/** The event as the service has it (value) and as its document reads (text). */
function loadedEvent(event: BuildingEvent, types: readonly EventType[]): LoadedResource {
  return { value: event, text: stableJson(eventView(event, types), EVENT_KEY_ORDER) };
}

/** The events document handler, reading event types from `eventTypes` (cached per connection). */
export const eventDocumentHandler = (eventTypes: Pick<EventTypesCache, 'of'>): ResourceHandler => ({
  kind: EVENT_DOCUMENT_KIND,
  readonly: false,

  async read({ client, ref }) {
    const [event, types] = await Promise.all([
      client.getEvent(ref.ids.join('/')),
      eventTypes.of(ref.connection, client),
    ]);
    return loadedEvent(event, types);
  },

  async write(
    { services, client, ref }: ResourceCall,
    edited: unknown,
    loaded: LoadedResource,
  ): Promise<LoadedResource> {
    const id = ref.ids.join('/');
    if (edited && typeof edited === 'object' && !Array.isArray(edited) && (edited as { id?: unknown }).id !== id) {
      throw new Error(
        l10n.t(
          'Event {0}: "id" cannot be changed (found {1}). Nothing was sent.',
          id,
          String(JSON.stringify((edited as { id?: unknown }).id)),
        ),
      );
    }
    const types = await eventTypes.of(ref.connection, client);
    const view = eventFromView(edited, loaded.value as BuildingEvent, types);
    const { events, problems } = validateEvents(view.event, types);
    if (Array.isArray(edited) || problems.length || view.problems.length)
      throw new EventValidationError(
        Array.isArray(edited)
          ? [l10n.t('An event document holds one event object, not an array.')]
          : [...view.problems, ...problems],
      );
    const body = withoutKeys(events[0], SERVER_FIELDS);
    if (isDeepStrictEqual(body, withoutKeys(loaded.value as object, SERVER_FIELDS))) return loaded;
    // The service stamps lastModifiedDate on every write: a different one now means someone changed the event meanwhile.
    const opened = (loaded.value as BuildingEvent).lastModifiedDate ?? null;
    const current = await client.getEvent(id);
    if ((current.lastModifiedDate ?? null) !== opened) {
      const choice = await services.writes.onServiceChange(ref, {
        subject: l10n.t('Event {0}', id),
        detail: l10n.t(
          'You opened the version of {0}; the service now has {1}.',
          opened ?? l10n.t('unknown time'),
          current.lastModifiedDate ?? l10n.t('unknown time'),
        ),
        now: current.lastModifiedDate,
        serviceText: loadedEvent(current, types).text,
      });
      if (choice === 'revert') return { ...loadedEvent(current, types), reverted: true };
    }
    await services.writes.beforeSend(
      ref,
      { subject: l10n.t('event {0}', id), method: 'PUT', path: '/events', body: [body] },
      loaded.text,
    );
    const result = await client.putEvents([body as BuildingEvent]);
    services.log.info(
      `Event ${id} saved on "${ref.connection}": ${result.eventsCreatedCount} created, ${result.eventsUpdatedCount} updated`,
    );
    return loadedEvent(await client.getEvent(id), types);
  },
});
