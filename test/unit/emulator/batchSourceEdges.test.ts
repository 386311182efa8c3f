// Willow.Batch edges the emulator follows (docs/service-compatibility.md, "Sorting", "What the operators mean",
// "Insight enums"): the sort runs only when the filters matched something (libraries/Willow.Batch/src/Extensions/
// IQueryableExtensions.cs, `SortBy` behind `items.Any()`); `isEmpty`/`isNotEmpty` on a field that is not text
// throw an InvalidOperationException, answered 500 (libraries/Willow.Batch/src/FilterOperations.cs,
// libraries/Willow.ExceptionHandling/GlobalExceptionFilter.cs); an enum filter value that does not parse becomes
// code 0 (libraries/Willow.Batch/src/Extensions/JsonElementExtensions.cs, `ParseOneOrDefaultEnum`); insight
// `state` and `sourceType` are enums stored as codes (InsightCore Models/InsightState.cs, Models/SourceType.cs,
// Entities/InsightEntity.cs).
import * as assert from 'node:assert/strict';
import { HttpError } from '../../../src/emulator/httpErrors';
import type { BatchEntity } from '../../../src/emulator/routes/batchFields';
import { runBatchQuery } from '../../../src/emulator/routes/batchQuery';
import { EmulatorTestClient } from './emulatorTestClient';

const entity: BatchEntity = {
  fields: ['id', 'name', 'priority', 'state'],
  nonTextFields: { priority: 'Int32', state: 'InsightState' },
  codedFields: { state: { inactive: 0, active: 1, archived: 9 } },
  items: 'things',
};
const limits = { defaultPageSize: 10, maxPageSize: 50, entity, defaultSort: [] };
const items = [
  { id: 'a', name: 'Alpha', priority: 2, state: 'active' },
  { id: 'b', name: 'bravo', priority: 1, state: 'inactive' },
  { id: 'c', name: 'Charlie', priority: 3, state: 'archived' },
];
const run = (body: unknown) => runBatchQuery(items, body, limits);
const ids = (body: unknown) => run(body).items.map((i) => i.id);
const nothing = { field: 'name', operator: '=', value: 'nobody' };

function status(body: unknown): number {
  try {
    run(body);
    return 200;
  } catch (e) {
    return e instanceof HttpError ? e.status : -1;
  }
}

describe('emulator: Willow.Batch edges (sort only when matched, empty tests on non-text, enum fallback)', () => {
  it('fails a sort without `sort`, on an unknown field or an unknown parent only when something matched', () => {
    for (const sort of [{ field: 'name' }, { field: 'noSuch', sort: 'asc' }, { field: 'noSuch.x', sort: 'asc' }]) {
      assert.equal(status({ sortSpecifications: [sort] }), 400, JSON.stringify(sort));
      const empty = run({ sortSpecifications: [sort], filterSpecifications: [nothing] });
      assert.deepEqual([empty.total, empty.items], [0, []], JSON.stringify(sort));
    }
    assert.equal(status({ sortSpecifications: [{ sort: 'asc' }], filterSpecifications: [nothing] }), 400, 'no field');
  });

  it('answers 500 for isEmpty and isNotEmpty on a field that is not text, whatever matched', () => {
    for (const operator of ['isEmpty', 'isNotEmpty']) {
      assert.throws(
        () => run({ filterSpecifications: [{ field: 'priority', operator }] }),
        (e: unknown) =>
          e instanceof HttpError &&
          e.status === 500 &&
          new RegExp(`^${operator} cannot filter priority of things: it is stored as Int32`).test(e.message),
      );
    }
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'name', operator: 'isNotEmpty' }] }), ['a', 'b', 'c']);
  });

  it('reads an enum value that does not parse as code 0, and a whole number as the code itself', () => {
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'state', operator: '=', value: 'nonsense' }] }), ['b']);
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'state', operator: '=', value: 9 }] }), ['c']);
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'state', operator: 'in', value: ['ACTIVE', 'x'] }] }), [
      'a',
      'b',
    ]);
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'state', operator: '!=', value: 'Active' }] }), ['b', 'c']);
  });

  it('compares `in` on text without case, as SQL Server runs it in its case-insensitive collation', () => {
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'name', operator: 'in', value: ['ALPHA', 'Bravo'] }] }), [
      'a',
      'b',
    ]);
  });

  describe('insights (InsightEntity.cs)', () => {
    let client: EmulatorTestClient;
    before(async () => {
      client = await EmulatorTestClient.start();
    });
    after(() => client.close());

    it('answers an empty page for a sort that cannot run when no insight matched', async () => {
      const res = await client.call('POST', '/insights', {
        filterSpecifications: [{ field: 'name', operator: '=', value: 'no such insight' }],
        sortSpecifications: [{ field: 'noSuchField' }],
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.total, 0);
    });

    it('answers 500 {statusCode, message, data} for isEmpty on priority', async () => {
      const res = await client.call('POST', '/insights', {
        filterSpecifications: [{ field: 'priority', operator: 'isEmpty' }],
      });
      assert.equal(res.status, 500, res.text);
      assert.equal(res.json.statusCode, 500);
      assert.match(res.json.message, /^isEmpty cannot filter priority of insights/);
    });

    it('stores state and sourceType as codes: comparisons refused, a word that does not parse is code 0', async () => {
      for (const field of ['state', 'sourceType']) {
        const res = await client.call('POST', '/insights', {
          filterSpecifications: [{ field, operator: '>', value: 'active' }],
        });
        assert.equal(res.status, 400, res.text);
        assert.match(JSON.stringify(res.json.errors), new RegExp(`cannot compare ${field} of insights`));
      }
      const all = await client.call('POST', '/insights', { pageSize: 100 });
      // Every sample insight comes from Willow's rules (sourceType willow, code 0): an unknown word reads as 0.
      const unknown = await client.call('POST', '/insights', {
        pageSize: 100,
        filterSpecifications: [{ field: 'sourceType', operator: '=', value: 'nonsense' }],
      });
      assert.equal(unknown.json.total, all.json.total);
    });
  });
});
