// `npm start`: build, start the local emulator, and open VS Code with the extension loaded in development mode:
// desktop VS Code when `code` is on PATH, otherwise the offline code-server in your browser. Ctrl+C stops everything.
// Usage: npm start [-- --port 8470] [--browser] [--vscode oldest|newest] [--no-emulator] [--emulator-args "--scale 2 --data DIR"]
// (--vscode picks the code-server release of the browser workbench, test/README.md "Two VS Codes"; oldest by default)
import { spawnSync, spawn } from 'node:child_process';
import { build, compileTests, flag, loadHarness, repoRoot, selectVscode } from './harness.mjs';

// An option this script does not know is refused, not silently ignored.
const VALUED = ['--port', '--vscode', '--emulator-args'];
const SWITCHES = ['--browser', '--no-emulator'];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (VALUED.includes(arg)) i++;
  else if (!SWITCHES.includes(arg)) {
    console.error(`npm start: unknown option ${arg}; options: ${[...VALUED, ...SWITCHES].join(', ')}`);
    process.exit(2);
  }
}
const vscodeRelease = selectVscode();

const port = Number(flag('--port') ?? 8470);
const useBrowser =
  process.argv.includes('--browser') || spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status !== 0;

build();
compileTests();
const { startEmulatorProcess, emulatorBundle, wireToEmulator } = await loadHarness('emulatorProcess');
const { existsSync } = await import('node:fs');

let emulator;
if (process.argv.includes('--no-emulator')) {
  console.log('emulator: not started (--no-emulator)');
} else if (!existsSync(emulatorBundle)) {
  console.log(`emulator: not started, ${emulatorBundle} does not exist (src/emulator/main.ts is not built yet)`);
} else {
  emulator = await startEmulatorProcess({
    port,
    args: (flag('--emulator-args') ?? '').split(/\s+/).filter(Boolean),
    onLog: (line) => console.log(`[emulator] ${line}`),
  });
  console.log(`emulator: ${emulator.url} (client id local-dev, secret local-dev-secret)`);
}

if (!useBrowser) {
  // The desktop window lives on its own; this process keeps the emulator up until Ctrl+C.
  spawn('code', [`--extensionDevelopmentPath=${repoRoot}`], { stdio: 'inherit' });
  console.log('VS Code: opened an Extension Development Host window');
} else {
  const { startCodeServer } = await loadHarness('codeServer');
  const server = await startCodeServer(wireToEmulator(emulator));
  const url = server.workbenchUrl([['extensionDevelopmentPath', server.remoteUri(repoRoot)]]);
  console.log(
    `VS Code (${vscodeRelease} pin: code-server ${server.url}, log ${server.logFile}); open in your browser:\n\n  ${url}\n`,
  );
}
console.log('Press Ctrl+C to stop.');
// The harness kills every process group it started on SIGINT/SIGTERM; keep the event loop alive until then.
setInterval(() => undefined, 1 << 30);
