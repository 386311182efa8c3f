import * as assert from 'node:assert/strict';
import { HttpError } from '../../../src/emulator/httpErrors';
import { matchesFilters, parseBatchRequest, runBatchQuery, sortBy } from '../../../src/emulator/routes/batchQuery';

const limits = { defaultPageSize: 3, maxPageSize: 50 };
const items = [
  { id: 'a', name: 'Alpha', priority: 2, createdDate: '2026-01-03T00:00:00Z', status: { name: 'Open' }, tags: ['x', 'y'] },
  { id: 'b', name: 'bravo', priority: 1, createdDate: '2026-01-01T10:00:00+10:00', status: { name: 'Closed' }, tags: [] },
  { id: 'c', name: 'Charlie', priority: 3, createdDate: '2026-01-02T00:00:00Z', status: { name: 'open' }, tags: ['y'] },
  { id: 'd', name: 'delta', priority: null, createdDate: '2026-01-04T00:00:00Z', status: { name: 'Resolved' }, tags: ['z'] },
  { id: 'e', name: 'Echo', priority: 4, createdDate: '2026-01-05T00:00:00Z', status: null, tags: ['x'] },
];
const run = (body: unknown) => runBatchQuery(items, body, { ...limits, defaultSort: [sortBy('id')] });
const ids = (body: unknown) => run(body).items.map((i) => i.id);

function rejects(body: unknown, fieldName: string): void {
  assert.throws(() => parseBatchRequest(body, limits), (err: unknown) => {
    assert.ok(err instanceof HttpError);
    assert.equal(err.status, 400);
    assert.ok(err.errors && fieldName in err.errors, `expected an error on ${fieldName}, got ${JSON.stringify(err.errors)}`);
    return true;
  });
}

describe('emulator BatchRequest engine', () => {
  it('treats an absent body, page 0 and page null as the first page with the default size', () => {
    for (const body of [undefined, {}, { page: 0 }, { page: null, pageSize: null }, { page: 0, pageSize: 0 }]) {
      assert.deepEqual(run(body), { before: 0, after: 2, total: 5, items: items.slice(0, 3) });
    }
  });

  it('pages are 1-based and before/after/total count items on other pages', () => {
    assert.deepEqual(run({ page: 2, pageSize: 2 }), { before: 2, after: 1, total: 5, items: items.slice(2, 4) });
    assert.deepEqual(run({ page: 9, pageSize: 2 }), { before: 5, after: 0, total: 5, items: [] });
  });

  it('rejects bad paging values naming the field', () => {
    rejects({ page: -1 }, 'page');
    rejects({ page: 1.5 }, 'page');
    rejects({ pageSize: 51 }, 'pageSize');
    rejects({ pageSize: -2 }, 'pageSize');
    rejects({ pageSize: '10' }, 'pageSize');
    rejects([1, 2], '$');
  });

  it('sorts by case-insensitive field names and nested dot paths, descending on request, missing values last', () => {
    assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'Priority' }] }), ['b', 'a', 'c', 'e', 'd']);
    assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'priority', isSortDescending: true }] }), ['e', 'c', 'a', 'b', 'd']);
    assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'STATUS.NAME', sort: 'desc' }] }), ['d', 'a', 'c', 'b', 'e']);
    assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'name' }] }), ['a', 'b', 'c', 'd', 'e']);
  });

  it('compares ISO date-times by instant, not by text', () => {
    assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'createdDate' }] }), ['b', 'c', 'a', 'd', 'e']);
    assert.deepEqual(ids({ pageSize: 50, filterSpecifications: [{ field: 'createdDate', operator: 'lt', value: '2026-01-01T00:30:00Z' }] }), ['b']);
  });

  it('supports every documented operator, case-insensitively', () => {
    const f = (operator: string, fieldName: string, value: unknown) => ids({ pageSize: 50, filterSpecifications: [{ field: fieldName, operator, value }] });
    assert.deepEqual(f('EQ', 'status.name', 'OPEN'), ['a', 'c']);
    assert.deepEqual(f('neq', 'status.name', 'open'), ['b', 'd', 'e']);
    assert.deepEqual(f('gt', 'priority', 2), ['c', 'e']);
    assert.deepEqual(f('gte', 'priority', 2), ['a', 'c', 'e']);
    assert.deepEqual(f('lt', 'priority', 2), ['b']);
    assert.deepEqual(f('lte', 'priority', '2'), ['a', 'b']);
    assert.deepEqual(f('contains', 'name', 'HAR'), ['c']);
    assert.deepEqual(f('startswith', 'name', 'd'), ['d']);
    assert.deepEqual(f('in', 'id', ['e', 'a', 'zz']), ['a', 'e']);
    assert.deepEqual(f('eq', 'priority', null), ['d']);
    assert.deepEqual(f('eq', 'tags', 'y'), ['a', 'c']);
    assert.deepEqual(f('neq', 'tags', 'x'), ['b', 'c', 'd']);
  });

  it('reaches into arrays of objects with a dot path', () => {
    const scored = [
      { id: 'p', scores: [{ name: 'cost', value: 5 }, { name: 'energy', value: 50 }] },
      { id: 'q', scores: [{ name: 'cost', value: 20 }] },
      { id: 'r', scores: [] },
    ];
    const matching = (filter: unknown) => runBatchQuery(scored, { filterSpecifications: [filter] }, { ...limits, defaultSort: [sortBy('id')] }).items.map((i) => i.id);
    assert.deepEqual(matching({ field: 'scores.name', operator: 'eq', value: 'energy' }), ['p']);
    assert.deepEqual(matching({ field: 'Scores.Value', operator: 'gte', value: 20 }), ['p', 'q']);
    assert.deepEqual(matching({ field: 'scores.value', operator: 'neq', value: 5 }), ['q', 'r']);
  });

  it('combines filters with And binding tighter than Or', () => {
    const query = parseBatchRequest({
      filterSpecifications: [
        { field: 'status.name', operator: 'eq', value: 'open' },
        { field: 'priority', operator: 'gt', value: 2, filterConditionOperator: 'and' },
        { field: 'id', operator: 'eq', value: 'e', filterConditionOperator: 'Or' },
      ],
    }, limits);
    assert.deepEqual(items.filter((i) => matchesFilters(i, query.filters)).map((i) => i.id), ['c', 'e']);
  });

  it('rejects malformed sort and filter specifications naming the entry', () => {
    rejects({ sortSpecifications: {} }, 'sortSpecifications');
    rejects({ sortSpecifications: [{ isSortDescending: true }] }, 'sortSpecifications[0].field');
    rejects({ sortSpecifications: [{ field: 'a', sort: 'sideways' }] }, 'sortSpecifications[0].sort');
    rejects({ sortSpecifications: [{ field: 'a', isSortDescending: 'yes' }] }, 'sortSpecifications[0].isSortDescending');
    rejects({ filterSpecifications: [{ field: 'a', operator: 'like', value: 1 }] }, 'filterSpecifications[0].operator');
    rejects({ filterSpecifications: [{ field: 'a', operator: 'eq', value: 1 }, { operator: 'eq', value: 1 }] }, 'filterSpecifications[1].field');
    rejects({ filterSpecifications: [{ field: 'a', operator: 'in', value: 'x' }] }, 'filterSpecifications[0].value');
    rejects({ filterSpecifications: [{ field: 'a', operator: 'contains', value: 3 }] }, 'filterSpecifications[0].value');
    rejects({ filterSpecifications: [{ field: 'a', operator: 'eq', value: 1, filterConditionOperator: 'xor' }] }, 'filterSpecifications[0].filterConditionOperator');
    rejects({ filterSpecifications: [{ field: 'a..b', operator: 'eq', value: 1 }] }, 'filterSpecifications[0].field');
  });

  it('accepts PascalCase request keys', () => {
    assert.deepEqual(run({ Page: 2, PageSize: 1, SortSpecifications: [{ Field: 'name', IsSortDescending: true }] }).items.map((i) => i.id), ['d']);
  });
});
