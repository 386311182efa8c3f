import * as assert from 'node:assert/strict';
import { mcpServerLaunch } from '../../../src/extension/agents/mcpServerLaunch';
import { ctx, localProfile, profile } from './mcpLaunchFixtures';

const WRITE_FLAGS = ['--allow-writes', '--allow-unconfirmed-writes'];

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

  it('is read-only (no write flag, BUILDING_TWINS_READ_ONLY=1) for a read-only connection or in Restricted Mode, whatever confirmWrites says', () => {
    for (const confirmWrites of ['always', 'remoteOnly', 'never'] as const)
      for (const launch of [
        mcpServerLaunch({ ...profile, readOnly: true }, { ...ctx, confirmWrites }),
        mcpServerLaunch(profile, { ...ctx, workspaceTrusted: false, confirmWrites }),
        mcpServerLaunch({ ...localProfile, readOnly: true }, { ...ctx, confirmWrites }),
        mcpServerLaunch(localProfile, { ...ctx, workspaceTrusted: false, confirmWrites }),
      ]) {
        assert.equal(launch.writable, false);
        assert.equal(launch.unconfirmedWrites, false);
        assert.deepEqual(
          launch.args.filter((arg) => WRITE_FLAGS.includes(arg)),
          [],
        );
        assert.equal(launch.env.BUILDING_TWINS_READ_ONLY, '1');
      }
  });

  it("says in its label that Restricted Mode keeps a writable connection read-only (the label VS Code's trust question names)", () => {
    assert.equal(
      mcpServerLaunch(profile, { ...ctx, workspaceTrusted: false }).label,
      'Building Twins: Prod (read-only in Restricted Mode)',
    );
    assert.equal(
      mcpServerLaunch({ ...profile, readOnly: true }, { ...ctx, workspaceTrusted: false }).label,
      'Building Twins: Prod',
      'read-only anyway: trust changes nothing for it',
    );
    assert.equal(mcpServerLaunch(profile, ctx).label, 'Building Twins: Prod');
  });

  it('asks before each write (--allow-writes) unless buildingTwins.confirmWrites spares the connection (--allow-unconfirmed-writes)', () => {
    const flag = (p: typeof profile, confirmWrites: 'always' | 'remoteOnly' | 'never'): string[] =>
      mcpServerLaunch(p, { ...ctx, confirmWrites }).args.filter((arg) => WRITE_FLAGS.includes(arg));
    assert.deepEqual(flag(profile, 'always'), ['--allow-writes']);
    assert.deepEqual(flag(profile, 'remoteOnly'), ['--allow-writes']);
    assert.deepEqual(flag(profile, 'never'), ['--allow-unconfirmed-writes']);
    assert.deepEqual(flag(localProfile, 'always'), ['--allow-writes']);
    assert.deepEqual(
      flag(localProfile, 'remoteOnly'),
      ['--allow-unconfirmed-writes'],
      'remoteOnly spares this machine',
    );
    assert.deepEqual(flag(localProfile, 'never'), ['--allow-unconfirmed-writes']);
  });

  it('changes its version when the offered tools or their confirmation change', () => {
    assert.notEqual(
      mcpServerLaunch(profile, ctx).version,
      mcpServerLaunch({ ...profile, readOnly: true }, ctx).version,
    );
    assert.notEqual(
      mcpServerLaunch(profile, ctx).version,
      mcpServerLaunch(profile, { ...ctx, confirmWrites: 'never' }).version,
    );
    assert.equal(
      mcpServerLaunch(profile, ctx).version,
      mcpServerLaunch({ ...profile, clientId: 'other' }, ctx).version,
    );
  });
});
