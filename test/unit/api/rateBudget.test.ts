import * as assert from 'node:assert/strict';
import { RateLimiter } from '../../../src/core/api/rateLimiter';
import { FakeClock, flush } from './fakeClock';

describe('RateLimiter budget and unsent slots', () => {
  it('reports the slots used, in flight and waiting, and the time to the next slot while paced', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 2, seconds: 10 }, clock);
    assert.deepEqual(limiter.budget(), { limit: 2, windowSeconds: 10, used: 0, inFlight: 0, waiting: 0 });
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    const third = limiter.acquire();
    await flush();
    assert.deepEqual(
      limiter.budget(),
      { limit: 2, windowSeconds: 10, used: 2, inFlight: 2, waiting: 1 },
      'all in flight: only a response frees a slot',
    );
    first();
    await clock.advance(4_000);
    assert.deepEqual(limiter.budget(), {
      limit: 2,
      windowSeconds: 10,
      used: 2,
      inFlight: 1,
      waiting: 1,
      nextSlotInMs: 6_000,
    });
    await clock.advance(6_000);
    (await third)();
    second();
    const budget = limiter.budget();
    assert.equal(budget.used, 2, 'both answered within the window');
    assert.equal(budget.inFlight, 0);
    assert.equal(budget.waiting, 0);
    assert.equal(budget.nextSlotInMs, 10_000);
  });

  it('frees a slot at once when its request was never sent, and a full window after one that was', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 1, seconds: 10 }, clock);
    const unsent = await limiter.acquire();
    let granted = false;
    const next = limiter.acquire().then((release) => {
      granted = true;
      return release;
    });
    unsent({ sent: false });
    await flush();
    assert.equal(granted, true, 'the waiter gets the slot nothing was spent on, without waiting a window');
    assert.equal(limiter.budget().used, 1);
    (await next)({ sent: true });
    assert.equal(limiter.available(), 0, 'a sent request keeps its slot for a window');
    await clock.advance(10_000);
    assert.equal(limiter.available(), 1);
  });

  it('a waiter aborted in the queue takes no slot: the budget never counts it', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 1, seconds: 10 }, clock);
    const release = await limiter.acquire();
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    const waiting = controllers.map((c) =>
      limiter.acquire(c.signal).then(
        () => 'granted',
        () => 'aborted',
      ),
    );
    await flush();
    assert.equal(limiter.budget().waiting, 5);
    controllers.forEach((c) => c.abort(new Error('superseded')));
    assert.deepEqual(await Promise.all(waiting), Array(5).fill('aborted'));
    assert.deepEqual(limiter.budget(), { limit: 1, windowSeconds: 10, used: 1, inFlight: 1, waiting: 0 });
    release();
    await clock.advance(10_000);
    assert.equal(limiter.available(), 1, 'only the one request that ran spent the budget');
  });
});
