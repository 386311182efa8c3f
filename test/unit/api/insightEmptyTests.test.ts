// The client refuses what the service fails on before sending (libraries/Willow.Batch/src/FilterOperations.cs:
// `isEmpty`/`isNotEmpty` compare with "", which .NET cannot build on a field that is not text: HTTP 500;
// insight `state` and `sourceType` are enums stored as codes: InsightCore Models/InsightState.cs,
// Models/SourceType.cs), and offers neither in the panel's operator list for such a field.
import * as assert from 'node:assert/strict';
import { INSIGHT_FILTER_OPERATORS, operatorsForField } from '../../../src/core/api/filterVocabulary';
import { INSIGHT_NON_TEXT_FIELDS } from '../../../src/core/api/insightEntity';
import { apiFailure, fakeServicesPerTest } from './fakeService';

describe('client: empty tests on non-text insight fields, coded state and sourceType (FilterOperations.cs)', () => {
  const start = fakeServicesPerTest();
  const emptyPage = { status: 200, body: { before: 0, after: 0, total: 0, items: [] } };

  for (const [field, operator, expected] of [
    ['priority', 'isEmpty', /isEmpty cannot filter priority of insights: it is stored as Int32, not text/],
    ['detectedDate', 'isNotEmpty', /isNotEmpty cannot filter detectedDate of insights: .* use isNull or isNotNull/],
    ['state', '>', /> cannot compare state of insights: .*inactive 0, active 1, archived 9/],
    ['sourceType', '<=', /<= cannot compare sourceType of insights: .*willow 0, app 1, inspection 2/],
  ] as const) {
    it(`refuses ${operator} on ${field} before sending`, async () => {
      const service = await start((r) => (r.path === '/insights' ? emptyPage : undefined));
      const error = await apiFailure(
        Promise.resolve().then(() =>
          service.client().listInsights({
            filterSpecifications: [{ field, operator, ...(operator.startsWith('is') ? {} : { value: 'x' }) }],
          }),
        ),
      );
      assert.match(error.message, expected);
      assert.equal(service.apiRequests.length, 0);
    });
  }

  it('sends isEmpty on a text field', async () => {
    const service = await start((r) => (r.path === '/insights' ? emptyPage : undefined));
    await service.client().listInsights({ filterSpecifications: [{ field: 'ruleId', operator: 'isEmpty' }] });
    assert.equal(service.apiRequests.length, 1);
  });

  it('offers the empty tests only on text fields', () => {
    assert.ok(operatorsForField(INSIGHT_FILTER_OPERATORS, 'name', INSIGHT_NON_TEXT_FIELDS).includes('isEmpty'));
    const offered = operatorsForField(INSIGHT_FILTER_OPERATORS, 'priority', INSIGHT_NON_TEXT_FIELDS);
    assert.ok(!offered.includes('isEmpty') && !offered.includes('isNotEmpty'));
    assert.ok(offered.includes('isNull'));
  });
});
