import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { portListening, probeEmulator } from '../../../src/core/api/emulatorProbe';
import { EmulatorHarness } from './emulatorHarness';
import { FakeService } from './fakeService';

async function refusedUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v3`;
}

describe('probing the local emulator address', function () {
  this.timeout(30_000);
  let emulator: EmulatorHarness;
  let other: FakeService;
  before(async () => {
    emulator = await EmulatorHarness.start({ sample: false });
    // Something else on a port: answers the token request with 401 (not the emulator's development client).
    other = await FakeService.start((r) =>
      r.path === '/oauth2/token' ? { status: 401, body: { error: 'invalid_client' } } : undefined,
    );
  });
  after(async () => {
    await emulator?.close();
    await other?.close();
  });

  it('tells a running emulator, nothing at all, and something else apart', async () => {
    assert.deepEqual(await probeEmulator(emulator.url), { kind: 'emulator' });
    assert.deepEqual(await probeEmulator(await refusedUrl()), { kind: 'nothing' });
    const found = await probeEmulator(other.url);
    assert.equal(found.kind, 'other');
    assert.match(found.kind === 'other' ? found.detail : '', /401/);
    assert.equal(other.requests.length, 1, 'one sign-in, no retries');
  });

  it('checks a port without sending a request the emulator would log', async () => {
    await emulator.clearRequests();
    assert.equal(await portListening(emulator.url), true);
    assert.equal(await portListening(await refusedUrl()), false);
    assert.deepEqual(await emulator.requests(), []);
  });
});
