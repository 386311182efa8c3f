import * as assert from 'node:assert/strict';
import { runCliInMemory } from './memoryCli';
import { EmulatorTestClient } from '../emulator/emulatorTestClient';
import { FIXTURE_MODELS, putSmallBuilding } from '../emulator/emulatorFixtures';

describe('building-twins emulator (admin routes of the local emulator)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  it('reloads the models folder and says so', async () => {
    const run = await runCliInMemory(['emulator', 'reload-models', '--url', client.url]);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /^The emulator reloaded \d+ model\(s\) from the models folder\.\n$/);
  });

  it('deletes a twin with its relationships, then says it no longer exists', async () => {
    const run = await runCliInMemory(['emulator', 'delete-twin', 'R2', '--url', client.url]);
    assert.equal(run.code, 0, run.err);
    const out = JSON.parse(run.out) as { deletedTwin: string; deletedRelationships: string[] };
    assert.equal(out.deletedTwin, 'R2');
    assert.equal(out.deletedRelationships.length, 1);
    assert.equal((await client.call('GET', '/twins/R2')).status, 404);
    const again = await runCliInMemory(['emulator', 'delete-twin', 'R2', '--url', client.url]);
    assert.equal(again.code, 1);
    assert.match(again.err, /404 Twin 'R2' does not exist\./);
  });

  it('refuses a URL that is not a local emulator, before sending anything', async () => {
    const run = await runCliInMemory(['emulator', 'delete-twin', 'R1', '--url', 'https://example.invalid/api/v3'], {
      env: { BUILDING_TWINS_CLIENT_ID: 'id', BUILDING_TWINS_CLIENT_SECRET: 'secret' },
    });
    assert.equal(run.code, 2);
    assert.match(
      run.err,
      /emulator commands only talk to a local emulator \(a loopback URL\), not https:\/\/example\.invalid\/api\/v3/,
    );
    assert.equal((await client.call('GET', '/twins/R1')).status, 200);
  });

  it('refuses to delete under --read-only', async () => {
    const run = await runCliInMemory(['emulator', 'delete-twin', 'R1', '--url', client.url, '--read-only']);
    assert.equal(run.code, 2);
    assert.match(run.err, /the connection is read-only/);
    assert.equal((await client.call('GET', '/twins/R1')).status, 200);
  });
});
