import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mcpServerLaunch, type McpLaunchContext } from '../../../src/extension/agents/mcpServerLaunch';
import { repoRoot } from '../../harness/harnessPaths';

const ctx: McpLaunchContext = {
  nodePath: '/usr/bin/node',
  cliPath: '/ext/dist/cli.js',
  extensionVersion: '1.2.3',
  workspaceTrusted: true,
};
const profile = { name: 'Prod', baseUrl: 'https://acme.app.willowinc.com/api/v3', clientId: 'app-1' };

describe('MCP server launch per connection', () => {
  it("starts `cli.js mcp` with the connection's URL and client id, and no secret anywhere", () => {
    const launch = mcpServerLaunch(profile, ctx);
    assert.equal(launch.label, 'Building Twins: Prod');
    assert.equal(launch.command, '/usr/bin/node');
    assert.deepEqual(launch.args, [
      '/ext/dist/cli.js',
      'mcp',
      '--url',
      profile.baseUrl,
      '--client-id',
      'app-1',
      '--allow-writes',
    ]);
    assert.deepEqual(launch.env, { ELECTRON_RUN_AS_NODE: '1' });
    assert.ok(!JSON.stringify(launch).includes('SECRET'));
  });

  it('is read-only (no --allow-writes, BUILDING_TWINS_READ_ONLY=1) for a read-only connection or in Restricted Mode', () => {
    for (const launch of [
      mcpServerLaunch({ ...profile, readOnly: true }, ctx),
      mcpServerLaunch(profile, { ...ctx, workspaceTrusted: false }),
    ]) {
      assert.equal(launch.writable, false);
      assert.ok(!launch.args.includes('--allow-writes'));
      assert.equal(launch.env.BUILDING_TWINS_READ_ONLY, '1');
    }
  });

  it('changes its version when the offered tools change', () => {
    assert.notEqual(
      mcpServerLaunch(profile, ctx).version,
      mcpServerLaunch({ ...profile, readOnly: true }, ctx).version,
    );
    assert.equal(
      mcpServerLaunch(profile, ctx).version,
      mcpServerLaunch({ ...profile, clientId: 'other' }, ctx).version,
    );
  });

  it('passes arguments the CLI accepts (the built cli.js answers --help for exactly this command line)', () => {
    const launch = mcpServerLaunch(profile, { ...ctx, cliPath: join(repoRoot, 'dist', 'cli.js') });
    const run = spawnSync(process.execPath, [...launch.args, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, ...launch.env },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /building-twins mcp/);
  });
});
