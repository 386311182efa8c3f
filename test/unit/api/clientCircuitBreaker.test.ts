import * as assert from 'node:assert/strict';
import { EmulatorHarness } from './emulatorHarness';
import { FakeClock } from './fakeClock';
import { apiFailure, fakeServicesPerTest } from './fakeService';

describe('BuildingTwinsClient circuit breaker and budget', function () {
  this.timeout(30_000);
  const start = fakeServicesPerTest();

  it('pauses an instance after N 5xx in a row: later calls are refused unsent, then a probe after the cool-down closes it', async () => {
    let healthy = false;
    const service = await start((request) =>
      request.path === '/models' ? (healthy ? { status: 200, body: [] } : { status: 503 }) : undefined,
    );
    const clock = new FakeClock();
    const client = service.client({ clock, circuitBreaker: { failures: 3, coolDownMs: 10_000 } });
    for (let i = 0; i < 3; i++) assert.equal((await apiFailure(client.listModels())).status, 503);
    const pausedAt = clock.now();
    const paused = await apiFailure(client.listModels());
    assert.equal(paused.kind, 'paused');
    const retryAt = new Date(pausedAt + 10_000).toISOString().slice(11, 19);
    assert.equal(
      paused.oneLine,
      `listModels failed: requests to ${new URL(service.url).host} paused after 3 server errors in a row (last HTTP 503); retrying at ${retryAt} UTC; nothing was sent`,
    );
    assert.equal(service.apiRequests.length, 3, 'the refused call sent nothing');
    assert.deepEqual(client.budget().circuit, {
      state: 'open',
      serverErrorsInARow: 3,
      lastStatus: 503,
      retryAt: pausedAt + 10_000,
    });

    healthy = true;
    await clock.advance(10_000);
    assert.deepEqual(await client.listModels(), []);
    assert.deepEqual(client.budget().circuit, { state: 'closed', serverErrorsInARow: 0 });
    assert.equal(service.apiRequests.length, 4);
  });

  it('stops retrying once the breaker opens mid-call', async () => {
    const service = await start((request) => (request.path === '/models' ? { status: 500 } : undefined));
    const client = service.client({
      retry: { retries: 10, baseDelayMs: 1, maxDelayMs: 1 },
      circuitBreaker: { failures: 4 },
    });
    const error = await apiFailure(client.listModels());
    assert.equal(error.kind, 'paused');
    assert.equal(service.apiRequests.length, 4, 'four 500s, then no fifth attempt');
  });

  it('can be turned off: every attempt is sent', async () => {
    const service = await start((request) => (request.path === '/models' ? { status: 500 } : undefined));
    const client = service.client({ circuitBreaker: false });
    for (let i = 0; i < 8; i++) assert.equal((await apiFailure(client.listModels())).status, 500);
    assert.equal(service.apiRequests.length, 8);
    assert.equal(client.budget().circuit.state, 'closed');
  });

  it('reports the budget per paced group: used, in flight, waiting and the time to the next slot', async () => {
    const service = await start((request) =>
      request.path === '/twins/count' ? { status: 200, body: '7' } : undefined,
    );
    const clock = new FakeClock();
    const client = service.client({ clock, rateLimit: { count: 2, seconds: 10 } });
    assert.deepEqual(
      client.budget().groups.map((g) => [g.group, g.used]),
      [
        ['twins', 0],
        ['time-series', 0],
      ],
    );
    await client.countTwins();
    await client.countTwins();
    const twins = client.budget().groups.find((g) => g.group === 'twins');
    assert.deepEqual(twins, {
      group: 'twins',
      limit: 2,
      windowSeconds: 10,
      used: 2,
      inFlight: 0,
      waiting: 0,
      nextSlotInMs: 10_000,
    });
  });

  it('against the emulator with --faults 1: pauses, and the request log shows nothing more arrives', async () => {
    const emu = await EmulatorHarness.start({ sample: false, faults: 1, seed: 3 });
    try {
      const { client } = emu.client({ retry: { retries: 0 }, circuitBreaker: { failures: 3 } });
      let paused: Error | undefined;
      for (let i = 0; i < 30 && !paused; i++) {
        const error = await apiFailure(client.listModels());
        if (error.kind === 'paused') paused = error;
      }
      assert.ok(paused, 'the breaker opened');
      const served = (await emu.requests()).length;
      for (let i = 0; i < 5; i++) assert.equal((await apiFailure(client.listModels())).kind, 'paused');
      assert.equal((await emu.requests()).length, served);
    } finally {
      await emu.close();
    }
  });
});
