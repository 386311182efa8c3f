import { randomUUID } from 'node:crypto';
import type { BuildingEvent, EventType } from '../../core/api/types';
import { HttpError } from '../httpErrors';
import { field, isObject, parseDateTime } from '../requestFields';
import type { Collection } from '../store/store';
import type { TwinGraph } from '../twins/twinGraph';
import { twinAncestors } from './twinLocation';

/** Every field an event may carry (unknown fields are dropped). */
export const EVENT_FIELDS = [
  'id',
  'name',
  'description',
  'startTime',
  'endTime',
  'eventTypeId',
  'eventSourceId',
  'externalId',
  'payload',
  'payloadVersion',
  'scalarValue',
  'twinId',
  'locations',
] as const;

/** A validated event without its server-side fields, or the problems found (field name -> message). */
export type EventCheck = { ok: true; event: BuildingEvent } | { ok: false; problems: Array<[string, string]> };

function optionalText(item: Record<string, unknown>, name: string, problems: Array<[string, string]>): string | null {
  const value = field(item, name);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    problems.push([name, `'${name}' must be a string or null.`]);
    return null;
  }
  return value;
}

function requiredText(item: Record<string, unknown>, name: string, problems: Array<[string, string]>): string {
  const value = field(item, name);
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push([name, `'${name}' is required and must be a non-empty string.`]);
    return '';
  }
  return value;
}

function dateTime(value: unknown, name: string, problems: Array<[string, string]>): number | undefined {
  try {
    return parseDateTime(value, name);
  } catch (err) {
    problems.push([name, err instanceof HttpError ? err.detail : String(err)]);
    return undefined;
  }
}

/**
 * Checks one incoming event: `name`, `startTime`, `eventTypeId` (a known type), `payload` (a JSON
 * string), `payloadVersion` and `twinId` (an existing twin) are required; `endTime` may not precede
 * `startTime`. Times are stored as UTC ISO strings; `locations` defaults to the twin's ancestors.
 */
export function checkEvent(item: unknown, types: Collection<EventType>, graph: TwinGraph): EventCheck {
  if (!isObject(item)) return { ok: false, problems: [['$', 'Each event must be a JSON object.']] };
  const problems: Array<[string, string]> = [];
  const id = optionalText(item, 'id', problems);
  if (id !== null && id.trim() === '') problems.push(['id', "'id' must not be empty when given."]);
  const name = requiredText(item, 'name', problems);
  const rawStart = field(item, 'startTime');
  let start: number | undefined;
  if (rawStart === undefined || rawStart === null) problems.push(['startTime', "'startTime' is required."]);
  else start = dateTime(rawStart, 'startTime', problems);
  const rawEnd = field(item, 'endTime');
  const end = rawEnd === undefined || rawEnd === null ? undefined : dateTime(rawEnd, 'endTime', problems);
  if (start !== undefined && end !== undefined && end < start)
    problems.push(['endTime', "'endTime' must not be before 'startTime'."]);

  const typeId = field(item, 'eventTypeId');
  if (typeof typeId !== 'number' || !Number.isInteger(typeId))
    problems.push(['eventTypeId', "'eventTypeId' is required and must be an integer (see GET /events/types)."]);
  else if (!types.has(String(typeId)))
    problems.push([
      'eventTypeId',
      `Event type ${typeId} does not exist; known types: ${[...types.values()].map((t) => `${t.id} ${t.name}`).join(', ')}.`,
    ]);

  const payload = requiredText(item, 'payload', problems);
  if (payload) {
    try {
      JSON.parse(payload);
    } catch {
      problems.push(['payload', '\'payload\' must be a string holding JSON, e.g. "{\\"temperature\\": 21}".']);
    }
  }
  const payloadVersion = requiredText(item, 'payloadVersion', problems);
  const twinId = requiredText(item, 'twinId', problems);
  if (twinId && !graph.getTwin(twinId)) problems.push(['twinId', `Twin '${twinId}' does not exist.`]);

  const scalar = field(item, 'scalarValue');
  if (scalar !== undefined && scalar !== null && (typeof scalar !== 'number' || !Number.isFinite(scalar)))
    problems.push(['scalarValue', "'scalarValue' must be a number or null."]);
  const description = optionalText(item, 'description', problems);
  const eventSourceId = optionalText(item, 'eventSourceId', problems);
  const externalId = optionalText(item, 'externalId', problems);
  const locations = optionalText(item, 'locations', problems);
  if (problems.length > 0) return { ok: false, problems };

  return {
    ok: true,
    event: {
      ...(id !== null ? { id } : {}),
      name,
      description,
      startTime: new Date(start!).toISOString(),
      endTime: end === undefined ? null : new Date(end).toISOString(),
      eventTypeId: typeId as number,
      eventSourceId,
      externalId,
      payload,
      payloadVersion,
      scalarValue: (scalar as number | null | undefined) ?? null,
      twinId,
      locations:
        locations ??
        JSON.stringify(
          twinAncestors(graph, twinId)
            .map((t) => t.id)
            .reverse(),
        ),
    },
  };
}

/**
 * Creates or updates checked events (call inside a store batch). The key is `id` when given and
 * known, else (`eventSourceId`, `externalId`) when both are given, else a new event (keeping a given
 * unknown `id`). Later items of the same request see the earlier ones.
 */
export function upsertEvents(
  events: Collection<BuildingEvent>,
  incoming: BuildingEvent[],
  now: string,
): { eventsCreatedCount: number; eventsUpdatedCount: number } {
  const bySource = new Map<string, string>();
  const sourceKey = (e: BuildingEvent) =>
    e.eventSourceId && e.externalId ? `${e.eventSourceId}\u0000${e.externalId}` : undefined;
  for (const existing of events.values()) {
    const key = sourceKey(existing);
    if (key && existing.id) bySource.set(key, existing.id);
  }
  let eventsCreatedCount = 0;
  let eventsUpdatedCount = 0;
  for (const event of incoming) {
    const key = sourceKey(event);
    const existingId = event.id && events.has(event.id) ? event.id : key ? bySource.get(key) : undefined;
    const previous = existingId ? events.get(existingId) : undefined;
    const id = previous?.id ?? event.id ?? randomUUID();
    if (previous) {
      const oldKey = sourceKey(previous);
      if (oldKey && bySource.get(oldKey) === id) bySource.delete(oldKey);
      eventsUpdatedCount++;
    } else eventsCreatedCount++;
    const stored: BuildingEvent = { ...event, id, createdDate: previous?.createdDate ?? now, lastModifiedDate: now };
    events.put(id, stored);
    if (key) bySource.set(key, id);
  }
  return { eventsCreatedCount, eventsUpdatedCount };
}
