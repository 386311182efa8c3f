// JSON Schemas of what the user edits about tickets: a ticket document (`buildingtwins:/<connection>/tickets/<id>.json`),
// a new ticket's request (`*.ticket.json`, the "Create Ticket" template) and a ticket patch (`*.ticket-patch.json`).
// Status, priority, category, job type and service-needed ids are enums from the service's lists, named in hovers
// and completions. They say what checkCreateTicket, ticketDocumentPatch and checkTicketPatch check, so mistakes
// show while typing; those checks stay the authority. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import {
  TICKET_UPDATABLE_PROPERTIES,
  type TicketMetadataItem,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdatableProperty,
} from '../../core/api/types';
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

interface Named {
  id: string;
  name: string | null;
}

/** What the hovers say about the ids of one list, every sentence whole so a translation words it for that list. */
interface ListWords {
  /** "Id of a ticket status". */
  id: string;
  /** The reference object in a ticket document: "The ticket status (change its id)". */
  reference: string;
}

/** The words of a list a ticket may leave empty. */
interface OptionalListWords extends ListWords {
  /** In a patch: "Id of a ticket category, or null for none". */
  orNull: string;
  /** In a new ticket's request: 'Id of a ticket category; null or "" for none'. */
  orEmpty: string;
}

/** An id of one of `items` (enum with the names as descriptions); any string while the list is unknown. */
function idOf(items: readonly Named[], words: ListWords): JsonSchema {
  if (items.length === 0) return { type: 'string', description: words.id };
  return {
    type: 'string',
    enum: items.map((i) => i.id),
    enumDescriptions: items.map((i) => i.name ?? i.id),
    description: words.id,
  };
}

/** The id, or null for none. */
function idOrNull(items: readonly Named[], words: OptionalListWords): JsonSchema {
  return { anyOf: [idOf(items, words), { type: 'null' }], description: words.orNull };
}

const text = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
const summarySchema = (): JsonSchema => ({
  type: 'string',
  minLength: 1,
  pattern: '\\S',
  description: l10n.t('Summary (required)'),
});
const dueDateSchema = (): JsonSchema => ({ anyOf: [dateTimeSchema(l10n.t('Due date')), { type: 'null' }] });

/** Text fields of a ticket that a patch replaces as they are. */
const TEXT_FIELDS = ['description', 'cause', 'solution', 'notes', 'assigneeName'] as const;

interface Lists {
  statusId: [readonly Named[], ListWords];
  priorityId: [readonly Named[], ListWords];
  categoryId: [readonly Named[], OptionalListWords];
  jobTypeId: [readonly Named[], OptionalListWords];
  serviceNeededId: [readonly Named[], OptionalListWords];
}

function listsOf(v: TicketVocabulary): Lists {
  return {
    statusId: [
      v.statuses,
      { id: l10n.t('Id of a ticket status'), reference: l10n.t('The ticket status (change its id)') },
    ],
    priorityId: [
      v.priorities,
      { id: l10n.t('Id of a ticket priority'), reference: l10n.t('The ticket priority (change its id)') },
    ],
    categoryId: [
      v.categories,
      {
        id: l10n.t('Id of a ticket category'),
        reference: l10n.t('The ticket category, or null for none'),
        orNull: l10n.t('Id of a ticket category, or null for none'),
        orEmpty: l10n.t('Id of a ticket category; null or "" for none'),
      },
    ],
    jobTypeId: [
      v.jobTypes,
      {
        id: l10n.t('Id of a job type'),
        reference: l10n.t('The job type, or null for none'),
        orNull: l10n.t('Id of a job type, or null for none'),
        orEmpty: l10n.t('Id of a job type; null or "" for none'),
      },
    ],
    serviceNeededId: [
      v.servicesNeeded,
      {
        id: l10n.t('Id of a service needed'),
        reference: l10n.t('The service needed, or null for none'),
        orNull: l10n.t('Id of a service needed, or null for none'),
        orEmpty: l10n.t('Id of a service needed; null or "" for none'),
      },
    ],
  };
}

/** A reference object of a ticket document: its `id` is what saving sends; other keys are shown only. */
function reference(items: readonly Named[], words: ListWords, nullable: boolean): JsonSchema {
  const object: JsonSchema = {
    type: 'object',
    required: ['id'],
    properties: {
      id: idOf(items, words),
      name: { type: ['string', 'null'], description: l10n.t('Shown only: saving sends the id') },
    },
  };
  return nullable
    ? { anyOf: [object, { type: 'null' }], description: words.reference }
    : { ...object, description: words.reference };
}

/** A ticket document: edit the text fields and the ids of its references; the rest is the service's. */
export function ticketDocumentSchema(v: TicketVocabulary): JsonSchema {
  const lists = listsOf(v);
  return {
    $schema: DRAFT_07,
    title: l10n.t('Ticket'),
    type: 'object',
    required: ['id', 'summary', 'ticketStatus', 'ticketPriority'],
    properties: {
      id: { type: 'string', description: l10n.t('Ticket id (cannot change)') },
      summary: summarySchema(),
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])),
      dueDate: dueDateSchema(),
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
  const noneToo = (items: readonly Named[], words: OptionalListWords): JsonSchema => ({
    anyOf: [idOf(items, words), { type: 'null' }, { const: '' }],
    description: words.orEmpty,
  });
  return {
    $schema: DRAFT_07,
    title: l10n.t('New ticket'),
    type: 'object',
    required: ['summary'],
    additionalProperties: false,
    properties: {
      summary: summarySchema(),
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])),
      twinId: text(l10n.t('Id of the twin the ticket is about')),
      insightId: text(l10n.t('Id of the insight the ticket is raised for')),
      insightName: text(l10n.t('Name of that insight')),
      externalId: text(l10n.t('Id of the ticket in another system')),
      latitude: { type: ['number', 'null'] },
      longitude: { type: ['number', 'null'] },
      dueDate: dueDateSchema(),
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
    case 'summary':
      return summarySchema();
    case 'dueDate':
      return dueDateSchema();
    case 'statusId':
    case 'priorityId':
      return idOf(...lists[property]);
    case 'categoryId':
    case 'jobTypeId':
    case 'serviceNeededId':
      return idOrNull(...lists[property]);
    default:
      return text(property);
  }
}

/** A ticket patch: `replace` operations on the updatable properties, at most one per property. */
export function ticketPatchSchema(v: TicketVocabulary): JsonSchema {
  const paths = TICKET_UPDATABLE_PROPERTIES.map((p) => `/${p}`);
  return {
    $schema: DRAFT_07,
    title: l10n.t('Ticket patch'),
    type: 'array',
    minItems: 1,
    maxItems: TICKET_UPDATABLE_PROPERTIES.length,
    items: {
      type: 'object',
      required: ['op', 'path', 'value'],
      additionalProperties: false,
      properties: {
        op: { const: 'replace', description: l10n.t('Tickets take "replace" operations only') },
        path: { type: 'string', enum: paths, description: l10n.t('An updatable ticket property') },
        value: { description: l10n.t('The new value') },
      },
      allOf: TICKET_UPDATABLE_PROPERTIES.map((p) => ({
        if: { properties: { path: { const: `/${p}` } }, required: ['path'] },
        then: { properties: { value: patchValue(p, v) } },
      })),
    },
  };
}
