// JSON Schemas of events as the user edits them: an event document (`buildingtwins:/<connection>/events/<id>.json`)
// and an events draft (`*.events.json`, what "Create or Update Events from JSON" sends). Event types come from
// the service (GET /events/types). They say what validateEvents checks, so mistakes show while typing; the
// checks before sending stay the authority. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import type { EventType } from '../../core/api/types';
import { DRAFT_07, type JsonSchema } from '../../core/dtdl/twinJsonSchema';
import { EVENT_TYPE_NAME_KEY } from './eventDocumentView';
import { REQUIRED_EVENT_FIELDS } from './eventValidation';

/** ISO 8601 date or date-time with an optional offset, as the local checks accept them (2024-10-01T12:34:56Z). */
const ISO_DATE_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?([Zz]|[+-]\\d{2}:?\\d{2})?$';

export function dateTimeSchema(description: string): JsonSchema {
  return {
    type: 'string',
    pattern: ISO_DATE_TIME_PATTERN,
    description: l10n.t('{0} (ISO 8601, e.g. 2024-10-01T12:34:56Z)', description),
  };
}

const nullableText = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const required = (description: string): JsonSchema => ({ type: 'string', minLength: 1, pattern: '\\S', description });

/** `eventTypeId`: a type's number, or its name (sent as its number). */
function eventTypeSchema(types: readonly EventType[]): JsonSchema {
  const description = l10n.t('Event type: its number or its name (GET /events/types)');
  if (types.length === 0) return { type: ['integer', 'string'], description };
  return {
    description,
    anyOf: [
      {
        type: 'integer',
        enum: types.map((t) => t.id),
        enumDescriptions: types.map((t) => (t.description ? `${t.name}: ${t.description}` : t.name)),
      },
      {
        type: 'string',
        enum: types.map((t) => t.name),
        enumDescriptions: types.map((t) =>
          t.description ? l10n.t('Type {0}: {1}', t.id, t.description) : l10n.t('Type {0}', t.id),
        ),
      },
    ],
  };
}

/** One event; `open` admits keys the schema does not name (documents read from the service may carry more). */
function eventSchema(types: readonly EventType[], open: boolean): JsonSchema {
  return {
    type: 'object',
    required: [...REQUIRED_EVENT_FIELDS],
    additionalProperties: open,
    properties: {
      id: {
        type: ['string', 'null'],
        description: l10n.t('Event id: set by the service; with it, saving updates that event'),
      },
      name: required(l10n.t('Name of the event')),
      description: nullableText(l10n.t('Description')),
      eventTypeId: eventTypeSchema(types),
      startTime: dateTimeSchema(l10n.t('When the event starts')),
      endTime: { anyOf: [dateTimeSchema(l10n.t('When the event ends, not before startTime')), { type: 'null' }] },
      twinId: required(l10n.t('Id of the twin the event is about')),
      eventSourceId: nullableText(l10n.t('Source system of the event (with externalId, the key of an update)')),
      externalId: nullableText(l10n.t('Id of the event in its source system')),
      payload: {
        type: 'string',
        minLength: 1,
        description: l10n.t('The type-specific values as JSON text, e.g. "{\\"temperature\\": 21}"'),
      },
      payloadVersion: required(l10n.t('Version of the payload format, e.g. "1.0"')),
      scalarValue: { type: ['number', 'null'], description: l10n.t('A number the event carries') },
      locations: nullableText(l10n.t('Locations of the event')),
      createdDate: { type: 'string', description: l10n.t('Kept by the service') },
      lastModifiedDate: { type: 'string', description: l10n.t('Kept by the service') },
    },
  };
}

/** An event document: one event as the service holds it; saving updates it. */
export function eventDocumentSchema(types: readonly EventType[]): JsonSchema {
  const schema = eventSchema(types, true);
  // The document shows the payload and locations as JSON when they are an object or array, and the type's name.
  const properties = {
    ...(schema.properties as Record<string, JsonSchema>),
    payload: {
      anyOf: [{ type: 'string', minLength: 1 }, { type: ['object', 'array'] }],
      description: l10n.t('The type-specific values: JSON (sent as text), or JSON text'),
    },
    locations: {
      anyOf: [{ type: ['string', 'null'] }, { type: ['object', 'array'] }],
      description: l10n.t("The twin's location ancestors: JSON (sent as text), or JSON text"),
    },
    [EVENT_TYPE_NAME_KEY]: {
      type: 'string',
      description: l10n.t('The name of the event type, for reading: change eventTypeId to change the type'),
    },
  };
  return {
    $schema: DRAFT_07,
    title: l10n.t('Event'),
    ...schema,
    properties,
    required: ['id', ...REQUIRED_EVENT_FIELDS],
  };
}

/** An events draft: one event or a non-empty array of them, keys as the service names them (a misspelt key is an error). */
export function eventsDraftSchema(types: readonly EventType[]): JsonSchema {
  const one = eventSchema(types, false);
  return {
    $schema: DRAFT_07,
    title: l10n.t('Events'),
    if: { type: 'array' },
    then: { type: 'array', minItems: 1, items: one },
    else: one,
  };
}
