import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { ApiError } from '../../../src/core/api/apiError';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import { unreachableCode } from '../../../src/core/api/unreachable';
import { FakeClock } from './fakeClock';
import { EXCHANGES } from './exchanges';

/** What undici's fetch throws when the connection fails: a TypeError whose cause carries the system error code. */
function networkFailure(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:8470`), { code }) });
}

const TOKEN = { access_token: 'fresh-token', token_type: 'Bearer', expires_in: 3599 };

/** A fetch that plays the given outcomes in order (the last one repeats) and counts its calls. */
function scriptedFetch(outcomes: Array<Error | { status: number; body?: unknown }>): {
  fetch: typeof fetch;
  calls: () => number;
} {
  let calls = 0;
  const fake = async (): Promise<Response> => {
    const outcome = outcomes[Math.min(calls, outcomes.length - 1)]!;
    calls++;
    if (outcome instanceof Error) throw outcome;
    return new Response(outcome.body === undefined ? null : JSON.stringify(outcome.body), {
      status: outcome.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fake as typeof fetch, calls: () => calls };
}

/** The promise's outcome so far, without waiting for it. */
function track<T>(promise: Promise<T>): { state: 'pending' | 'fulfilled' | 'rejected'; error?: unknown } {
  const tracked: { state: 'pending' | 'fulfilled' | 'rejected'; error?: unknown } = { state: 'pending' };
  promise.then(
    () => (tracked.state = 'fulfilled'),
    (error: unknown) => Object.assign(tracked, { state: 'rejected', error }),
  );
  return tracked;
}

function client(fetchImpl: typeof globalThis.fetch, clock: FakeClock, signal?: AbortSignal): BuildingTwinsClient {
  return new BuildingTwinsClient({
    baseUrl: 'http://127.0.0.1:8470/api/v3',
    clientId: 'local-dev',
    clientSecret: 'local-dev-secret',
    rateLimit: false,
    fetch: fetchImpl,
    clock,
    signal,
  });
}

/** A loopback port nothing listens on (bound, then released). */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('sign-in to an unreachable service fails fast; other failures are still retried', () => {
  it('recognises refused connections and unknown hosts, also inside causes and aggregate errors', () => {
    assert.equal(unreachableCode(networkFailure('ECONNREFUSED')), 'ECONNREFUSED');
    assert.equal(unreachableCode(networkFailure('ENOTFOUND')), 'ENOTFOUND');
    assert.equal(
      unreachableCode(
        new TypeError('fetch failed', {
          cause: new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
        }),
      ),
      'ECONNREFUSED',
    );
    assert.equal(unreachableCode(networkFailure('ECONNRESET')), undefined);
    assert.equal(unreachableCode(networkFailure('ETIMEDOUT')), undefined);
    assert.equal(unreachableCode(new Error('no code')), undefined);
    assert.equal(unreachableCode(undefined), undefined);
  });

  for (const code of ['ECONNREFUSED', 'ENOTFOUND']) {
    it(`a sign-in meeting ${code} fails after one attempt, without waiting for a backoff`, async () => {
      const clock = new FakeClock();
      const { fetch, calls } = scriptedFetch([networkFailure(code)]);
      const started = clock.now();
      const outcome = track(client(fetch, clock).getToken());
      await clock.advance(0);
      assert.equal(outcome.state, 'rejected', 'the sign-in is still waiting to retry');
      assert.equal(calls(), 1);
      assert.equal(clock.now() - started, 0);
      assert.ok(outcome.error instanceof ApiError);
      assert.equal(outcome.error.kind, 'network');
      assert.equal(outcome.error.attempts, 1);
      assert.match(outcome.error.message, new RegExp(code));
    });
  }

  for (const exchange of EXCHANGES)
    it(`a sign-in to a real refused loopback port fails after one attempt (${exchange})`, async () => {
      const port = await refusedPort();
      const clock = new FakeClock();
      const attempts: number[] = [];
      const c = new BuildingTwinsClient({
        baseUrl: `http://127.0.0.1:${port}/api/v3`,
        clientId: 'a',
        clientSecret: 'b',
        rateLimit: false,
        clock,
        exchange,
        onRequest: (e) => attempts.push(e.attempt),
      });
      // The fake clock never moves here: a retry would wait for it forever (and the test time out).
      const error = await c.getToken().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError, String(error));
      assert.match(error.message, /ECONNREFUSED/);
      assert.deepEqual(attempts, [1]);
    });

  it('a sign-in whose connection was reset is retried with backoff, then succeeds', async () => {
    const clock = new FakeClock();
    const { fetch, calls } = scriptedFetch([networkFailure('ECONNRESET'), { status: 200, body: TOKEN }]);
    const outcome = track(client(fetch, clock).getToken());
    await clock.advance(0);
    assert.equal(outcome.state, 'pending');
    assert.equal(calls(), 1);
    await clock.advance(500); // the first backoff step is at most 500 ms
    assert.equal(outcome.state, 'fulfilled');
    assert.equal(calls(), 2);
  });

  it('a sign-in answered 503 is retried (the service is there, only busy)', async () => {
    const clock = new FakeClock();
    const { fetch, calls } = scriptedFetch([{ status: 503 }, { status: 503 }, { status: 200, body: TOKEN }]);
    const outcome = track(client(fetch, clock).getToken());
    await clock.advance(0);
    assert.equal(outcome.state, 'pending');
    await clock.advance(1500);
    assert.equal(outcome.state, 'fulfilled');
    assert.equal(calls(), 3);
  });

  it('other operations still retry a refused connection (a service restarting between two calls)', async () => {
    const clock = new FakeClock();
    const { fetch, calls } = scriptedFetch([
      { status: 200, body: TOKEN },
      networkFailure('ECONNREFUSED'),
      { status: 200, body: [] },
    ]);
    const outcome = track(client(fetch, clock).listModels());
    await clock.advance(0);
    assert.equal(outcome.state, 'pending');
    await clock.advance(500);
    assert.equal(outcome.state, 'fulfilled');
    assert.equal(calls(), 3);
  });

  it("the client's signal ends a call waiting to retry, and nothing more is sent", async () => {
    const clock = new FakeClock();
    const lifetime = new AbortController();
    const { fetch, calls } = scriptedFetch([{ status: 503 }]);
    const outcome = track(client(fetch, clock, lifetime.signal).getToken());
    await clock.advance(0);
    assert.equal(outcome.state, 'pending');
    assert.equal(calls(), 1);
    lifetime.abort(new Error('connection removed'));
    await clock.advance(0);
    assert.equal(outcome.state, 'rejected');
    assert.ok(outcome.error instanceof ApiError);
    assert.equal(outcome.error.kind, 'aborted');
    await clock.advance(60_000);
    assert.equal(calls(), 1, 'no retry after the signal fired');
    // A call started after the signal fired sends nothing.
    const later = await client(fetch, clock, lifetime.signal)
      .listModels()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(later instanceof ApiError && later.kind === 'aborted', String(later));
    assert.equal(calls(), 1);
  });
});
