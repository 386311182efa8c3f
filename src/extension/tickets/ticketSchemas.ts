// JSON Schemas of what the user edits about tickets: a ticket document (`buildingtwins:/<connection>/tickets/<id>.json`),
// a new ticket's request (`*.ticket.json`, the "Create Ticket" template) and a ticket patch (`*.ticket-patch.json`).
// Status, priority, category, job type and service-needed ids are enums from the service's lists, named in hovers
// and completions. They say what checkCreateTicket, ticketDocumentPatch and checkTicketPatch check, so mistakes
// show while typing; those checks stay the authority. Pure: no 'vscode'.
import { TICKET_UPDATABLE_PROPERTIES, type TicketMetadataItem, type TicketPriority, type TicketStatus, type TicketUpdatableProperty } from '../../core/api/types';
import { DRAFT_07, type JsonSchema } from '../../core/dtdl/twinJsonSchema';
import { dateTimeSchema } from '../events/eventSchemas';

/** The service's ticket lists the schemas name ids from. */
export interface TicketVocabulary {
  statuses: readonly TicketStatus[];
  priorities: readonly TicketPriority[];
  categories: readonly TicketMetadataItem[];
  jobTypes: readonly TicketMetadataItem[];
  servicesNeeded: readonly TicketMetadataItem[];
}

interface Named { id: string; name: string | null }

/** An id of one of `items` (enum with the names as descriptions); any string while the list is unknown. */
function idOf(items: readonly Named[], what: string, extra: JsonSchema = {}): JsonSchema {
  if (items.length === 0) return { type: 'string', description: `Id of a ${what}`, ...extra };
  return { type: 'string', enum: items.map((i) => i.id), enumDescriptions: items.map((i) => i.name ?? i.id), description: `Id of a ${what}`, ...extra };
}

/** The id, or null for none. */
function idOrNull(items: readonly Named[], what: string): JsonSchema {
  return { anyOf: [idOf(items, what), { type: 'null' }], description: `Id of a ${what}, or null for none` };
}

const text = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const summary: JsonSchema = { type: 'string', minLength: 1, pattern: '\\S', description: 'Summary (required)' };
const dueDate: JsonSchema = { anyOf: [dateTimeSchema('Due date'), { type: 'null' }] };

/** Text fields of a ticket that a patch replaces as they are. */
const TEXT_FIELDS = ['description', 'cause', 'solution', 'notes', 'assigneeName'] as const;

function listsOf(v: TicketVocabulary): Record<'statusId' | 'priorityId' | 'categoryId' | 'jobTypeId' | 'serviceNeededId', [readonly Named[], string]> {
  return {
    statusId: [v.statuses, 'ticket status'],
    priorityId: [v.priorities, 'ticket priority'],
    categoryId: [v.categories, 'ticket category'],
    jobTypeId: [v.jobTypes, 'job type'],
    serviceNeededId: [v.servicesNeeded, 'service needed'],
  };
}

/** A reference object of a ticket document: its `id` is what saving sends; other keys are shown only. */
function reference(items: readonly Named[], what: string, nullable: boolean): JsonSchema {
  const object: JsonSchema = { type: 'object', required: ['id'], properties: { id: idOf(items, what), name: { type: ['string', 'null'], description: 'Shown only: saving sends the id' } } };
  return nullable ? { anyOf: [object, { type: 'null' }], description: `The ${what}, or null for none` } : { ...object, description: `The ${what} (change its id)` };
}

/** A ticket document: edit the text fields and the ids of its references; the rest is the service's. */
export function ticketDocumentSchema(v: TicketVocabulary): JsonSchema {
  const lists = listsOf(v);
  return {
    $schema: DRAFT_07,
    title: 'Ticket',
    type: 'object',
    required: ['id', 'summary', 'ticketStatus', 'ticketPriority'],
    properties: {
      id: { type: 'string', description: 'Ticket id (cannot change)' },
      summary,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])),
      dueDate,
      ticketStatus: reference(...lists.statusId, false),
      ticketPriority: reference(...lists.priorityId, false),
      category: reference(...lists.categoryId, true),
      jobType: reference(...lists.jobTypeId, true),
      serviceNeeded: reference(...lists.serviceNeededId, true),
    },
  };
}

/** The request of "Create Ticket from JSON": known keys only, references by id ("" or null for none). */
export function ticketRequestSchema(v: TicketVocabulary): JsonSchema {
  const lists = listsOf(v);
  const noneToo = (items: readonly Named[], what: string): JsonSchema => ({ anyOf: [idOf(items, what), { type: 'null' }, { const: '' }], description: `Id of a ${what}; null or "" for none` });
  return {
    $schema: DRAFT_07,
    title: 'New ticket',
    type: 'object',
    required: ['summary'],
    additionalProperties: false,
    properties: {
      summary,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])),
      twinId: text('Id of the twin the ticket is about'),
      insightId: text('Id of the insight the ticket is raised for'),
      insightName: text('Name of that insight'),
      externalId: text('Id of the ticket in another system'),
      latitude: { type: ['number', 'null'] },
      longitude: { type: ['number', 'null'] },
      dueDate,
      statusId: idOf(...lists.statusId),
      priorityId: idOf(...lists.priorityId),
      categoryId: noneToo(...lists.categoryId),
      jobTypeId: noneToo(...lists.jobTypeId),
      serviceNeededId: noneToo(...lists.serviceNeededId),
    },
  };
}

/** The value a patch may set for each updatable property. */
function patchValue(property: TicketUpdatableProperty, v: TicketVocabulary): JsonSchema {
  const lists = listsOf(v);
  switch (property) {
    case 'summary': return summary;
    case 'dueDate': return dueDate;
    case 'statusId': case 'priorityId': return idOf(...lists[property]);
    case 'categoryId': case 'jobTypeId': case 'serviceNeededId': return idOrNull(...lists[property]);
    default: return text(property);
  }
}

/** A ticket patch: `replace` operations on the updatable properties, at most one per property. */
export function ticketPatchSchema(v: TicketVocabulary): JsonSchema {
  const paths = TICKET_UPDATABLE_PROPERTIES.map((p) => `/${p}`);
  return {
    $schema: DRAFT_07,
    title: 'Ticket patch',
    type: 'array',
    minItems: 1,
    maxItems: TICKET_UPDATABLE_PROPERTIES.length,
    items: {
      type: 'object',
      required: ['op', 'path', 'value'],
      additionalProperties: false,
      properties: {
        op: { const: 'replace', description: 'Tickets take "replace" operations only' },
        path: { type: 'string', enum: paths, description: 'An updatable ticket property' },
        value: { description: 'The new value' },
      },
      allOf: TICKET_UPDATABLE_PROPERTIES.map((p) => ({ if: { properties: { path: { const: `/${p}` } }, required: ['path'] }, then: { properties: { value: patchValue(p, v) } } })),
    },
  };
}
