// `npm run test:live`: the read-only contract suite against a real instance named by
// BUILDING_TWINS_LIVE_URL, BUILDING_TWINS_LIVE_CLIENT_ID and BUILDING_TWINS_LIVE_CLIENT_SECRET.
// Without them it says plainly that it did not run (exit 0, or exit 1 with --require).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileTests, repoRoot } from './harness.mjs';

const variables = ['BUILDING_TWINS_LIVE_URL', 'BUILDING_TWINS_LIVE_CLIENT_ID', 'BUILDING_TWINS_LIVE_CLIENT_SECRET'];
const missing = variables.filter((name) => !process.env[name]?.trim());
if (missing.length) {
  console.log(`live contract suite: NOT RUN — set ${missing.join(', ')} to check a real instance (read-only).`);
  process.exit(process.argv.includes('--require') ? 1 : 0);
}
if (compileTests() !== 0) {
  console.error('live contract suite: the tests do not compile (see above)');
  process.exit(1);
}
const mocha = spawnSync(
  join(repoRoot, 'node_modules', '.bin', 'mocha'),
  ['--no-config', '--timeout', '120000', 'out/test/live/live.test.js'],
  { cwd: repoRoot, stdio: 'inherit' },
);
console.log(`live contract suite: ${mocha.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(mocha.status ?? 1);
