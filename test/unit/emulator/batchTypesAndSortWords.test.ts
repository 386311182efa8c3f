// Willow.Batch on typed stored fields and on sort words (Willow source: libraries/Willow.Batch/src/FilterOperations.cs
// (text operators are `string` methods: an ArgumentException on a number or a date, which
// libraries/Willow.ExceptionHandling/GlobalExceptionFilter.cs answers 400 `{statusCode, message, data}`),
// Dtos/SortSpecificationDto.cs (`IsSortDescending => Sort.ToLower() == "desc"`), Extensions/ExpressionExtensions.cs
// (`GetProperty`: an unknown parent throws an ArgumentException); insights stored as
// extensions/real-estate/back-end/InsightCore/src/InsightCore/Entities/InsightEntity.cs).
import * as assert from 'node:assert/strict';
import { HttpError } from '../../../src/emulator/httpErrors';
import type { BatchEntity } from '../../../src/emulator/routes/batchFields';
import { parseBatchRequest, runBatchQuery } from '../../../src/emulator/routes/batchQuery';
import { EmulatorTestClient } from './emulatorTestClient';

const entity: BatchEntity = {
  fields: ['id', 'name', 'priority', 'createdDate'],
  nonTextFields: { priority: 'Int32', createdDate: 'DateTime' },
  items: 'things',
};
const limits = { defaultPageSize: 10, maxPageSize: 50, entity, defaultSort: [] };
const items = [
  { id: 'a', name: 'Alpha', priority: 2, createdDate: '2026-01-03T00:00:00Z' },
  { id: 'b', name: 'bravo', priority: 1, createdDate: '2026-01-01T00:00:00Z' },
  { id: 'c', name: 'Charlie', priority: 3, createdDate: '2026-01-02T00:00:00Z' },
];
const ids = (body: unknown) => runBatchQuery(items, body, limits).items.map((i) => i.id);

function failsWith400(body: unknown, message: RegExp): void {
  assert.throws(
    () => parseBatchRequest(body, limits),
    (e: unknown) => e instanceof HttpError && e.status === 400 && message.test(e.message),
  );
}

describe('emulator: text operators on numbers and dates, and sort words (Willow.Batch FilterOperations.cs, SortSpecificationDto.cs)', () => {
  for (const operator of ['contains', 'like', 'notcontains', 'startsWith', 'endsWith']) {
    it(`answers 400 for ${operator} on a number or a date`, () => {
      failsWith400(
        { filterSpecifications: [{ field: 'priority', operator, value: '4' }] },
        new RegExp(`^${operator} cannot filter priority of things: it is stored as Int32, not text`),
      );
      failsWith400(
        { filterSpecifications: [{ field: 'name,createdDate', operator, value: '20' }] },
        /cannot filter createdDate of things: it is stored as DateTime/,
      );
    });
  }

  it('keeps the text operators on text fields and the other operators on numbers and dates', () => {
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'name', operator: 'contains', value: 'RAV' }] }), ['b']);
    assert.deepEqual(ids({ filterSpecifications: [{ field: 'priority', operator: '>=', value: 2 }] }).sort(), [
      'a',
      'c',
    ]);
  });

  it('sorts descending only for "desc" (any case) and ascending for every other word, without an error', () => {
    const sorted = (sort: string) => ids({ sortSpecifications: [{ field: 'priority', sort }] }).join('');
    assert.equal(sorted('desc'), 'cab');
    assert.equal(sorted('DESC'), 'cab');
    for (const word of ['asc', 'descending', 'Ascending', 'down', '']) assert.equal(sorted(word), 'bac', word);
  });

  it('answers 400 {statusCode, message, data} for a sort field whose parent the items lack', () => {
    assert.throws(
      () => runBatchQuery(items, { sortSpecifications: [{ field: 'noSuch.x', sort: 'asc' }] }, limits),
      (e: unknown) =>
        e instanceof HttpError &&
        e.status === 400 &&
        /^'noSuch' is not a member of the things listed \(sort field 'noSuch\.x'\)/.test(e.message),
    );
  });

  describe('insights (InsightEntity.cs)', () => {
    let client: EmulatorTestClient;
    before(async () => {
      client = await EmulatorTestClient.start();
    });
    after(() => client.close());

    for (const [field, value] of [
      ['priority', '4'],
      ['createdDate', '20'],
      ['occurrenceCount', '1'],
      ['type', 'fault'],
    ]) {
      it(`answers 400 {statusCode, message, data} for contains on ${field}`, async () => {
        const res = await client.call('POST', '/insights', {
          filterSpecifications: [{ field, operator: 'contains', value }],
        });
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.statusCode, 400);
        assert.match(res.json.message, new RegExp(`^contains cannot filter ${field} of insights`));
      });
    }
  });
});
