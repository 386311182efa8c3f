import * as assert from 'node:assert/strict';
import { FILTER_OPERATORS } from '../../../src/core/api/filterVocabulary';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

// The Willow.Batch rules over HTTP, on every list paged by page number.
const LISTS = [
  { path: '/insights', text: 'name', defaultPageSize: 10 },
  { path: '/events', text: 'name', defaultPageSize: 100 },
  { path: '/tickets', text: 'summary', defaultPageSize: 100 },
  { path: '/tickets/categories', text: 'name', defaultPageSize: 100 },
  { path: '/tickets/job-types', text: 'name', defaultPageSize: 100 },
  { path: '/tickets/service-needed', text: 'name', defaultPageSize: 100 },
];

interface Page {
  before: number;
  after: number;
  total: number;
  items: Array<Record<string, unknown>>;
}

describe('emulator page-number lists (Willow.Batch rules over HTTP)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start();
  });
  after(() => client.close());

  for (const list of LISTS) {
    describe(`POST ${list.path}`, () => {
      const call = (body: unknown) => client.call('POST', list.path, body);
      const page = async (body: unknown): Promise<Page> => {
        const res = await call(body);
        assert.equal(res.status, 200, res.text);
        return res.json as Page;
      };
      /** Top-level items only (insight children ride along with their roots). */
      const tops = (p: Page) => p.items.filter((i) => !i.scenarioId);

      it('refuses an operator the service does not spell with its ValidationProblemDetails, keyed FilterSpecifications[i]', async () => {
        const res = await call({
          filterSpecifications: [
            { field: list.text, operator: 'contains', value: 'a' },
            { field: list.text, operator: 'eq', value: 'a' },
          ],
        });
        assertProblem(res, 400, 'FilterSpecifications[1]');
        assert.equal(res.json.type, 'https://tools.ietf.org/html/rfc9110#section-15.5.1');
        assert.equal(res.json.title, 'One or more validation errors occurred.');
        assert.equal(typeof res.json.traceId, 'string');
        assert.deepEqual(res.json.errors, {
          'FilterSpecifications[1]': [
            `Unsupported expression of type 'eq'. Supported expression are: ${FILTER_OPERATORS.join(',')}`,
          ],
        });
      });

      it('refuses a sort without `sort` or on a field the items lack; ignores a filter on such a field', async () => {
        assertProblem(
          await call({ sortSpecifications: [{ field: list.text, isSortDescending: true }] }),
          400,
          'SortSpecifications[0].Sort',
        );
        assertProblem(
          await call({ sortSpecifications: [{ field: 'noSuchField', sort: 'asc' }] }),
          400,
          'SortSpecifications[0].Field',
        );
        const all = await page({ pageSize: 1000 });
        assert.ok(all.total > 1, 'the sample has items');
        assert.equal(
          (await page({ pageSize: 1000, filterSpecifications: [{ field: 'noSuchField', operator: '=', value: 'x' }] }))
            .total,
          all.total,
        );
      });

      it('answers 400 naming an unknown parent of a dot-path filter field; an unknown last segment is ignored', async () => {
        const res = await call({ filterSpecifications: [{ field: 'noSuch.x', operator: '=', value: 'a' }] });
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.statusCode ?? res.json.status, 400);
        assert.match(
          res.json.message ?? res.json.detail,
          /^'noSuch' is not a member of the .* \(filter field 'noSuch\.x'\)/,
        );
        const alsoInList = await call({
          filterSpecifications: [{ field: `${list.text},noSuch.x`, operator: '=', value: 'a' }],
        });
        assert.equal(alsoInList.status, 400, alsoInList.text);
        assert.equal(
          (await call({ filterSpecifications: [{ field: 'noSuch', operator: '=', value: 'a' }] })).status,
          200,
        );
      });

      it('sorts by `sort` ("asc" and "desc"), ignoring isSortDescending', async () => {
        const texts = (p: Page) => tops(p).map((i) => String(i[list.text]).toLowerCase());
        const ascending = texts(
          await page({
            pageSize: 1000,
            sortSpecifications: [{ field: list.text, sort: 'asc', isSortDescending: true }],
          }),
        );
        assert.deepEqual(ascending, [...ascending].sort());
        const descending = texts(
          await page({ pageSize: 1000, sortSpecifications: [{ field: list.text, sort: 'desc' }] }),
        );
        assert.deepEqual(descending, [...ascending].reverse());
      });

      it("filters with the service's words: valueless operators, comma lists of fields, in", async () => {
        const all = await page({ pageSize: 1000, sortSpecifications: [{ field: 'id', sort: 'asc' }] });
        const first = tops(all)[0];
        const byId = await page({
          filterSpecifications: [{ field: 'id', operator: 'in', value: [String(first.id).toUpperCase()] }],
        });
        assert.deepEqual(
          tops(byId).map((i) => i.id),
          [first.id],
        );
        const either = await page({
          filterSpecifications: [{ field: `${list.text},id`, operator: '=', value: first.id }],
        });
        assert.deepEqual(
          tops(either).map((i) => i.id),
          [first.id],
        );
        assert.equal(
          (await page({ pageSize: 1000, filterSpecifications: [{ field: 'id', operator: 'isNotNull' }] })).total,
          all.total,
        );
        assert.equal(
          (await page({ pageSize: 1000, filterSpecifications: [{ field: 'id', operator: 'isNull' }] })).total,
          0,
        );
        assertProblem(
          await call({ filterSpecifications: [{ field: 'id', operator: 'notin', value: [] }] }),
          400,
          'FilterSpecifications[0]',
        );
      });

      it(`pages from 1 with ${list.defaultPageSize} by default, before = (page - 1) × pageSize even past the end`, async () => {
        const second = await page({ page: 2 });
        assert.equal(second.before, list.defaultPageSize);
        assert.equal(second.after, second.total - list.defaultPageSize - tops(second).length);
        const far = await page({ page: 1000, pageSize: 1 });
        assert.deepEqual([far.before, far.after, far.items.length], [999, far.total - 999, 0]);
        const one = await page({ page: 2, pageSize: 1 });
        assert.deepEqual([one.before, one.after, tops(one).length], [1, one.total - 2, 1]);
      });
    });
  }
});
