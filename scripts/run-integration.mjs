// Integration tier: mocha inside a real VS Code extension host (code-server, driven by headless chromium),
// with the local emulator on a free port. Exit code: 0 pass, 1 fail, 2 harness error or timeout (the worst of both passes).
// Usage: node scripts/run-integration.mjs [--vscode oldest|newest] [--no-build] [--grep TEXT] [--order sorted|reverse|shuffle[:SEED]]
//        [--logs-dir DIR] [--keep] [--timeout SECONDS]
// --order runs the test files in another order (the extension host reads BUILDING_TWINS_TEST_ORDER; a plain `shuffle`
// prints the seed that repeats it).
import { build, compileTests, flag, loadHarness, selectVscode } from './harness.mjs';

selectVscode();
if (!process.argv.includes('--no-build')) {
  build();
  compileTests();
}
if (flag('--order')) process.env.BUILDING_TWINS_TEST_ORDER = flag('--order');
const { runIntegrationTests } = await loadHarness('integrationRun');
const { stopAllGroups } = await loadHarness('processGroup');

// Two passes, each in its own code-server: the main suite, then the Restricted Mode suite (*.restricted.test.ts: workspace
// trust on, the folder untrusted). With --grep a pass may match nothing; the run fails only when neither ran a test.
const grep = flag('--grep');
const passes = [
  { label: 'integration', restricted: false },
  { label: 'integration (Restricted Mode)', restricted: true },
];
try {
  const started = Date.now();
  let exitCode = 0;
  let ran = 0;
  for (const pass of passes) {
    console.log(`[integration] === ${pass.label}`);
    const outcome = await runIntegrationTests({
      grep,
      allowEmpty: grep !== undefined,
      restricted: pass.restricted,
      logsDir: flag('--logs-dir') && (pass.restricted ? `${flag('--logs-dir')}/restricted` : flag('--logs-dir')),
      keep: process.argv.includes('--keep'),
      timeoutMs: flag('--timeout') ? Number(flag('--timeout')) * 1000 : undefined,
    });
    const { result, metrics } = outcome;
    if (result) {
      ran += result.tests;
      console.log(
        `[integration] ${pass.label}: ${result.appName} ${result.vscodeVersion}: ${result.passes} passing, ${result.failures} failing, ${result.pending} pending`,
      );
      for (const failure of result.failed) console.log(`[integration] FAILED ${failure.title}: ${failure.message}`);
    }
    for (const [name, value] of Object.entries(metrics)) console.log(`[integration] ${name} = ${value}`);
    exitCode = Math.max(exitCode, outcome.exitCode);
  }
  if (exitCode === 0 && ran === 0) {
    console.log(`[integration] no test matched --grep ${grep}`);
    exitCode = 1;
  }
  console.log(`[integration] exit ${exitCode} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(exitCode);
} catch (error) {
  console.error(`[integration] harness error: ${error instanceof Error ? error.message : error}`);
  await stopAllGroups();
  process.exit(2);
}
