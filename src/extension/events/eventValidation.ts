// Local checks on events typed as JSON, before anything is sent with PUT /events.
// Pure: no 'vscode', so it is unit-tested in plain Node.
import * as l10n from '@vscode/l10n';
import type { BuildingEvent, EventType } from '../../core/api/types';
import { isObject } from '../../core/dtdl/dtdlText';
import { problemCount } from '../shell/countWords';

export const REQUIRED_EVENT_FIELDS = [
  'name',
  'startTime',
  'eventTypeId',
  'payload',
  'payloadVersion',
  'twinId',
] as const;

export interface EventValidation {
  events: BuildingEvent[];
  /** One line per problem, naming the item (`Event [2] "Boiler service": …`). Empty when every item is valid. */
  problems: string[];
}

/** Thrown when events fail local validation; `problems` lists every item's faults. */
export class EventValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${l10n.t('Nothing was sent: {0} in the events JSON.', problemCount(problems.length))}\n${problems.join('\n')}`,
    );
    this.name = 'EventValidationError';
  }
}

/**
 * Parses JSON text holding one event or an array of events and checks every item.
 * `types` (from GET /events/types) lets an item name its type (`"eventTypeId": "WeatherForecast"`);
 * the name is replaced by the type's number, and unknown numbers are reported.
 */
export function validateEventsJson(text: string, types: readonly EventType[] = []): EventValidation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { events: [], problems: [l10n.t('The text is not valid JSON: {0}', (err as Error).message)] };
  }
  return validateEvents(parsed, types);
}

export function validateEvents(value: unknown, types: readonly EventType[] = []): EventValidation {
  const single = !Array.isArray(value);
  const items: unknown[] = single ? [value] : (value as unknown[]);
  if (items.length === 0) return { events: [], problems: [l10n.t('The array is empty: give at least one event.')] };
  const events: BuildingEvent[] = [];
  const problems: string[] = [];
  items.forEach((item, index) => {
    const label = itemLabel(item, index, single);
    const faults = eventFaults(item, types);
    if (faults.length) problems.push(...faults.map((f) => `${label}: ${f}`));
    else events.push(withTypeNumber(item as BuildingEvent & { eventTypeId: unknown }, types));
  });
  return { events: problems.length ? [] : events, problems };
}

/** Like validateEventsJson but throws EventValidationError when anything is wrong. */
export function parseEventsOrThrow(text: string, types: readonly EventType[] = []): BuildingEvent[] {
  const { events, problems } = validateEventsJson(text, types);
  if (problems.length) throw new EventValidationError(problems);
  return events;
}

function itemLabel(item: unknown, index: number, single: boolean): string {
  const name = isObject(item) && typeof item.name === 'string' && item.name.trim() ? item.name : undefined;
  if (single) return name === undefined ? l10n.t('Event') : l10n.t('Event "{0}"', name);
  return name === undefined ? l10n.t('Event [{0}]', index) : l10n.t('Event [{0}] "{1}"', index, name);
}

function eventFaults(item: unknown, types: readonly EventType[]): string[] {
  if (!isObject(item)) return [l10n.t('must be a JSON object, not {0}', describe(item))];
  const faults: string[] = [];
  for (const field of REQUIRED_EVENT_FIELDS) {
    if (item[field] === undefined || item[field] === null || item[field] === '')
      faults.push(l10n.t('{0} is required', field));
  }
  for (const field of ['name', 'twinId', 'payloadVersion'] as const) {
    if (nonEmpty(item[field]) && typeof item[field] !== 'string')
      faults.push(l10n.t('{0} must be a string, not {1}', field, describe(item[field])));
  }
  if (nonEmpty(item.startTime)) faults.push(...dateFault('startTime', item.startTime));
  if (nonEmpty(item.endTime)) {
    faults.push(...dateFault('endTime', item.endTime));
    const start = typeof item.startTime === 'string' ? Date.parse(item.startTime) : NaN;
    const end = typeof item.endTime === 'string' ? Date.parse(item.endTime) : NaN;
    if (end < start)
      faults.push(l10n.t('endTime ({0}) is before startTime ({1})', String(item.endTime), String(item.startTime)));
  }
  if (nonEmpty(item.payload)) faults.push(...payloadFault(item.payload));
  if (nonEmpty(item.eventTypeId)) faults.push(...typeFault(item.eventTypeId, types));
  if (
    item.scalarValue !== undefined &&
    item.scalarValue !== null &&
    !(typeof item.scalarValue === 'number' && Number.isFinite(item.scalarValue))
  ) {
    faults.push(l10n.t('scalarValue must be a number or null, not {0}', describe(item.scalarValue)));
  }
  for (const field of ['id', 'description', 'eventSourceId', 'externalId', 'locations'] as const) {
    if (item[field] !== undefined && item[field] !== null && typeof item[field] !== 'string') {
      faults.push(l10n.t('{0} must be a string or null, not {1}', field, describe(item[field])));
    }
  }
  return faults;
}

function dateFault(field: string, value: unknown): string[] {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    return [l10n.t('{0} must be an ISO 8601 date-time such as 2024-10-01T12:34:56Z, not {1}', field, describe(value))];
  }
  return [];
}

function payloadFault(payload: unknown): string[] {
  if (typeof payload !== 'string') {
    return [
      l10n.t(
        'payload must be a JSON string (the object encoded as text, e.g. "{\\"temperature\\": 21}"), not {0}',
        describe(payload),
      ),
    ];
  }
  try {
    JSON.parse(payload);
    return [];
  } catch (err) {
    return [l10n.t('payload is not valid JSON text: {0}', (err as Error).message)];
  }
}

function typeFault(value: unknown, types: readonly EventType[]): string[] {
  const known = types.map((t) => `${t.name} = ${t.id}`).join(', ');
  if (typeof value === 'string') {
    if (types.some((t) => sameName(t.name, value))) return [];
    return [
      known
        ? l10n.t('eventTypeId "{0}" is not a known event type name (known types: {1})', value, known)
        : l10n.t('eventTypeId "{0}" is not a known event type name', value),
    ];
  }
  if (typeof value !== 'number' || !Number.isInteger(value))
    return [l10n.t('eventTypeId must be an integer or a type name, not {0}', describe(value))];
  if (types.length && !types.some((t) => t.id === value))
    return [l10n.t('eventTypeId {0} is not a known event type (known types: {1})', value, known)];
  return [];
}

function withTypeNumber(item: BuildingEvent & { eventTypeId: unknown }, types: readonly EventType[]): BuildingEvent {
  const typeId = item.eventTypeId;
  if (typeof typeId !== 'string') return item;
  const type = types.find((t) => sameName(t.name, typeId));
  return { ...item, eventTypeId: type!.id };
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function nonEmpty(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return l10n.t('an array');
  if (typeof value === 'string') return `"${value.length > 40 ? value.slice(0, 40) + '…' : value}"`;
  if (typeof value === 'object') return l10n.t('an object');
  return `${typeof value} ${String(value)}`;
}
