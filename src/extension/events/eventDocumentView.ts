// How an event reads in its document and maps back: the type's name shown beside its id (`eventTypeName`, for
// reading) and the fields the service keeps as JSON text (payload, locations) shown as that JSON when it is an object
// or array, not as an escaped string. Saving turns them back into text (the text as read when unchanged), which is
// what the service takes. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { isDeepStrictEqual } from 'node:util';
import type { BuildingEvent, EventType } from '../../core/api/types';

export const EVENT_TYPE_NAME_KEY = 'eventTypeName';
/** Fields the service holds as JSON text: `payload` (type-specific values), `locations` (the twin's ancestors). */
const JSON_TEXT_FIELDS = ['payload', 'locations'] as const;

function isStructured(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** JSON text as that JSON when it is an object or array, else as it is (text that is not JSON, a string, null). */
function jsonTextView(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return isStructured(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

/** The event as its document shows it. */
export function eventView(event: BuildingEvent, types: readonly EventType[]): Record<string, unknown> {
  const view: Record<string, unknown> = { ...event };
  for (const field of JSON_TEXT_FIELDS) if (field in event) view[field] = jsonTextView(event[field]);
  const type = types.find((t) => t.id === event.eventTypeId);
  if (type) view[EVENT_TYPE_NAME_KEY] = type.name;
  return view;
}

/**
 * The event an edited document sends, with the problems of the view itself (an edited type name). Anything that is
 * not an object is returned as it is, for the event checks to report.
 */
export function eventFromView(
  edited: unknown,
  original: BuildingEvent,
  types: readonly EventType[],
): { event: unknown; problems: string[] } {
  if (!isStructured(edited) || Array.isArray(edited)) return { event: edited, problems: [] };
  const { [EVENT_TYPE_NAME_KEY]: typeName, ...event } = edited as Record<string, unknown>;
  const problems: string[] = [];
  const shownName = eventView(original, types)[EVENT_TYPE_NAME_KEY];
  if (typeName !== undefined && typeName !== shownName) {
    problems.push(
      l10n.t(
        "{0} is shown for reading only: change eventTypeId (the type's number or name) to change the type.",
        EVENT_TYPE_NAME_KEY,
      ),
    );
  }
  for (const field of JSON_TEXT_FIELDS) {
    if (!isStructured(event[field])) continue;
    event[field] = isDeepStrictEqual(event[field], jsonTextView(original[field]))
      ? original[field]
      : JSON.stringify(event[field]);
  }
  return { event, problems };
}
