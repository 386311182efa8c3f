import * as assert from 'node:assert/strict';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter } from '../../../src/core/api/backoff';
import { mapWithConcurrency, Semaphore } from '../../../src/core/api/concurrency';

describe('backoff', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };

  it('doubles each retry, keeps half fixed and half random, and caps', () => {
    assert.equal(
      backoffDelay(1, options, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(1, options, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(3, options, () => 0),
      200,
    );
    assert.equal(
      backoffDelay(3, options, () => 1),
      400,
    );
    assert.equal(
      backoffDelay(10, options, () => 1),
      1000,
    );
    assert.equal(
      backoffDelay(10, options, () => 0),
      500,
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-10-01T12:00:00Z');
    assert.equal(parseRetryAfter('3', now), 3000);
    assert.equal(parseRetryAfter('0.5', now), 500);
    assert.equal(parseRetryAfter('Tue, 01 Oct 2024 12:00:07 GMT', now), 7000);
    assert.equal(parseRetryAfter('Tue, 01 Oct 2024 11:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });
});

describe('concurrency', () => {
  it('mapWithConcurrency keeps order and never exceeds the limit', async () => {
    let active = 0;
    let peak = 0;
    const out = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (n, i) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, n));
      active--;
      return n * 10 + i;
    });
    assert.deepEqual(out, [50, 11, 42, 23, 34, 5]);
    assert.equal(peak, 2);
  });

  it('mapWithConcurrency stops starting work after the first failure and rethrows it', async () => {
    const started: number[] = [];
    await assert.rejects(
      mapWithConcurrency([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom at 2');
        return n;
      }),
      /boom at 2/,
    );
    assert.deepEqual(started, [1, 2]);
    await assert.rejects(
      mapWithConcurrency([1], 0, async (n) => n),
      /positive integer/,
    );
  });

  it('Semaphore hands slots over in order and lets a waiter give up', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const gaveUp = semaphore.acquire(controller.signal);
    const next = semaphore.acquire();
    controller.abort(new Error('no longer needed'));
    await assert.rejects(gaveUp, /no longer needed/);
    release();
    (await next)();
    (await semaphore.acquire())();
  });
});
