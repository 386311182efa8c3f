import * as assert from 'node:assert/strict';
import { EmulatorHarness } from '../api/emulatorHarness';
import { runCli } from './cliProcess';

const SECRET = 'cli-scoped-secret-0e7b';

describe('building-twins CLI with a restricted client', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    emu = await EmulatorHarness.start({
      clients: [{ id: 'cli-scoped', secret: SECRET, permissions: ['Twins.Read'], location: 'BLD-HP' }],
    });
    env = { BUILDING_TWINS_URL: emu.url, BUILDING_TWINS_CLIENT_ID: 'cli-scoped', BUILDING_TWINS_CLIENT_SECRET: SECRET };
  });
  after(() => emu?.close());

  it('prints a "no permission" line and exits with code 3 on a 403, never blaming the credentials', async () => {
    const insights = await runCli(['insights', 'list'], { env });
    assert.equal(insights.code, 3, insights.stderr);
    assert.match(
      insights.stderr,
      /^error: listInsights failed with HTTP 403: .*\nno permission to read insights: the client id and secret were accepted, but the client lacks the permission/,
    );
    assert.ok(!insights.stderr.includes(SECRET));

    const outside = await runCli(['twins', 'get', 'RL-L01'], { env });
    assert.equal(outside.code, 3, outside.stderr);
    assert.match(outside.stderr, /GET \/twins\/RL-L01\)\nno permission to read twins: /);

    const inside = await runCli(['twins', 'get', 'HP-L01'], { env });
    assert.equal(inside.code, 0, inside.stderr);
  });

  it('keeps exit code 1 for other failures', async () => {
    const missing = await runCli(['twins', 'get', 'NO-SUCH-TWIN'], {
      env: { ...env, BUILDING_TWINS_CLIENT_ID: 'local-dev', BUILDING_TWINS_CLIENT_SECRET: 'local-dev-secret' },
    });
    assert.equal(missing.code, 1, missing.stderr);
    assert.doesNotMatch(missing.stderr, /no permission/);
  });
});
