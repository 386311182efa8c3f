// `buildingtwins:/<connection>/events/<id>.json`: an event as a document. Saving is an upsert
// (PUT /events with this one event, keyed by its id) after the same local checks as
// "Create or update events from JSON"; `id` cannot change and the service-managed dates are not sent. An event changed
// on the service since it was opened (another lastModifiedDate) offers Compare / Overwrite / Revert first.
import * as l10n from '@vscode/l10n';
import type { BuildingEvent } from '../../core/api/types';
import { withoutKeys } from '../documents/jsonText';
import { loadedResource, type LoadedResource, type ResourceCall, type ResourceHandler } from '../documents/resourceHandler';
import { EventValidationError, validateEvents } from './eventValidation';

export const EVENT_DOCUMENT_KIND = 'events';
const EVENT_KEY_ORDER = ['id', 'name', 'eventTypeId', 'startTime', 'endTime', 'twinId', 'description', 'payloadVersion', 'payload'];
const SERVER_FIELDS = ['createdDate', 'lastModifiedDate'];

export const eventDocumentHandler: ResourceHandler = {
  kind: EVENT_DOCUMENT_KIND,
  readonly: false,

  async read({ client, ref }) {
    return loadedResource(await client.getEvent(ref.ids.join('/')), EVENT_KEY_ORDER);
  },

  async write({ services, client, ref }: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource> {
    const id = ref.ids.join('/');
    if (edited && typeof edited === 'object' && !Array.isArray(edited) && (edited as { id?: unknown }).id !== id) {
      throw new Error(l10n.t('Event {0}: "id" cannot be changed (found {1}). Nothing was sent.', id, String(JSON.stringify((edited as { id?: unknown }).id))));
    }
    const { events, problems } = validateEvents(edited, await services.eventTypes.of(ref.connection, client));
    if (Array.isArray(edited) || problems.length) throw new EventValidationError(Array.isArray(edited) ? [l10n.t('An event document holds one event object, not an array.')] : problems);
    const body = withoutKeys(events[0], SERVER_FIELDS);
    if (JSON.stringify(body) === JSON.stringify(withoutKeys(loaded.value as object, SERVER_FIELDS))) return loaded;
    // The service stamps lastModifiedDate on every write: a different one now means someone changed the event meanwhile.
    const opened = (loaded.value as BuildingEvent).lastModifiedDate ?? null;
    const current = await client.getEvent(id);
    if ((current.lastModifiedDate ?? null) !== opened) {
      const choice = await services.writes.onServiceChange(ref, {
        subject: l10n.t('Event {0}', id),
        detail: l10n.t('You opened the version of {0}; the service now has {1}.', opened ?? l10n.t('unknown time'), current.lastModifiedDate ?? l10n.t('unknown time')),
        now: current.lastModifiedDate,
        serviceText: loadedResource(current, EVENT_KEY_ORDER).text,
      });
      if (choice === 'revert') return { ...loadedResource(current, EVENT_KEY_ORDER), reverted: true };
    }
    await services.writes.beforeSend(ref, { subject: l10n.t('event {0}', id), method: 'PUT', path: '/events', body: [body] }, loaded.text);
    const result = await client.putEvents([body as BuildingEvent]);
    services.log.info(`Event ${id} saved on "${ref.connection}": ${result.eventsCreatedCount} created, ${result.eventsUpdatedCount} updated`);
    return loadedResource(await client.getEvent(id), EVENT_KEY_ORDER);
  },
};
