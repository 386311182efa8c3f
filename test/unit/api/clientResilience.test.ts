import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../../src/core/api/apiError';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import type { RequestEvent } from '../../../src/core/api/httpTransport';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../../src/core/api/localEmulator';
import { MemoryTokenStore } from '../../../src/core/api/tokenStore';
import { EmulatorHarness } from './emulatorHarness';
import { FakeClock } from './fakeClock';
import { describeEachExchange } from './exchanges';

const tokenCalls = (events: RequestEvent[]) => events.filter((e) => e.operation === 'getToken').length;

describeEachExchange(
  'BuildingTwinsClient against the emulator: tokens, retries, pacing, deadlines',
  function (exchange) {
    this.timeout(60_000);
    const running: EmulatorHarness[] = [];
    async function start(options: Parameters<typeof EmulatorHarness.start>[0] = {}): Promise<EmulatorHarness> {
      const emu = await EmulatorHarness.start({ sample: true, scale: 50, ...options }, exchange);
      running.push(emu);
      return emu;
    }
    after(async () => {
      await Promise.all(running.map((e) => e.close()));
    });

    it('refuses plain http to a non-loopback host before sending anything', () => {
      assert.throws(
        () => new BuildingTwinsClient({ baseUrl: 'http://twins.example.com/api/v3', clientId: 'a', clientSecret: 'b' }),
        /Plain http is refused/,
      );
      assert.throws(
        () => new BuildingTwinsClient({ baseUrl: 'https://twins.example.com/api/v3', clientId: '', clientSecret: 'b' }),
        /client id/,
      );
    });

    it('shares one token request between concurrent calls and reuses the token', async () => {
      const emu = await start();
      const { client, events } = emu.client({ concurrency: 2 });
      await Promise.all(Array.from({ length: 6 }, () => client.listModels())); // more callers than slots, all waiting for the first token
      await client.countTwins();
      assert.equal(tokenCalls(events), 1);
    });

    it('renews the token before it expires (2 s lifetime): no 401 is ever seen', async () => {
      // One fake clock for the service and the client: the lifetime passes without waiting.
      const clock = new FakeClock();
      const emu = await start({ tokenLifetime: 2, clock });
      const { client, events } = emu.client({ clock });
      await client.listModels();
      await clock.advance(2100);
      await client.listModels();
      assert.equal(tokenCalls(events), 2);
      assert.ok(!events.some((e) => e.status === 401));
    });

    it('a body too deep to serialise is refused at once as an invalid request, never retried as a network error, and nothing is sent', async () => {
      // A fake clock that is never advanced: a retry's back-off would wait forever.
      const clock = new FakeClock();
      const emu = await start({ clock });
      const { client, events } = emu.client({ clock });
      let contents: Record<string, unknown> = {};
      for (let i = 0; i < 1_000_000; i++) contents = { a: contents };
      await emu.clearRequests();
      await assert.rejects(
        client.putTwin({ id: 'deep-1', modelId: 'dtmi:com:example:Deep;1', contents }),
        (error: unknown) => {
          assert.ok(error instanceof ApiError, String(error));
          assert.equal(error.kind, 'invalid-request');
          assert.match(error.message, /cannot be written as JSON \(it is nested too deeply\); nothing was sent/);
          return true;
        },
      );
      assert.deepEqual(
        events.filter((e) => e.operation === 'putTwin'),
        [],
      );
      assert.deepEqual(
        (await emu.requests()).filter((r) => r.method === 'PUT'),
        [],
      );
    });

    it('after a 401 gets a new token once and retries once', async () => {
      const emu = await start();
      const store = new MemoryTokenStore();
      store.set(`${emu.url}|${LOCAL_DEV_CLIENT_ID}`, {
        accessToken: 'revoked-token-value',
        tokenType: 'Bearer',
        expiresAt: Date.now() + 3_600_000,
      });
      const { client, events } = emu.client({ tokenStore: store });
      const count = await client.countTwins();
      assert.ok(count > 0);
      assert.deepEqual(
        events.map((e) => [e.operation, e.status]),
        [
          ['countTwins', 401],
          ['getToken', 200],
          ['countTwins', 200],
        ],
      );
      assert.notEqual(store.get(`${emu.url}|${LOCAL_DEV_CLIENT_ID}`)?.accessToken, 'revoked-token-value');
    });

    it('reports wrong credentials as one clear error without the secret', async () => {
      const emu = await start();
      const secret = 'definitely-wrong-secret-123';
      const { client, events } = emu.client({ clientSecret: secret });
      const error = await client.countTwins().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError);
      assert.equal(error.operation, 'getToken');
      assert.ok(error.status === 400 || error.status === 401, String(error.status));
      assert.ok(!JSON.stringify({ m: error.message, p: error.problem, b: error.body, events }).includes(secret));
    });

    it('paces requests to the service limit so a burst never meets a 429', async () => {
      const emu = await start({ rateLimit: { count: 5, seconds: 1 } });
      const { client, events } = emu.client({ rateLimit: { count: 5, seconds: 1 } });
      await client.getToken();
      const started = Date.now();
      await Promise.all(Array.from({ length: 12 }, () => client.countTwins()));
      assert.ok(Date.now() - started >= 2000, '12 requests at 5/s need two more windows');
      assert.deepEqual(
        events.filter((e) => e.operation === 'countTwins').map((e) => e.status),
        Array(12).fill(200),
      );
      assert.deepEqual(
        (await emu.requests()).filter((r) => r.status === 429),
        [],
      );
    });

    it('retries a 429 after Retry-After when pacing is off', async () => {
      const emu = await start({ rateLimit: { count: 3, seconds: 1 } });
      const { client, events } = emu.client();
      const counts = await Promise.all(Array.from({ length: 6 }, () => client.countTwins()));
      assert.equal(new Set(counts).size, 1);
      assert.ok(
        events.some((e) => e.status === 429),
        'the emulator limited some',
      );
      assert.ok(
        events.some((e) => e.status === 200 && e.attempt > 1),
        'and the retries went through',
      );
    });

    it('does not retry an operation that is not safe to repeat', async () => {
      const emu = await start({ rateLimit: { count: 1, seconds: 10 } });
      const { client } = emu.client();
      await client.getLatestTimeSeries('uses-up-the-time-series-window').catch(() => undefined);
      const error = await client
        .sendTimeSeries([{ connectorId: 'c', dtId: 'x', sourceTimestamp: '2024-10-01T00:00:00Z', scalarValue: 1 }])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(error instanceof ApiError && error.status === 429, String(error));
      assert.match(error.oneLine, /^sendTimeSeries failed with HTTP 429: Rate limit exceeded for time-series endpoint/);
      assert.deepEqual(
        (await emu.requests()).filter((r) => r.path.endsWith('/time-series')).map((r) => r.status),
        [429],
        'sent once, not retried',
      );
    });

    it('rides out simulated faults (503, 500, dropped connections) on safe operations', async () => {
      const emu = await start({ faults: 0.3 });
      // Retries are the subject: with 20 % 5xx, five in a row over ~30 attempts would sometimes pause the instance.
      const { client, events } = emu.client({
        retry: { retries: 10, baseDelayMs: 2, maxDelayMs: 20 },
        circuitBreaker: false,
      });
      const results = await Promise.all(Array.from({ length: 20 }, () => client.listModels()));
      assert.ok(results.every((r) => r.length > 0));
      assert.ok(
        events.some((e) => e.attempt > 1),
        'some calls needed a retry',
      );
      assert.ok(events.some((e) => e.status === 503 || e.status === 500 || e.status === 0));
    });

    it('cancels a call through its AbortSignal', async () => {
      const emu = await start({ latency: 400 });
      const { client } = emu.client();
      await client.getToken();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      // The emulator answers after 400 ms: an 'aborted' error (not a late answer) proves the call was cut short.
      const error = await client.listModels({}, { signal: controller.signal }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError && error.kind === 'aborted', String(error));
    });

    it('cancels a call still waiting for the pacer, with nothing sent', async () => {
      const emu = await start();
      const { client } = emu.client({ rateLimit: { count: 1, seconds: 10 } });
      await client.countTwins();
      await emu.clearRequests();
      const controller = new AbortController();
      const waiting = client.countTwins({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(
        waiting,
        (e: unknown) => e instanceof ApiError && e.kind === 'aborted' && /countTwins failed: cancelled/.test(e.oneLine),
      );
      assert.deepEqual(await emu.requests(), []);
    });

    it('gives up at the deadline with a timeout error', async () => {
      const emu = await start({ latency: 400 });
      const { client } = emu.client({ timeoutMs: 5000 });
      await client.getToken();
      const error = await client.listModels({}, { timeoutMs: 100 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError && error.kind === 'timeout', String(error));
      assert.match(error.oneLine, /listModels failed: no answer within 100 ms/);
      const patient = emu.client({ timeoutMs: Number.POSITIVE_INFINITY }).client;
      assert.ok((await patient.listModels()).length > 0, 'no deadline at all is allowed too');
    });

    it('does not follow a redirect: one clear error, one request, no retry', async () => {
      const paths: string[] = [];
      const server = http.createServer((req, res) => {
        paths.push(req.url ?? '');
        res.writeHead(307, { Location: '/moved/api/v3/oauth2/token' }).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const client = new BuildingTwinsClient({
          baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`,
          clientId: 'a',
          clientSecret: 'secret-b',
          rateLimit: false,
          exchange,
        });
        const error = await client.getToken().then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof ApiError, String(error));
        assert.match(error.message, /getToken failed: .*redirect.*check the service URL/);
        assert.deepEqual(paths, ['/api/v3/oauth2/token']);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('never lets the secret or a token into errors or request events', async () => {
      const emu = await start({
        tokenLifetime: 2,
        clients: [{ id: 'other-client', secret: 'other-client-secret-value' }],
      });
      const { client, events } = emu.client({ clientId: 'other-client', clientSecret: 'other-client-secret-value' });
      const token = await client.getToken();
      const texts: string[] = [];
      for (const call of [
        () => client.getTwin('missing'),
        () => client.getModel('dtmi:x:y;1'),
        () => client.patchTicket('t', [{ op: 'replace', path: '/summary', value: 'x' }]),
      ]) {
        await call().catch((e: ApiError) => texts.push(e.message, JSON.stringify(e.problem ?? {}), e.body ?? ''));
      }
      const everything = JSON.stringify({ texts, events });
      assert.ok(!everything.includes('other-client-secret-value'));
      assert.ok(!everything.includes(token.access_token));
      assert.equal(
        client.redact(`Bearer ${token.access_token} other-client-secret-value`),
        'Bearer [redacted] [redacted]',
      );
      assert.ok(
        !Object.values(client).some((v) => v === 'other-client-secret-value'),
        'no readable field holds the secret',
      );
      assert.ok(!LOCAL_DEV_CLIENT_SECRET.includes('other'));
    });
  },
);
