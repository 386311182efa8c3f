// JSON Schemas of the bodies request files send, in the service's own words (filter operators as it
// spells them). Writes are checked as loosely as the CLI checks them: the service has the last word.

import { FILTER_OPERATORS, SORT_DIRECTIONS } from '../api/filterVocabulary';
import type { JsonSchema } from '../dtdl/twinJsonSchema';

const STRING = { type: 'string' };
const STRINGS = { type: 'array', items: STRING };
const DATE_TIME = { type: 'string', format: 'date-time' };
const CONDITION = {
  type: 'string',
  enum: ['And', 'Or'],
  description: 'how the nested filters combine with this condition',
};
const DIRECTION = { type: 'string', enum: ['Incoming', 'Outgoing', 'IncomingOrOutgoing'] };

const modelFilter: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    modelIds: { ...STRINGS, description: 'model ids (DTMIs) to match' },
    exactModelMatch: {
      type: 'boolean',
      description: 'true: only these models; false (the default): their descendants too',
    },
  },
};

const propertyFilter: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    field: { type: ['string', 'null'], description: 'a property name of the twins' },
    operator: { enum: [...FILTER_OPERATORS, null], description: "the service's operator word (case-sensitive)" },
    value: {
      description: 'not needed for isNull, isNotNull, isEmpty, isNotEmpty; a non-empty list for in, notin, containedIn',
    },
    filterConditionOperator: CONDITION,
    filters: { type: 'array', items: { $ref: '#/definitions/propertyFilter' } },
  },
};

const twinFilterProperties: JsonSchema = {
  modelFilter: { $ref: '#/definitions/modelFilter' },
  relationshipFilter: {
    type: 'object',
    additionalProperties: false,
    properties: {
      relationshipDirection: DIRECTION,
      relationshipNames: { $ref: '#/definitions/relationshipNames' },
      relatedModelFilter: { $ref: '#/definitions/modelFilter' },
    },
  },
  locationFilter: {
    type: 'object',
    additionalProperties: false,
    properties: { locationId: { type: ['string', 'null'], description: 'twins under this twin (itself excluded)' } },
  },
  dateFilter: {
    type: 'object',
    additionalProperties: false,
    properties: {
      lastUpdatedAfter: { ...DATE_TIME, type: ['string', 'null'] },
      lastUpdatedBefore: { ...DATE_TIME, type: ['string', 'null'] },
    },
  },
  propertyFilter: { $ref: '#/definitions/propertyFilter' },
};

const graphHop: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    alias: STRING,
    relationshipNames: { $ref: '#/definitions/relationshipNames' },
    modelNames: STRINGS,
    exactModelMatch: { type: 'boolean' },
    direction: DIRECTION,
    relationship: { anyOf: [{ $ref: '#/definitions/graphHop' }, { type: 'null' }] },
  },
};

/** Shared parts, referenced as `#/definitions/<name>` by the body schemas. */
export const BODY_DEFINITIONS: Readonly<Record<string, JsonSchema>> = {
  modelFilter,
  propertyFilter,
  graphHop,
  relationshipNames: {
    type: ['array', 'null'],
    items: STRING,
    description: 'relationship names (isFedBy, locatedIn, …)',
  },
};

const batchRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: ['integer', 'null'], minimum: 0, description: '1 is the first page' },
    pageSize: { type: ['integer', 'null'], minimum: 1 },
    sortSpecifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'sort'],
        properties: { field: STRING, sort: { enum: [...SORT_DIRECTIONS] } },
      },
    },
    filterSpecifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'operator'],
        properties: {
          field: { ...STRING, description: 'a field of the items (a dot path into nested objects)' },
          operator: { enum: [...FILTER_OPERATORS], description: "the service's operator word (case-sensitive)" },
          value: {},
          filterConditionOperator: CONDITION,
        },
      },
    },
  },
};

const twin: JsonSchema = {
  type: 'object',
  required: ['id', 'modelId'],
  properties: { id: STRING, modelId: STRING, contents: { type: 'object' } },
};
const jsonPatch: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: STRING,
      value: {},
      from: STRING,
    },
  },
};
const event: JsonSchema = {
  type: 'object',
  required: ['startTime', 'eventTypeId'],
  properties: { startTime: DATE_TIME, eventTypeId: { type: 'integer' } },
};

/** Body schemas by operation; an operation without one takes no body. */
export const BODY_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  'twins list': {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...twinFilterProperties,
      include: {
        type: 'object',
        additionalProperties: false,
        properties: { outgoingRelationships: { type: 'boolean' }, incomingRelationships: { type: 'boolean' } },
      },
      pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
      continuationToken: { type: ['string', 'null'] },
    },
  },
  'twins count': { type: 'object', additionalProperties: false, properties: twinFilterProperties },
  'twins graph': {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: { ...STRING, description: 'the root twin (or the "id" argument)' },
      alias: STRING,
      relationships: { type: ['array', 'null'], items: { $ref: '#/definitions/graphHop' } },
    },
  },
  'twins put': { anyOf: [twin, { type: 'array', items: twin }] },
  'twins patch': jsonPatch,
  'relationships put': {
    type: 'object',
    required: ['sourceId', 'targetId', 'name'],
    properties: { sourceId: STRING, targetId: STRING, name: STRING, properties: { type: 'object' } },
  },
  'timeseries send': {
    type: 'array',
    items: {
      type: 'object',
      required: ['connectorId', 'sourceTimestamp', 'scalarValue'],
      properties: {
        connectorId: STRING,
        dtId: STRING,
        twinId: STRING,
        externalId: STRING,
        sourceTimestamp: DATE_TIME,
        scalarValue: { type: 'number' },
      },
    },
  },
  'insights list': batchRequest,
  'events list': batchRequest,
  'events put': { anyOf: [event, { type: 'array', items: event }] },
  'tickets list': batchRequest,
  'tickets create': { type: 'object', required: ['summary'], properties: { summary: STRING } },
  'tickets patch': jsonPatch,
};
