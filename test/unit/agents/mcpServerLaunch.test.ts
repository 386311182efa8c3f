import * as assert from 'node:assert/strict';
import { mcpServerLaunch } from '../../../src/extension/agents/mcpServerLaunch';
import { ctx, profile } from './mcpLaunchFixtures';

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
});
