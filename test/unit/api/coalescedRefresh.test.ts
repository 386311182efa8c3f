import * as assert from 'node:assert/strict';
import { CoalescedRefresh } from '../../../src/core/api/coalescedRefresh';
import { FakeClock } from './fakeClock';

function recorder(clock: FakeClock, delayMs = 50) {
  const flushed: Array<string[] | 'all'> = [];
  const refresh = new CoalescedRefresh<string>(
    (targets) => flushed.push(targets === 'all' ? 'all' : [...targets]),
    delayMs,
    clock,
  );
  return { flushed, refresh };
}

describe('CoalescedRefresh', () => {
  it('refreshes each target once per wait, however often it was asked for', async () => {
    const clock = new FakeClock();
    const { flushed, refresh } = recorder(clock);
    refresh.request('twins');
    refresh.request('models');
    refresh.request('twins');
    await clock.advance(49);
    assert.deepEqual(flushed, []);
    await clock.advance(1);
    assert.deepEqual(flushed, [['twins', 'models']]);
    refresh.request('twins');
    await clock.advance(50);
    assert.deepEqual(flushed, [['twins', 'models'], ['twins']], 'a later request starts a new wait');
  });

  it('a refresh of everything swallows the single ones of the same wait', async () => {
    const clock = new FakeClock();
    const { flushed, refresh } = recorder(clock);
    refresh.request('twins');
    refresh.request();
    refresh.request('models');
    refresh.request();
    await clock.advance(50);
    assert.deepEqual(flushed, ['all']);
  });

  it('run() hands over at once, cancel() drops; nothing waiting means no call', async () => {
    const clock = new FakeClock();
    const { flushed, refresh } = recorder(clock);
    refresh.request('a');
    refresh.run();
    assert.deepEqual(flushed, [['a']]);
    refresh.request('b');
    refresh.cancel();
    refresh.run();
    await clock.advance(100);
    assert.deepEqual(flushed, [['a']]);
    assert.throws(() => new CoalescedRefresh(() => undefined, -5), /delayMs/);
  });
});
