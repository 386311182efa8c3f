import * as assert from 'node:assert/strict';
import type { Clock } from '../../../src/core/api/clock';
import { DeadlineTimer } from '../../../src/core/api/deadlineTimer';
import { FakeClock } from './fakeClock';

/** A fake clock that counts the timers asked of it and whether each was weak. */
class CountingClock extends FakeClock {
  readonly asked: Array<{ ms: number; weak: boolean }> = [];
  override setTimer(fn: () => void, ms: number, options?: Parameters<Clock['setTimer']>[2]): () => void {
    this.asked.push({ ms, weak: options?.weak === true });
    return super.setTimer(fn, ms);
  }
}

describe('DeadlineTimer', () => {
  it('ends a call when its time has passed, not before', async () => {
    const clock = new CountingClock();
    const timer = new DeadlineTimer(clock);
    const expired: string[] = [];
    timer.add(1000, () => expired.push('a'));
    await clock.advance(999);
    assert.deepEqual(expired, []);
    await clock.advance(1);
    assert.deepEqual(expired, ['a']);
  });

  it('never ends a call whose deadline was removed', async () => {
    const clock = new CountingClock();
    const timer = new DeadlineTimer(clock);
    const expired: string[] = [];
    const remove = timer.add(1000, () => expired.push('a'));
    remove();
    await clock.advance(5000);
    assert.deepEqual(expired, []);
  });

  it('keeps a thousand calls one after another with one weak timer', async () => {
    const clock = new CountingClock();
    const timer = new DeadlineTimer(clock);
    for (let i = 0; i < 1000; i++) {
      const remove = timer.add(30_000, () => assert.fail('no call outlived its deadline'));
      await clock.advance(1);
      remove();
    }
    assert.deepEqual(clock.asked, [{ ms: 30_000, weak: true }]);
    await clock.advance(60_000);
  });

  it('wakes for an earlier deadline added later, then for the ones still waiting, each at its time', async () => {
    const clock = new CountingClock();
    const timer = new DeadlineTimer(clock);
    const expired: Array<[string, number]> = [];
    const start = clock.now();
    timer.add(30_000, () => expired.push(['long', clock.now() - start]));
    timer.add(500, () => expired.push(['short', clock.now() - start]));
    await clock.advance(10_000);
    timer.add(5_000, () => expired.push(['middle', clock.now() - start]));
    await clock.advance(30_000);
    assert.deepEqual(expired, [
      ['short', 500],
      ['middle', 15_000],
      ['long', 30_000],
    ]);
  });
});
