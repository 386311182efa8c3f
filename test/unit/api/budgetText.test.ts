import * as assert from 'node:assert/strict';
import { budgetIsBusy, budgetLines } from '../../../src/core/api/budgetText';
import type { ClientBudget } from '../../../src/core/api/client';

const idle = (group: string) => ({ group, limit: 20, windowSeconds: 10, used: 0, inFlight: 0, waiting: 0 });

describe('budget text', () => {
  it('says how much of each window is spent, and nothing more when idle', () => {
    const budget: ClientBudget = {
      groups: [{ ...idle('twins'), used: 12 }, idle('time-series')],
      circuit: { state: 'closed', serverErrorsInARow: 0 },
    };
    assert.deepEqual(budgetLines(budget), [
      'twins: 12 of 20 requests in the last 10 s',
      'time-series: 0 of 20 requests in the last 10 s',
    ]);
    assert.equal(budgetIsBusy(budget), false);
  });

  it('while paced, names the queue and the seconds to the next slot (or that a response frees it)', () => {
    const budget: ClientBudget = {
      groups: [
        { ...idle('twins'), used: 20, inFlight: 2, waiting: 3, nextSlotInMs: 4_200 },
        { ...idle('time-series'), used: 20, inFlight: 20, waiting: 1 },
      ],
      circuit: { state: 'closed', serverErrorsInARow: 1 },
    };
    assert.deepEqual(budgetLines(budget), [
      'twins: 20 of 20 requests in the last 10 s (3 waiting, next slot in 5 s)',
      'time-series: 20 of 20 requests in the last 10 s (1 waiting, next slot when a response arrives)',
    ]);
    assert.equal(budgetIsBusy(budget), true);
  });

  it('says when the instance is paused and until when; an unpaced connection says so', () => {
    const open: ClientBudget = {
      groups: [],
      circuit: { state: 'open', serverErrorsInARow: 5, lastStatus: 503, retryAt: Date.UTC(2026, 0, 1, 9, 15, 30) },
    };
    assert.deepEqual(budgetLines(open), [
      'Requests are not paced on this connection.',
      'Paused after 5 server errors in a row (last HTTP 503); retrying at 09:15:30 UTC.',
    ]);
    assert.equal(budgetIsBusy(open), true);
    const half: ClientBudget = { groups: [], circuit: { state: 'half-open', serverErrorsInARow: 6, lastStatus: 500 } };
    assert.match(budgetLines(half)[1]!, /next request is a trial/);
  });
});
