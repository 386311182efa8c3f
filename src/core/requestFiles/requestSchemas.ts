// JSON Schemas for request files: one per operation for its `query` and its `body` (used to check a
// file before anything is sent), and one for the whole file (served to the editor for completion and
// validation while typing, with the live service's model ids when known).

import { DRAFT_07, type JsonSchema } from '../dtdl/twinJsonSchema';
import { BODY_DEFINITIONS, BODY_SCHEMAS } from './requestBodySchemas';
import { REQUEST_OPERATIONS, type RequestOperation, type RequestParam } from './requestOperations';
import { CONNECTION_VARIABLES } from './requestVariables';

/** A whole-string `${name}`: accepted where a number or true/false goes, for the editor (the file is checked again once they are replaced). */
const REFERENCE_PATTERN = '^\\$\\{[^}]+\\}$';

function paramSchema(param: RequestParam): JsonSchema {
  const scalar: JsonSchema =
    param.type === 'string'
      ? { type: 'string' }
      : param.type === 'integer'
        ? { type: ['integer', 'string'], pattern: `^-?\\d+$|${REFERENCE_PATTERN}` }
        : { type: ['boolean', 'string'], pattern: REFERENCE_PATTERN };
  const schema = param.multiple ? { anyOf: [scalar, { type: 'array', items: scalar, minItems: 1 }] } : scalar;
  return { ...schema, description: param.description };
}

/** The schema of an operation's `query`: its arguments and options, nothing else. */
export function querySchema(operation: RequestOperation): JsonSchema {
  const required = operation.params.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(operation.params.map((p) => [p.name, paramSchema(p)])),
    ...(required.length ? { required } : {}),
  };
}

/** The schema of an operation's `body`, or undefined when it takes none. */
function bodySchema(operation: RequestOperation): JsonSchema | undefined {
  const schema = BODY_SCHEMAS[operation.name];
  return schema ? { ...schema, description: operation.bodyDescription } : undefined;
}

/** A body schema on its own (with the shared definitions it may reference). */
export function standaloneBodySchema(operation: RequestOperation): JsonSchema | undefined {
  const schema = bodySchema(operation);
  return schema ? { ...schema, definitions: BODY_DEFINITIONS } : undefined;
}

/** What the live service adds to the file schema: values offered while typing. */
export interface LiveSchemaValues {
  modelIds?: readonly string[];
  relationshipNames?: readonly string[];
}

function operationRule(operation: RequestOperation): JsonSchema {
  const body = bodySchema(operation);
  return {
    if: { properties: { operation: { const: operation.name } }, required: ['operation'] },
    then: {
      properties: { query: querySchema(operation), body: body ?? false },
      ...(operation.body === 'file' ? { required: ['body'] } : {}),
    },
  };
}

/** The schema of a whole *.twinq.json file. */
export function requestFileSchema(live: LiveSchemaValues = {}): JsonSchema {
  const operations = [...REQUEST_OPERATIONS.values()];
  const modelIds = live.modelIds?.length ? { examples: [...live.modelIds] } : {};
  const relationshipNames = live.relationshipNames?.length ? { examples: [...live.relationshipNames] } : {};
  return {
    $schema: DRAFT_07,
    type: 'object',
    additionalProperties: false,
    required: ['requests'],
    properties: {
      $schema: { type: 'string' },
      connection: {
        type: 'string',
        description: 'the name of the connection to run against (default: the active connection)',
      },
      variables: {
        type: 'object',
        description: `values for \${name} in strings; the connection supplies ${CONNECTION_VARIABLES.join(', ')}`,
        propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_.-]*$', not: { enum: [...CONNECTION_VARIABLES] } },
      },
      requests: { type: 'array', items: { $ref: '#/definitions/request' } },
    },
    definitions: {
      ...BODY_DEFINITIONS,
      relationshipNames: { type: ['array', 'null'], items: { type: 'string', ...relationshipNames } },
      modelFilter: {
        ...BODY_DEFINITIONS.modelFilter,
        properties: {
          ...(BODY_DEFINITIONS.modelFilter!.properties as JsonSchema),
          modelIds: { type: 'array', items: { type: 'string', ...modelIds } },
        },
      },
      request: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'operation'],
        properties: {
          name: { type: 'string', minLength: 1, description: 'unique in the file' },
          operation: {
            enum: operations.map((o) => o.name),
            markdownEnumDescriptions: operations.map(
              (o) => o.summary + (o.write ? ' (changes data: needs "write": true)' : ''),
            ),
          },
          query: { type: 'object', description: "the command's arguments and options, by name" },
          body: {},
          write: { type: 'boolean', description: 'allow an operation that changes data' },
        },
        allOf: operations.map(operationRule),
      },
    },
  };
}
