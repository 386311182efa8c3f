import * as assert from 'node:assert/strict';
import { RateLimiter, rateLimitGroup } from '../../../src/core/api/rateLimiter';
import { FakeClock, flush } from './fakeClock';

describe('RateLimiter', () => {
  it('lets `count` requests through at once, then one more per freed slot', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 3, seconds: 10 }, clock);
    const granted: number[] = [];
    const releases = await Promise.all([0, 1, 2].map(() => limiter.acquire()));
    const fourth = limiter.acquire().then((release) => {
      granted.push(clock.now());
      return release;
    });
    await flush();
    assert.equal(granted.length, 0, 'the fourth waits while three are in flight');
    const t0 = clock.now();
    releases.forEach((release) => release());
    await clock.advance(9_999);
    assert.equal(granted.length, 0, 'a slot frees a whole window after its response');
    await clock.advance(1);
    assert.deepEqual(granted, [t0 + 10_000]);
    (await fourth)();
  });

  it('never lets a window of `seconds` hold more than `count` starts, whatever the alignment', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 5, seconds: 1 }, clock);
    const starts: number[] = [];
    const work = Array.from({ length: 23 }, async () => {
      const release = await limiter.acquire();
      starts.push(clock.now());
      setImmediate(release);
    });
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setImmediate(r));
      await clock.advance(97);
    }
    await Promise.all(work);
    assert.equal(starts.length, 23);
    for (const start of starts) {
      const inWindow = starts.filter((s) => s >= start && s < start + 1000).length;
      assert.ok(inWindow <= 5, `window from ${start} holds ${inWindow}`);
    }
  });

  it('serves waiters in order and drops a cancelled waiter without losing the slot', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ count: 1, seconds: 1 }, clock);
    const first = await limiter.acquire();
    const order: string[] = [];
    const controller = new AbortController();
    const cancelled = limiter.acquire(controller.signal).then(
      () => order.push('cancelled'),
      () => order.push('aborted'),
    );
    const second = limiter.acquire().then((release) => {
      order.push('second');
      return release;
    });
    controller.abort(new Error('stop'));
    await flush();
    first();
    await clock.advance(1000);
    await cancelled;
    (await second)();
    assert.deepEqual(order, ['aborted', 'second']);
  });

  it('rejects at once when the signal has already fired, and refuses bad limits', async () => {
    const limiter = new RateLimiter({ count: 1, seconds: 1 }, new FakeClock());
    await assert.rejects(limiter.acquire(AbortSignal.abort(new Error('gone'))), /gone/);
    assert.throws(() => new RateLimiter({ count: 0, seconds: 1 }), /positive integer/);
    assert.throws(() => new RateLimiter({ count: 1, seconds: 0 }), /positive seconds/);
  });

  it('groups /twins/* and /time-series/* and leaves other paths unlimited', () => {
    assert.equal(rateLimitGroup('/twins'), 'twins');
    assert.equal(rateLimitGroup('/twins/relationships'), 'twins');
    assert.equal(rateLimitGroup('/time-series/ids/latest'), 'time-series');
    assert.equal(rateLimitGroup('/twinsx'), undefined);
    assert.equal(rateLimitGroup('/insights'), undefined);
    assert.equal(rateLimitGroup('/oauth2/token'), undefined);
  });
});
