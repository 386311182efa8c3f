import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { CallSignal } from '../../../src/core/api/callSignal';
import { FakeClock } from './fakeClock';

describe('CallSignal', () => {
  it("fires when the caller's signal fires, with its reason, and is not a timeout", async () => {
    const clock = new FakeClock();
    const caller = new AbortController();
    const call = new CallSignal(1000, clock, [caller.signal, undefined]);
    assert.equal(call.signal.aborted, false);
    const stop = new Error('stop');
    caller.abort(stop);
    assert.equal(call.signal.aborted, true);
    assert.equal(call.signal.reason, stop);
    await clock.advance(1000);
    assert.equal(call.timedOut, false, 'the deadline after a cancellation changes nothing');
    assert.equal(call.signal.reason, stop);
    call.dispose();
  });

  it("fires when the client's signal fires", () => {
    const caller = new AbortController();
    const client = new AbortController();
    const call = new CallSignal(1000, new FakeClock(), [caller.signal, client.signal]);
    client.abort(new Error('connection removed'));
    assert.equal((call.signal.reason as Error).message, 'connection removed');
    call.dispose();
  });

  it('fires at its deadline, not before, as a timeout naming the time', async () => {
    const clock = new FakeClock();
    const call = new CallSignal(5000, clock, [new AbortController().signal]);
    await clock.advance(4999);
    assert.equal(call.signal.aborted, false);
    await clock.advance(1);
    assert.equal(call.signal.aborted, true);
    assert.equal(call.timedOut, true);
    assert.equal((call.signal.reason as Error).message, 'no answer within 5000 ms');
    call.dispose();
  });

  it("keeps the deadline's reason when the caller cancels after it", async () => {
    const clock = new FakeClock();
    const caller = new AbortController();
    const call = new CallSignal(10, clock, [caller.signal]);
    await clock.advance(10);
    caller.abort(new Error('too late'));
    assert.equal(call.timedOut, true);
    assert.equal((call.signal.reason as Error).message, 'no answer within 10 ms');
    call.dispose();
  });

  it('starts aborted when a signal it is given has fired already, and sets no deadline', async () => {
    const clock = new FakeClock();
    const caller = new AbortController();
    caller.abort(new Error('before'));
    const call = new CallSignal(10, clock, [caller.signal]);
    assert.equal((call.signal.reason as Error).message, 'before');
    await clock.advance(10);
    assert.equal(call.timedOut, false);
    call.dispose();
  });

  it('once disposed, hears neither its deadline nor the outer signals, and leaves no listener on them', async () => {
    const clock = new FakeClock();
    const shared = new AbortController();
    const calls = Array.from({ length: 20 }, () => new CallSignal(100, clock, [shared.signal]));
    assert.equal(getEventListeners(shared.signal, 'abort').length, 20);
    for (const call of calls) call.dispose();
    assert.equal(getEventListeners(shared.signal, 'abort').length, 0);
    await clock.advance(100);
    shared.abort();
    assert.ok(calls.every((call) => !call.signal.aborted));
  });

  it('sets no timer for a deadline longer than a timer can wait', async () => {
    const clock = new FakeClock();
    const call = new CallSignal(2 ** 31, clock, []);
    await clock.advance(2 ** 31);
    assert.equal(call.signal.aborted, false);
    call.dispose();
  });
});
