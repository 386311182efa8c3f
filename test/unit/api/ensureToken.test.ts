// BuildingTwinsClient.ensureToken: a token ready before the first call (building-twins mcp asks for it while its
// client starts), shared with a call that needs one meanwhile, and not asked for again while it is valid.
import * as assert from 'node:assert/strict';
import { EmulatorHarness } from './emulatorHarness';

describe('BuildingTwinsClient.ensureToken', () => {
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start({ scale: 5 });
  });
  after(() => emu.close());
  beforeEach(() => emu.clearRequests());

  it('asks for a token once; a call made meanwhile waits for the same token', async () => {
    const { client, events } = emu.client();
    const [, models] = await Promise.all([client.ensureToken(), client.listModels()]);
    assert.ok(models.length > 0);
    assert.deepEqual(
      events.map((e) => e.operation),
      ['getToken', 'listModels'],
    );
  });

  it('sends nothing when the token it has is still valid, and the next call asks for none', async () => {
    const { client, events } = emu.client();
    await client.ensureToken();
    await client.ensureToken();
    await client.listModels();
    assert.deepEqual(
      events.map((e) => e.operation),
      ['getToken', 'listModels'],
    );
  });
});
