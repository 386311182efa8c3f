import * as assert from 'node:assert/strict';
import { FILTER_OPERATORS } from '../../../src/core/api/filterVocabulary';
import { HttpError } from '../../../src/emulator/httpErrors';
import type { BatchEntity } from '../../../src/emulator/routes/batchFields';
import {
  matchesFilters,
  parseBatchRequest,
  runBatchQuery,
  sortable,
  sortBy,
} from '../../../src/emulator/routes/batchQuery';

const entity: BatchEntity = { fields: ['id', 'name', 'priority', 'createdDate', 'status', 'tags', 'note', 'scores'] };
const limits = { defaultPageSize: 3, maxPageSize: 50, entity };
const items = [
  {
    id: 'a',
    name: 'Alpha',
    priority: 2,
    createdDate: '2026-01-03T00:00:00Z',
    status: { name: 'Open' },
    tags: ['x', 'y'],
    note: '',
  },
  {
    id: 'b',
    name: 'bravo',
    priority: 1,
    createdDate: '2026-01-01T10:00:00+10:00',
    status: { name: 'Closed' },
    tags: [],
    note: 'fan noise',
  },
  {
    id: 'c',
    name: 'Charlie',
    priority: 3,
    createdDate: '2026-01-02T00:00:00Z',
    status: { name: 'open' },
    tags: ['y'],
    note: '  ',
  },
  {
    id: 'd',
    name: 'delta',
    priority: null,
    createdDate: '2026-01-04T00:00:00Z',
    status: { name: 'Resolved' },
    tags: ['z'],
    note: null,
  },
  { id: 'e', name: 'Echo', priority: 4, createdDate: '2026-01-05T00:00:00Z', status: null, tags: ['x'] },
];
const run = (body: unknown) => runBatchQuery(items, body, { ...limits, defaultSort: [sortBy('id')] });
const ids = (body: unknown) => run(body).items.map((i) => i.id);
const where = (...filterSpecifications: unknown[]) => ids({ pageSize: 50, filterSpecifications });

/** The 400's validation errors for `body`. */
/** The 400's field errors, binding problems or those the sort raises when items matched (`sortable`). */
function problems(body: unknown): Record<string, string[]> {
  try {
    sortable(parseBatchRequest(body, limits), 1);
  } catch (err) {
    assert.ok(err instanceof HttpError, String(err));
    assert.equal(err.status, 400);
    return err.errors ?? {};
  }
  assert.fail(`expected ${JSON.stringify(body)} to be refused`);
}

function rejects(body: unknown, key: string, message?: RegExp): void {
  const errors = problems(body);
  assert.ok(key in errors, `expected an error on ${key}, got ${JSON.stringify(errors)}`);
  if (message) assert.match(errors[key].join(' '), message);
}

describe('emulator BatchRequest engine', () => {
  describe('paging (1-based, before/after as the service computes them)', () => {
    it('treats an absent body, a page of 0, null or below and a pageSize of 0 or null as the first page with the default size', () => {
      for (const body of [
        undefined,
        {},
        { page: 0 },
        { page: -3 },
        { page: null, pageSize: null },
        { page: 0, pageSize: 0 },
      ]) {
        assert.deepEqual(run(body), { before: 0, after: 2, total: 5, items: items.slice(0, 3) });
      }
    });

    it('counts before as (page - 1) × pageSize and after as what follows, even past the end', () => {
      assert.deepEqual(run({ page: 2, pageSize: 2 }), { before: 2, after: 1, total: 5, items: items.slice(2, 4) });
      assert.deepEqual(run({ page: 3, pageSize: 2 }), { before: 4, after: 0, total: 5, items: items.slice(4) });
      assert.deepEqual(run({ page: 9, pageSize: 2 }), { before: 16, after: -11, total: 5, items: [] });
    });

    it('rejects bad paging values naming the field', () => {
      rejects({ page: 1.5 }, 'page');
      rejects({ page: '2' }, 'page');
      rejects({ pageSize: 51 }, 'pageSize');
      rejects({ pageSize: -2 }, 'pageSize');
      rejects({ pageSize: '10' }, 'pageSize');
      assert.throws(
        () => parseBatchRequest([1, 2], limits),
        (err: unknown) => err instanceof HttpError && err.status === 400,
      );
    });
  });

  describe('sorting by `sort`', () => {
    it('sorts by case-insensitive field names and dot paths, "asc" or "desc" in any case, nulls first ascending and last descending', () => {
      assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'Priority', sort: 'asc' }] }), [
        'd',
        'b',
        'a',
        'c',
        'e',
      ]);
      assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'priority', sort: 'DESC' }] }), [
        'e',
        'c',
        'a',
        'b',
        'd',
      ]);
      assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'STATUS.NAME', sort: 'desc' }] }), [
        'd',
        'a',
        'c',
        'b',
        'e',
      ]);
      assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'name', sort: '' }] }), [
        'a',
        'b',
        'c',
        'd',
        'e',
      ]);
    });

    it('ignores isSortDescending: it is computed from sort', () => {
      assert.deepEqual(
        ids({ pageSize: 50, sortSpecifications: [{ field: 'priority', sort: 'asc', isSortDescending: true }] }),
        ['d', 'b', 'a', 'c', 'e'],
      );
    });

    it('refuses a sort without `sort` (the service fails with 500 there), saying isSortDescending is ignored', () => {
      rejects(
        { sortSpecifications: [{ field: 'priority', isSortDescending: true }] },
        'SortSpecifications[0].Sort',
        /"asc" or "desc".*isSortDescending .*ignored/,
      );
      rejects({ sortSpecifications: [{ field: 'priority' }] }, 'SortSpecifications[0].Sort');
    });

    it('refuses a sort on a field the items lack, a list[sub] or a comma list', () => {
      rejects({ sortSpecifications: [{ field: 'colour', sort: 'asc' }] }, 'SortSpecifications[0].Field', /colour/);
      rejects({ sortSpecifications: [{ field: 'scores[value]', sort: 'asc' }] }, 'SortSpecifications[0].Field');
      rejects({ sortSpecifications: [{ field: 'name,id', sort: 'asc' }] }, 'SortSpecifications[0].Field');
      rejects({ sortSpecifications: [{ sort: 'asc' }] }, 'SortSpecifications[0].Field', /The Field field is required/);
    });

    it('compares ISO date-times by instant, not by text', () => {
      assert.deepEqual(ids({ pageSize: 50, sortSpecifications: [{ field: 'createdDate', sort: 'asc' }] }), [
        'b',
        'c',
        'a',
        'd',
        'e',
      ]);
    });
  });

  describe('filter operators, spelled as the service spells them', () => {
    it('compares with = equals is != not > >= < <=, text trimmed and without case, numeric text as numbers', () => {
      for (const op of ['=', 'equals', 'is'])
        assert.deepEqual(where({ field: 'status.name', operator: op, value: ' OPEN ' }), ['a', 'c']);
      for (const op of ['!=', 'not'])
        assert.deepEqual(where({ field: 'status.name', operator: op, value: 'open' }), ['b', 'd']);
      assert.deepEqual(where({ field: 'priority', operator: '>', value: 2 }), ['c', 'e']);
      assert.deepEqual(where({ field: 'priority', operator: '>=', value: '2' }), ['a', 'c', 'e']);
      assert.deepEqual(where({ field: 'priority', operator: '<', value: 2 }), ['b']);
      assert.deepEqual(where({ field: 'priority', operator: '<=', value: 2 }), ['a', 'b']);
      assert.deepEqual(where({ field: 'createdDate', operator: '<', value: '2026-01-01T00:30:00Z' }), ['b']);
    });

    it('fails every operator but isNull on a null value, != included', () => {
      assert.deepEqual(where({ field: 'priority', operator: '!=', value: 1 }), ['a', 'c', 'e']);
      assert.deepEqual(where({ field: 'priority', operator: 'isNull' }), ['d']);
      assert.deepEqual(where({ field: 'priority', operator: 'isNotNull' }), ['a', 'b', 'c', 'e']);
      assert.deepEqual(where({ field: 'note', operator: 'notcontains', value: 'fan' }), ['a', 'c']);
    });

    it('matches text with contains notcontains startsWith endsWith like, without case', () => {
      assert.deepEqual(where({ field: 'name', operator: 'contains', value: 'HAR' }), ['c']);
      assert.deepEqual(where({ field: 'name', operator: 'notcontains', value: 'a' }), ['e']);
      assert.deepEqual(where({ field: 'name', operator: 'startsWith', value: 'd' }), ['d']);
      assert.deepEqual(where({ field: 'name', operator: 'endsWith', value: 'HO' }), ['e']);
      assert.deepEqual(where({ field: 'name', operator: 'like', value: 'r_v' }), ['b']);
      assert.deepEqual(where({ field: 'name', operator: 'like', value: 'L%A' }), ['a', 'd']);
    });

    it('tells empty from null text with isEmpty and isNotEmpty (blank counts as empty)', () => {
      assert.deepEqual(where({ field: 'note', operator: 'isEmpty' }), ['a', 'c']);
      assert.deepEqual(where({ field: 'note', operator: 'isNotEmpty' }), ['b']);
    });

    it('tests membership with in, containedIn and notin', () => {
      assert.deepEqual(where({ field: 'id', operator: 'in', value: ['e', 'A', 'zz'] }), ['a', 'e']);
      assert.deepEqual(where({ field: 'id', operator: 'containedIn', value: ['b'] }), ['b']);
      assert.deepEqual(where({ field: 'priority', operator: 'notin', value: [1, 2] }), ['c', 'e']);
    });

    it('holds on an array of values when any element does (every element for negative operators)', () => {
      assert.deepEqual(where({ field: 'tags', operator: '=', value: 'y' }), ['a', 'c']);
      assert.deepEqual(where({ field: 'tags', operator: '!=', value: 'x' }), ['b', 'c', 'd']);
      assert.deepEqual(where({ field: 'tags', operator: 'isEmpty' }), ['b']);
    });

    it("refuses any other spelling, case included, with the service's message keyed FilterSpecifications[i]", () => {
      for (const operator of ['eq', 'neq', 'gte', 'lt', 'exists', 'StartsWith', 'EQUALS', 'between']) {
        rejects(
          {
            filterSpecifications: [
              { field: 'name', operator: '=', value: 1 },
              { field: 'name', operator, value: 1 },
            ],
          },
          'FilterSpecifications[1]',
          new RegExp(
            `^Unsupported expression of type '${operator}'\\. Supported expression are: ${FILTER_OPERATORS.join(',').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
          ),
        );
      }
    });

    it('requires a value except for isNull, isNotNull, isEmpty, isNotEmpty, and a non-empty array for in, notin, containedIn', () => {
      rejects(
        { filterSpecifications: [{ field: 'name', operator: '=' }] },
        'FilterSpecifications[0]',
        /^= requires value to be assigned\.$/,
      );
      rejects(
        { filterSpecifications: [{ field: 'name', operator: 'contains', value: null }] },
        'FilterSpecifications[0]',
        /contains requires value/,
      );
      for (const operator of ['in', 'notin', 'containedIn']) {
        rejects(
          { filterSpecifications: [{ field: 'id', operator, value: [] }] },
          'FilterSpecifications[0]',
          new RegExp(`^${operator} requires value to be a non-empty collection\\.$`),
        );
        rejects(
          { filterSpecifications: [{ field: 'id', operator, value: 'a' }] },
          'FilterSpecifications[0]',
          /non-empty collection/,
        );
      }
      for (const operator of ['isNull', 'isNotNull', 'isEmpty', 'isNotEmpty'])
        assert.doesNotThrow(() => parseBatchRequest({ filterSpecifications: [{ field: 'name', operator }] }, limits));
    });

    it('requires the field and the operator, and reports every problem of the request at once', () => {
      const errors = problems({
        filterSpecifications: [
          { operator: '=', value: 1 },
          { field: 'name', value: 1 },
          { field: 'name', operator: 'eq', value: 1 },
        ],
        sortSpecifications: [{ sort: 'asc' }],
      });
      assert.deepEqual(Object.keys(errors).sort(), [
        'FilterSpecifications[0].Field',
        'FilterSpecifications[1].Operator',
        'FilterSpecifications[2]',
        'SortSpecifications[0].Field',
      ]);
      assert.deepEqual(errors['FilterSpecifications[0].Field'], ['The Field field is required.']);
    });
  });

  describe('fields', () => {
    it('ignores a filter on a field the items lack: it holds for every item', () => {
      assert.deepEqual(where({ field: 'colour', operator: '=', value: 'red' }), ['a', 'b', 'c', 'd', 'e']);
      assert.deepEqual(
        where({ field: 'colour', operator: '=', value: 'red' }, { field: 'id', operator: '=', value: 'c' }),
        ['c'],
      );
    });

    it('ORs a comma list of fields, and ignores the filter when one of them is unknown', () => {
      assert.deepEqual(where({ field: 'name, note', operator: 'contains', value: 'fan' }), ['b']);
      assert.deepEqual(where({ field: 'name,id', operator: '=', value: 'c' }), ['c']);
      assert.deepEqual(where({ field: 'name,colour', operator: '=', value: 'c' }), ['a', 'b', 'c', 'd', 'e']);
    });

    it('fails a dot path whose parent is null, whatever the operator', () => {
      assert.deepEqual(where({ field: 'status.name', operator: 'isNull' }), []);
      assert.deepEqual(where({ field: 'status.name', operator: 'isNotNull' }), ['a', 'b', 'c', 'd']);
    });

    it('reaches into arrays of objects with list[sub] (any element), and ignores a dot path through a list', () => {
      const scored = [
        {
          id: 'p',
          scores: [
            { name: 'cost', value: 5 },
            { name: 'energy', value: 50 },
          ],
        },
        { id: 'q', scores: [{ name: 'cost', value: 20 }] },
        { id: 'r', scores: [] },
        { id: 's', scores: null },
      ];
      const matching = (filter: unknown) =>
        runBatchQuery(scored, { filterSpecifications: [filter] }, { ...limits, defaultSort: [sortBy('id')] }).items.map(
          (i) => i.id,
        );
      assert.deepEqual(matching({ field: 'scores[name]', operator: '=', value: 'energy' }), ['p']);
      assert.deepEqual(matching({ field: 'Scores[Value]', operator: '>=', value: 20 }), ['p', 'q']);
      assert.deepEqual(matching({ field: 'scores[value]', operator: '!=', value: 5 }), ['p', 'q']);
      assert.deepEqual(matching({ field: 'scores.name', operator: '=', value: 'energy' }), ['p', 'q', 'r']);
    });

    it('refuses a field text that is no path', () => {
      for (const field of ['a..b', 'tags[', 'scores[value]x', '.name'])
        rejects({ filterSpecifications: [{ field, operator: '=', value: 1 }] }, 'FilterSpecifications[0].Field');
    });
  });

  it('combines filters with And binding tighter than Or', () => {
    const query = parseBatchRequest(
      {
        filterSpecifications: [
          { field: 'status.name', operator: '=', value: 'open' },
          { field: 'priority', operator: '>', value: 2, filterConditionOperator: 'and' },
          { field: 'id', operator: '=', value: 'e', filterConditionOperator: 'Or' },
        ],
      },
      limits,
    );
    assert.deepEqual(
      items.filter((i) => matchesFilters(i, query.filters)).map((i) => i.id),
      ['c', 'e'],
    );
    rejects(
      { filterSpecifications: [{ field: 'id', operator: '=', value: 1, filterConditionOperator: 'xor' }] },
      'FilterSpecifications[0].FilterConditionOperator',
    );
  });

  it('accepts PascalCase request keys', () => {
    assert.deepEqual(
      run({ Page: 2, PageSize: 1, SortSpecifications: [{ Field: 'name', Sort: 'desc' }] }).items.map((i) => i.id),
      ['d'],
    );
    assert.deepEqual(
      run({ FilterSpecifications: [{ Field: 'id', Operator: '=', Value: 'b' }] }).items.map((i) => i.id),
      ['b'],
    );
  });
});
