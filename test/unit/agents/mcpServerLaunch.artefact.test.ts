import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mcpServerLaunch } from '../../../src/extension/agents/mcpServerLaunch';
import { repoRoot } from '../../harness/harnessPaths';
import { ctx, profile } from './mcpLaunchFixtures';

// An artefact test: it runs the built dist/cli.js, so it needs `npm run build` first.
describe('MCP server launch per connection, against the built CLI', () => {
  it('passes arguments the CLI accepts (the built cli.js answers --help for exactly these command lines)', () => {
    for (const confirmWrites of ['always', 'never'] as const) {
      const launch = mcpServerLaunch(profile, { ...ctx, confirmWrites, cliPath: join(repoRoot, 'dist', 'cli.js') });
      const run = spawnSync(process.execPath, [...launch.args, '--help'], {
        encoding: 'utf8',
        env: { ...process.env, ...launch.env },
      });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /building-twins mcp/);
      assert.match(run.stdout, confirmWrites === 'never' ? /--allow-unconfirmed-writes/ : /--allow-writes/);
    }
  });
});
