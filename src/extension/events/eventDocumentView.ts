// How an event reads in its document and maps back: the type's name shown beside its id (`eventTypeName`, for
// reading) and a payload that is JSON text of an object or array shown as that JSON, not an escaped string. Saving
// turns the payload back into text (the text as read when the payload is unchanged). Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import { isDeepStrictEqual } from 'node:util';
import type { BuildingEvent, EventType } from '../../core/api/types';

export const EVENT_TYPE_NAME_KEY = 'eventTypeName';

function isStructured(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The payload as JSON when its text is an object or array, else as it is (text that is not JSON, a string, null). */
function payloadView(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    const parsed: unknown = JSON.parse(payload);
    return isStructured(parsed) ? parsed : payload;
  } catch {
    return payload;
  }
}

/** The event as its document shows it. */
export function eventView(event: BuildingEvent, types: readonly EventType[]): Record<string, unknown> {
  const view: Record<string, unknown> = { ...event, payload: payloadView(event.payload) };
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
  if (isStructured(event.payload)) {
    event.payload = isDeepStrictEqual(event.payload, payloadView(original.payload))
      ? original.payload
      : JSON.stringify(event.payload);
  }
  return { event, problems };
}
