import * as assert from 'node:assert/strict';
import type { Json } from '../../../src/core/api/types';
import { COMMANDS } from '../../../src/core/commands/cliCommandTable';
import { createSchemaAjv } from '../../../src/core/dtdl/twinSchemaValidator';
import { BODY_SCHEMAS } from '../../../src/core/requestFiles/requestBodySchemas';
import { LEFT_OUT_COMMANDS, REQUEST_OPERATIONS } from '../../../src/core/requestFiles/requestOperations';
import { requestFileSchema } from '../../../src/core/requestFiles/requestSchemas';
import { schemaProblems } from '../../../src/core/requestFiles/requestValidation';

interface Sample {
  query?: Record<string, Json>;
  body?: Json;
}

const TWIN = { id: 'AHU-1', modelId: 'dtmi:com:x:Ahu;1' };
const PATCH = [{ op: 'replace', path: '/name', value: 'AHU 1' }];
const BATCH = {
  page: 1,
  pageSize: 10,
  sortSpecifications: [{ field: 'priority', sort: 'desc' }],
  filterSpecifications: [{ field: 'priority', operator: '<=', value: 2 }],
};

/** For each operation: a request its schemas accept, and one they refuse. */
const SAMPLES: Record<string, { valid: Sample; invalid: Sample }> = {
  'models list': {
    valid: { query: { root: 'dtmi:com:x:Ahu;1', definitions: true } },
    invalid: { query: { definitions: 'yes' } },
  },
  'models get': { valid: { query: { dtmi: 'dtmi:com:x:Ahu;1' } }, invalid: { query: {} } },
  'twins list': {
    valid: {
      query: { model: ['dtmi:com:x:Ahu;1'], 'page-size': 100 },
      body: {
        propertyFilter: { field: 'name', operator: 'startsWith', value: 'AHU' },
        include: { outgoingRelationships: true },
      },
    },
    invalid: { body: { propertyFilter: { field: 'name', operator: 'eq', value: 'AHU' } } },
  },
  'twins get': { valid: { query: { id: 'AHU-1', relationships: true } }, invalid: { query: { id: 1 } } },
  'twins put': { valid: { body: [TWIN] }, invalid: { body: { id: 'AHU-1' } } },
  'twins patch': {
    valid: { query: { id: 'AHU-1' }, body: PATCH },
    invalid: { query: { id: 'AHU-1' }, body: { op: 'replace' } },
  },
  'twins ids': { valid: { query: { id: ['a', 'b'] } }, invalid: { query: { id: [] } } },
  'twins graph': {
    valid: {
      query: { id: 'AHU-1' },
      body: {
        relationships: [
          {
            alias: 'fed',
            relationshipNames: ['isFedBy'],
            direction: 'Outgoing',
            relationship: { relationshipNames: ['isPartOf'] },
          },
        ],
      },
    },
    invalid: { body: { relationships: [{ direction: 'Up' }] } },
  },
  'twins count': {
    valid: { body: { locationFilter: { locationId: 'L3' }, dateFilter: { lastUpdatedAfter: '2026-01-01T00:00:00Z' } } },
    invalid: { body: { locationFilter: 'L3' } },
  },
  'relationships put': {
    valid: { body: { sourceId: 'a', targetId: 'b', name: 'isFedBy' } },
    invalid: { body: { sourceId: 'a' } },
  },
  'relationships get': { valid: { query: { twinId: 'a', relationshipId: 'r' } }, invalid: { query: { twinId: 'a' } } },
  'relationships outgoing': {
    valid: { query: { twinId: 'a', name: 'isFedBy' } },
    invalid: { query: { twinId: 'a', names: 'isFedBy' } },
  },
  'relationships incoming': { valid: { query: { twinId: 'a' } }, invalid: { query: { twinId: ['a', 'b'] } } },
  'timeseries send': {
    valid: { body: [{ connectorId: 'c', twinId: 'a', sourceTimestamp: '2026-01-01T00:00:00Z', scalarValue: 1 }] },
    invalid: { body: [{ connectorId: 'c', twinId: 'a', sourceTimestamp: 'yesterday', scalarValue: 1 }] },
  },
  'timeseries get': {
    valid: { query: { twinId: ['a', 'b'], start: '2026-01-01T00:00:00Z', 'page-size': '500' } },
    invalid: { query: { start: '2026-01-01T00:00:00Z' } },
  },
  'timeseries latest': { valid: { query: { twinId: 'a' } }, invalid: { query: { twinId: 'a' }, body: {} } },
  'insights list': {
    valid: { query: { 'add-floor': true }, body: BATCH },
    invalid: { body: { sortSpecifications: [{ field: 'priority', sort: 'down' }] } },
  },
  'insights get': { valid: { query: { insightId: 'i' } }, invalid: {} },
  'events list': { valid: { body: BATCH }, invalid: { body: { page: 'first' } } },
  'events get': { valid: { query: { eventId: 'e' } }, invalid: { query: { eventId: 'e', all: true } } },
  'events put': {
    valid: { body: { startTime: '2026-01-01T00:00:00Z', eventTypeId: 1, name: 'x' } },
    invalid: { body: [{ startTime: '2026-01-01T00:00:00Z' }] },
  },
  'events delete': { valid: { query: { eventId: ['e1', 'e2'] } }, invalid: {} },
  'events types': { valid: {}, invalid: { query: { page: 1 } } },
  'tickets list': { valid: { query: { page: 2 }, body: BATCH }, invalid: { query: { page: 'two' } } },
  'tickets get': { valid: { query: { ticketId: 't' } }, invalid: { query: { id: 't' } } },
  'tickets create': {
    valid: { body: { summary: 'Leak', description: 'L3 riser' } },
    invalid: { body: { description: 'no summary' } },
  },
  'tickets patch': { valid: { query: { ticketId: 't' }, body: PATCH }, invalid: { query: { ticketId: 't' } } },
  'tickets statuses': { valid: {}, invalid: { body: [] } },
  'tickets priorities': { valid: {}, invalid: { query: { x: 1 } } },
  'tickets categories': { valid: {}, invalid: { query: { name: 'x' } } },
  'tickets job-types': { valid: {}, invalid: { body: {} } },
  'tickets service-needed': { valid: {}, invalid: { query: { create: 'x' } } },
};

describe('request operations and their schemas', () => {
  it('every command of the table is an operation, or left out with a reason', () => {
    for (const command of COMMANDS) {
      const name = command.words.join(' ');
      assert.ok(REQUEST_OPERATIONS.has(name) !== (LEFT_OUT_COMMANDS[name] !== undefined), name);
    }
  });

  it('writes are the commands that change data', () => {
    const writes = [...REQUEST_OPERATIONS.values()].filter((o) => o.write).map((o) => o.name);
    assert.deepEqual(writes.sort(), [
      'events delete',
      'events put',
      'relationships put',
      'tickets create',
      'tickets patch',
      'timeseries send',
      'twins patch',
      'twins put',
    ]);
  });

  it('an operation has a body schema exactly when its command reads a body', () => {
    for (const operation of REQUEST_OPERATIONS.values())
      assert.equal(BODY_SCHEMAS[operation.name] !== undefined, operation.body !== undefined, operation.name);
    for (const name of Object.keys(BODY_SCHEMAS)) assert.ok(REQUEST_OPERATIONS.has(name), name);
  });

  it('has a sample for every operation', () => {
    assert.deepEqual(Object.keys(SAMPLES).sort(), [...REQUEST_OPERATIONS.keys()].sort());
  });

  for (const [name, { valid, invalid }] of Object.entries(SAMPLES)) {
    it(`${name}: accepts a valid request and refuses an invalid one`, () => {
      const operation = REQUEST_OPERATIONS.get(name)!;
      assert.deepEqual(schemaProblems(operation, valid.query, valid.body), []);
      assert.notDeepEqual(schemaProblems(operation, invalid.query, invalid.body), []);
    });
  }

  it('the file schema compiles, offers the live model ids, and checks a request by its operation', () => {
    const schema = requestFileSchema({ modelIds: ['dtmi:com:x:Ahu;1'], relationshipNames: ['isFedBy'] });
    assert.ok(JSON.stringify(schema).includes('"examples":["dtmi:com:x:Ahu;1"]'));
    assert.ok(JSON.stringify(schema).includes('"examples":["isFedBy"]'));
    const validate = createSchemaAjv().compile(schema);
    const good = {
      variables: { level: 'L3' },
      requests: [
        { name: 'a', operation: 'twins count', body: { modelFilter: { modelIds: ['dtmi:com:x:Ahu;1'] } } },
        { name: 'b', operation: 'twins get', query: { id: '${level}' } },
      ],
    };
    assert.ok(validate(good), JSON.stringify(validate.errors));
    assert.ok(
      !validate({ requests: [{ name: 'a', operation: 'twins count', body: { modelFilter: { modelIds: 'x' } } }] }),
    );
    assert.ok(!validate({ requests: [{ name: 'a', operation: 'twins nope' }] }));
    assert.ok(!validate({ variables: { baseUrl: 'x' }, requests: [] }));
    assert.ok(
      validate({ requests: [{ name: 'a', operation: 'twins list', query: { 'page-size': '${size}' } }] }),
      'a whole-string reference stands for a number while typing',
    );
  });
});
