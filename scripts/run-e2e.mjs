// e2e tier: every out/test/e2e/*.e2e.test.js under mocha in plain Node; each spec drives a real workbench
// (code-server + headless chromium) through test/e2e/workbench.ts. Screenshots land in test/e2e/screenshots/.
// Usage: node scripts/run-e2e.mjs [--vscode oldest|newest] [--no-build] [--grep TEXT]
import { build, compileTests, flag, loadHarness, selectVscode, npx } from './harness.mjs';

selectVscode();
if (!process.argv.includes('--no-build')) {
  build();
  compileTests();
}
const { ensureCodeServer } = await loadHarness('codeServerInstall');
const { requireSystemPackages } = await loadHarness('systemPackages');
try {
  requireSystemPackages('browser');
  ensureCodeServer();
} catch (error) {
  console.error(`[e2e] ${error.message}`);
  process.exit(2);
}
const grep = flag('--grep');
// --exit: a spec that forgets Workbench.close() cannot hang the run; the harness kills its processes on exit.
process.exit(
  npx(
    'mocha',
    '--no-config',
    '--ui',
    'bdd',
    '--reporter',
    'spec',
    '--timeout',
    '180000',
    '--slow',
    '20000',
    '--exit',
    ...(grep ? ['--grep', grep] : []),
    'out/test/e2e/**/*.e2e.test.js',
  ),
);
