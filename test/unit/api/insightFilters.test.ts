import * as assert from 'node:assert/strict';
import {
  FILTER_OPERATORS,
  INSIGHT_FILTER_OPERATORS,
  INSIGHT_UNRUNNABLE_OPERATORS,
} from '../../../src/core/api/filterVocabulary';
import { apiFailure, fakeServicesPerTest } from './fakeService';

// Insights are filtered by EF Core on SQL Server: Willow.Batch's startsWith, endsWith and notcontains use
// string methods with a StringComparison it cannot translate, so a real instance answers 500.
describe('insight filters the real store cannot run', function () {
  this.timeout(30_000);
  const start = fakeServicesPerTest();
  const PAGE = { before: 0, after: 0, total: 0, items: [] };

  it('offers only operators the service can run on insights, contains and like among them', () => {
    for (const operator of INSIGHT_UNRUNNABLE_OPERATORS)
      assert.ok(!INSIGHT_FILTER_OPERATORS.includes(operator), operator);
    assert.deepEqual(INSIGHT_UNRUNNABLE_OPERATORS, ['startsWith', 'endsWith', 'notcontains']);
    for (const operator of ['contains', 'like', '=', 'in', 'isNull'] as const)
      assert.ok(INSIGHT_FILTER_OPERATORS.includes(operator), operator);
    for (const operator of INSIGHT_FILTER_OPERATORS) assert.ok(FILTER_OPERATORS.includes(operator), operator);
  });

  it('refuses startsWith, endsWith and notcontains on insights before sending, saying what works instead', async () => {
    const service = await start((request) => (request.path === '/tickets' ? { status: 200, body: PAGE } : undefined));
    const client = service.client();
    for (const operator of INSIGHT_UNRUNNABLE_OPERATORS) {
      const error = await apiFailure(
        (async () => client.listInsights({ filterSpecifications: [{ field: 'name', operator, value: 'AHU' }] }))(),
      );
      assert.equal(error.kind, 'invalid-request');
      assert.match(
        error.oneLine,
        new RegExp(
          `filterSpecifications\\[0\\]: ${operator} cannot filter insights: .*HTTP 500\\); use contains or like instead; nothing was sent$`,
        ),
      );
      assert.throws(
        () => client.iterateInsights({ filterSpecifications: [{ field: 'name', operator, value: 'AHU' }] }),
        /cannot filter insights/,
      );
    }
    assert.equal(service.apiRequests.length, 0, 'nothing was sent');
    // The same operators stay valid on the other page-number lists.
    await client.listTickets({ filterSpecifications: [{ field: 'summary', operator: 'startsWith', value: 'a' }] });
    assert.equal(service.apiRequests.length, 1);
  });

  it('a 500 to a filtered insights list is not retried, not counted by the circuit breaker, and says the filter may be why', async () => {
    const service = await start((request) =>
      request.path === '/insights' ? { status: 500 } : request.path === '/models' ? { status: 500 } : undefined,
    );
    const client = service.client({
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 },
      circuitBreaker: { failures: 2 },
    });
    const filtered = { filterSpecifications: [{ field: 'name', operator: 'like' as const, value: 'x' }] };
    for (let i = 0; i < 4; i++) {
      const error = await apiFailure(client.listInsights(filtered));
      assert.equal(error.status, 500);
      assert.match(error.oneLine, /may be unable to run one of these filters on insights .*contains and like work/);
    }
    assert.equal(service.apiRequests.length, 4, 'one attempt each');
    assert.deepEqual(client.budget().circuit, { state: 'closed', serverErrorsInARow: 0 });
    // Without a filter a 500 is the service failing: retried and counted.
    const plain = await apiFailure(client.listInsights({}));
    assert.equal(plain.kind, 'paused');
    assert.doesNotMatch(plain.oneLine, /filters on insights/);
  });

  it('refuses >, >=, <, <= on status and type of insights (stored codes) before sending, naming in; other fields and lists compare', async () => {
    const service = await start((request) =>
      request.path === '/insights' || request.path === '/events' ? { status: 200, body: PAGE } : undefined,
    );
    const client = service.client();
    for (const [fieldName, operator] of [
      ['status', '>='],
      ['type', '<'],
      ['Status', '>'],
      ['name,status', '<='],
    ] as const) {
      const error = await apiFailure(
        (async () => client.listInsights({ filterSpecifications: [{ field: fieldName, operator, value: 'open' }] }))(),
      );
      assert.equal(error.kind, 'invalid-request');
      assert.match(
        error.oneLine,
        new RegExp(
          `cannot compare (status|type) of insights: it is stored as a code the service cannot compare \\(a real instance fails with HTTP 500\\); use in with the values wanted instead \\(codes: (open 0, ignored 10|fault 1, energy 2)`,
        ),
      );
    }
    assert.equal(service.apiRequests.length, 0);
    await client.listInsights({
      filterSpecifications: [
        { field: 'priority', operator: '<=', value: 2 },
        { field: 'status', operator: 'in', value: ['open'] },
      ],
    });
    await client.listEvents({ filterSpecifications: [{ field: 'status', operator: '>=', value: 1 }] });
    assert.equal(service.apiRequests.length, 2);
  });
});
