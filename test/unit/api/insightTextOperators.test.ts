// The client refuses what Willow.Batch cannot build before sending: a text operator on a stored insight field that is
// not text (Willow source: libraries/Willow.Batch/src/FilterOperations.cs, string methods on an Int32 or a DateTime
// throw an ArgumentException, answered 400; the stored types from
// extensions/real-estate/back-end/InsightCore/src/InsightCore/Entities/InsightEntity.cs), and a sort word the service
// would read as ascending (libraries/Willow.Batch/src/Dtos/SortSpecificationDto.cs).
import * as assert from 'node:assert/strict';
import { checkSortSpecifications } from '../../../src/core/api/filterChecks';
import { INSIGHT_FILTER_OPERATORS, operatorsForField } from '../../../src/core/api/filterVocabulary';
import { INSIGHT_NON_TEXT_FIELDS } from '../../../src/core/api/insightEntity';
import { apiFailure, fakeServicesPerTest } from './fakeService';

describe('client: text operators only on text insight fields; sort words (FilterOperations.cs, SortSpecificationDto.cs)', () => {
  const start = fakeServicesPerTest();

  for (const [field, value] of [
    ['priority', '4'],
    ['createdDate', '20'],
    ['detectedDate', '2024'],
    ['siteId', 'abc'],
  ]) {
    it(`refuses contains on ${field} before sending`, async () => {
      const service = await start((r) =>
        r.path === '/insights' ? { status: 200, body: { before: 0, after: 0, total: 0, items: [] } } : undefined,
      );
      const error = await apiFailure(
        Promise.resolve().then(() =>
          service.client().listInsights({ filterSpecifications: [{ field, operator: 'contains', value }] }),
        ),
      );
      assert.match(
        error.message,
        new RegExp(`contains cannot filter ${field} of insights: it is stored as \\w+, not text`),
      );
      assert.equal(service.apiRequests.length, 0);
    });
  }

  it('sends contains on a text field', async () => {
    const service = await start((r) =>
      r.path === '/insights' ? { status: 200, body: { before: 0, after: 0, total: 0, items: [] } } : undefined,
    );
    await service
      .client()
      .listInsights({ filterSpecifications: [{ field: 'ruleId', operator: 'contains', value: 'x' }] });
    assert.equal(service.apiRequests.length, 1);
  });

  it('offers the text operators only on text fields', () => {
    assert.ok(operatorsForField(INSIGHT_FILTER_OPERATORS, 'name', INSIGHT_NON_TEXT_FIELDS).includes('contains'));
    for (const field of ['priority', 'createdDate', 'occurrenceCount', 'status']) {
      const offered = operatorsForField(INSIGHT_FILTER_OPERATORS, field, INSIGHT_NON_TEXT_FIELDS);
      assert.ok(!offered.includes('contains') && !offered.includes('like'), field);
      assert.ok(offered.includes('='), field);
    }
  });

  it('refuses a sort word other than asc or desc, saying the service would sort ascending', () => {
    assert.throws(
      () => checkSortSpecifications('listInsights', [{ field: 'name', sort: 'descending' }]),
      /got "descending" \(the service sorts descending only for "desc" and ascending for any other word, without an error\)/,
    );
    assert.doesNotThrow(() => checkSortSpecifications('listInsights', [{ field: 'name', sort: 'DESC' }]));
  });
});
