// The integration suite in desktop VS Code, downloaded by @vscode/test-electron (needs access to
// update.code.visualstudio.com, and a display: use xvfb-run on a headless Linux machine).
// Not part of `npm test` (the download is not possible everywhere); run it where it is: see test/README.md.
// Usage: node scripts/run-desktop-tests.mjs [--no-build] [--vscode oldest|newest | --vscode-version 1.99.3|stable] [--grep TEXT]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { build, compileTests, flag, loadHarness, repoRoot, selectVscode } from './harness.mjs';

if (!process.argv.includes('--no-build')) {
  build();
  compileTests();
}
const { startEmulatorProcess, wireToEmulator } = await loadHarness('emulatorProcess');
// The same two VS Code versions as the code-server tiers (test/harness/harnessPaths.ts), unless a version is named.
const { CODE_SERVER_RELEASES } = await loadHarness('harnessPaths');
const version = flag('--vscode-version') ?? CODE_SERVER_RELEASES[selectVscode()].vscode;
console.log(`[desktop] VS Code ${version} (downloaded by @vscode/test-electron)`);
const runDir = mkdtempSync(join(tmpdir(), 'building-twins-desktop-'));
const userSettings = join(runDir, 'user-data', 'User');
mkdirSync(userSettings, { recursive: true });
mkdirSync(join(runDir, 'workspace'));
let emulator;
let exitCode = 1;
try {
  emulator = await startEmulatorProcess();
  console.log(`[desktop] emulator listening on ${emulator.url}`);
} catch (error) {
  console.log(`[desktop] emulator not started: ${error.message}`);
}
const wiring = wireToEmulator(emulator);
const env = { ...wiring.env, BUILDING_TWINS_TEST_RESULT_FILE: join(runDir, 'result.json') };
if (flag('--grep')) env.BUILDING_TWINS_TEST_GREP = flag('--grep');
const settings = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  ...wiring.settings,
};
writeFileSync(join(userSettings, 'settings.json'), JSON.stringify(settings, null, 2));
try {
  exitCode = await runTests({
    version,
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: join(repoRoot, 'out', 'test', 'integration', 'index.js'),
    extensionTestsEnv: env,
    launchArgs: [
      join(runDir, 'workspace'),
      '--user-data-dir',
      join(runDir, 'user-data'),
      '--extensions-dir',
      join(runDir, 'extensions'),
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
  });
} catch (error) {
  console.error(`[desktop] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await emulator?.stop();
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(exitCode);
