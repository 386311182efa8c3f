// Integration tier: mocha inside a real VS Code extension host (code-server, driven by headless chromium),
// with the local emulator on a free port. Exit code: 0 pass, 1 fail, 2 harness error or timeout.
// Usage: node scripts/run-integration.mjs [--no-build] [--grep TEXT] [--logs-dir DIR] [--keep] [--timeout SECONDS]
import { build, compileTests, flag, loadHarness } from './harness.mjs';

if (!process.argv.includes('--no-build')) {
  build();
  compileTests();
}
const { runIntegrationTests } = await loadHarness('integrationRun');
const { stopAllGroups } = await loadHarness('processGroup');

try {
  const started = Date.now();
  const { exitCode, result, metrics } = await runIntegrationTests({
    grep: flag('--grep'),
    logsDir: flag('--logs-dir'),
    keep: process.argv.includes('--keep'),
    timeoutMs: flag('--timeout') ? Number(flag('--timeout')) * 1000 : undefined,
  });
  if (result) {
    console.log(`[integration] ${result.appName} ${result.vscodeVersion}: ${result.passes} passing, ${result.failures} failing, ${result.pending} pending`);
    for (const failure of result.failed) console.log(`[integration] FAILED ${failure.title}: ${failure.message}`);
  }
  for (const [name, value] of Object.entries(metrics)) console.log(`[integration] ${name} = ${value}`);
  console.log(`[integration] exit ${exitCode} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(exitCode);
} catch (error) {
  console.error(`[integration] harness error: ${error instanceof Error ? error.message : error}`);
  await stopAllGroups();
  process.exit(2);
}
