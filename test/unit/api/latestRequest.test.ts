import * as assert from 'node:assert/strict';
import {
  DebouncedRequest,
  isSuperseded,
  LatestRequest,
  RequestScope,
  SupersededError,
} from '../../../src/core/api/latestRequest';
import { FakeClock, flush } from './fakeClock';

/** Work that only ends when its signal fires (or when told), recording what it was asked. */
function pendingWork() {
  const calls: Array<{ input: string; signal: AbortSignal; finish: (value: string) => void }> = [];
  const work = (input: string, signal: AbortSignal): Promise<string> =>
    new Promise((resolve, reject) => {
      calls.push({ input, signal, finish: resolve });
      signal.addEventListener('abort', () => reject(new Error('aborted by signal')), { once: true });
    });
  return { calls, work };
}

const outcome = (promise: Promise<string>): Promise<string> =>
  promise.then(
    (v) => `ok:${v}`,
    (e: unknown) => (isSuperseded(e) ? 'superseded' : `error:${String(e)}`),
  );

describe('LatestRequest', () => {
  it('aborts the running request when the next starts; the old one rejects as superseded', async () => {
    const latest = new LatestRequest('range');
    const { calls, work } = pendingWork();
    const first = outcome(latest.run((signal) => work('a', signal)));
    const second = outcome(latest.run((signal) => work('b', signal)));
    assert.equal(calls[0]?.signal.aborted, true);
    assert.equal(calls[1]?.signal.aborted, false);
    calls[1]?.finish('B');
    assert.deepEqual(await Promise.all([first, second]), ['superseded', 'ok:B']);
    assert.equal(latest.running, false);
  });

  it('abort() ends the running request (a closed panel); an outer signal ends it too; errors of its own pass through', async () => {
    const latest = new LatestRequest();
    const { calls, work } = pendingWork();
    const closed = outcome(latest.run((signal) => work('a', signal)));
    latest.abort();
    assert.equal(await closed, 'superseded');
    const outer = new AbortController();
    const ended = outcome(latest.run((signal) => work('b', signal), outer.signal));
    outer.abort(new Error('panel disposed'));
    assert.equal(await ended, 'error:Error: aborted by signal');
    assert.equal(calls.length, 2);
    assert.equal(await outcome(latest.run(() => Promise.reject(new Error('HTTP 500')))), 'error:Error: HTTP 500');
  });
});

describe('DebouncedRequest', () => {
  it('runs once per settle with the latest input: twelve keystrokes 100 ms apart make one request', async () => {
    const clock = new FakeClock();
    const { calls, work } = pendingWork();
    const lookup = new DebouncedRequest(work, 250, clock);
    const results: Array<Promise<string>> = [];
    const id = 'AHU-L01-0001';
    for (let i = 1; i <= id.length; i++) {
      results.push(outcome(lookup.request(id.slice(0, i))));
      await clock.advance(100);
    }
    assert.equal(calls.length, 0, 'nothing sent while typing');
    await clock.advance(150);
    assert.deepEqual(
      calls.map((c) => c.input),
      [id],
    );
    calls[0]?.finish('found');
    const settled = await Promise.all(results);
    assert.deepEqual(settled.slice(0, -1), Array(id.length - 1).fill('superseded'));
    assert.equal(settled.at(-1), 'ok:found');
  });

  it('a keystroke after a settle aborts the lookup still running; cancel() drops everything', async () => {
    const clock = new FakeClock();
    const { calls, work } = pendingWork();
    const lookup = new DebouncedRequest(work, 250, clock);
    const first = outcome(lookup.request('AHU'));
    await clock.advance(250);
    assert.equal(calls.length, 1);
    const second = outcome(lookup.request('AHU-1'));
    assert.equal(calls[0]?.signal.aborted, true, 'the outdated lookup is aborted at the keystroke');
    assert.equal(await first, 'superseded');
    lookup.cancel();
    assert.equal(await second, 'superseded');
    await clock.advance(1_000);
    assert.equal(calls.length, 1, 'a cancelled lookup never runs');
    await flush();
  });

  it('refuses a negative delay; SupersededError names what was superseded', () => {
    assert.throws(() => new DebouncedRequest(async () => 1, -1), /delayMs/);
    assert.equal(new SupersededError('zoom').message, 'zoom superseded by a newer one');
  });
});

describe('RequestScope', () => {
  it('supersedes within a group only; disposing aborts everything and refuses what comes later', async () => {
    const scope = new RequestScope('panel');
    const { calls, work } = pendingWork();
    const zoom1 = outcome(scope.run((signal) => work('zoom 1', signal), 'load'));
    const latest = outcome(scope.run((signal) => work('latest', signal)));
    const zoom2 = outcome(scope.run((signal) => work('zoom 2', signal), 'load'));
    assert.deepEqual(
      calls.map((c) => [c.input, c.signal.aborted]),
      [
        ['zoom 1', true],
        ['latest', false],
        ['zoom 2', false],
      ],
    );
    assert.equal(await zoom1, 'superseded');
    scope.dispose();
    assert.deepEqual(
      calls.map((c) => c.signal.aborted),
      [true, true, true],
    );
    assert.equal(await zoom2, 'superseded');
    assert.equal(await latest, 'superseded');
    assert.equal(await outcome(scope.run((signal) => work('after close', signal), 'load')), 'superseded');
    assert.equal(calls.length, 3, 'nothing runs after disposal');
    assert.equal(scope.disposed, true);
  });
});
