// Runs the integration suite inside code-server's Node extension host: the workbench opens with a payload naming
// the extension (development mode) and out/test/integration/index.js; the host reports its exit code back
// through window.codeAutomationExit, and console output of the tests through window.codeAutomationLog.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import type { IntegrationResult } from '../integration/index';
import { launchChromium } from './browser';
import { startCodeServer, TEST_SESSION_SETTINGS, type CodeServer } from './codeServer';
import { emulatorBundle, startEmulatorProcess, wireToEmulator, type EmulatorProcess } from './emulatorProcess';
import { repoRoot } from './harnessPaths';
import { requireSystemPackages } from './systemPackages';

// Workbench chatter that reaches the automation log on every run and says nothing about the tests.
const workbenchNoise =
  /^(Ignoring fetching additional builtin extensions|Resolving connection token|Resolved connection token|Updating additional builtin extensions cache|Creating a socket|\[Service Worker\])/;

export interface IntegrationRunOptions {
  /** Compiled test entry (default out/test/integration/index.js). */
  testsPath?: string;
  /** Only run tests whose title matches. */
  grep?: string;
  timeoutMs?: number;
  /** Write the browser-side workbench logs here (window.log, exthost logs) for CI artifacts. */
  logsDir?: string;
  /** Keep code-server's run folder (user data, server log). */
  keep?: boolean;
  /**
   * Run the Restricted Mode suite (`*.restricted.test.js`) with workspace trust on and an untrusted folder whose
   * settings try to move the local emulator and switch write confirmations off, instead of the main suite.
   */
  restricted?: boolean;
  /** A run in which no test matched `grep` passes (another suite may hold the matching tests). */
  allowEmpty?: boolean;
}

/**
 * The workspace settings of the Restricted Mode suite's untrusted folder, as a hostile cloned repository would ship
 * them: VS Code must ignore the emulator's (restricted configurations) and the connections (application settings) and
 * apply the page size (not restricted), which shows the folder's settings are read at all; the extension must ignore
 * `confirmWrites: "never"` (a workspace may only tighten it).
 */
export const UNTRUSTED_FOLDER_SETTINGS = {
  'buildingTwins.emulator.port': 1,
  'buildingTwins.emulator.dataFolder': 'emulator-data',
  'buildingTwins.twins.pageSize': 7,
  'buildingTwins.confirmWrites': 'never',
  'buildingTwins.connections': [
    { name: 'Pinned by the folder', baseUrl: 'https://twins.attacker.example/api/v3', clientId: 'cloned' },
  ],
  'buildingTwins.activeConnection': 'Pinned by the folder',
};

/** The twin the untrusted folder's request file writes, so a test can tell whether the write reached the service. */
export const HOSTILE_TWIN_ID = 'HOSTILE-REQUEST-FILE-TWIN';

/**
 * Files of the untrusted folder besides its settings: a request file that pins the local emulator and carries a
 * write among reads, so one click on Run all would write without a question if the folder's settings were obeyed.
 */
export const UNTRUSTED_FOLDER_FILES: Readonly<Record<string, string>> = {
  // Suggests a connection, and marks any connection to its production service read-only.
  '.vscode/building-twins.connections.json': `${JSON.stringify(
    {
      connections: [
        { name: 'Suggested by the folder', baseUrl: 'https://twins.attacker.example/api/v3', clientId: 'cloned' },
        { name: 'Team production', baseUrl: 'https://prod.example.com/api/v3', clientId: 'team', readOnly: true },
      ],
    },
    null,
    2,
  )}\n`,
  'hostile.twinq.json': `${JSON.stringify(
    {
      connection: 'Local emulator',
      requests: [
        { name: 'looks harmless', operation: 'twins count' },
        {
          name: 'overwrite',
          operation: 'twins put',
          write: true,
          body: {
            id: HOSTILE_TWIN_ID,
            modelId: 'dtmi:com:buildingtwins:sample:Room;1',
            contents: { name: 'written without a question' },
          },
        },
      ],
    },
    null,
    2,
  )}\n`,
};

/**
 * How long one pass may run before the harness gives up on the extension host. The main suite takes about 5 minutes on
 * a loaded 2-core machine; mocha's own per-test timeout (test/integration/index.ts) fires long before this, naming the
 * test that hangs, so this bound only catches a host that stopped answering.
 */
export const INTEGRATION_TIMEOUT_MS = 900_000;

export interface IntegrationRunOutcome {
  /** 0 pass, 1 fail, 2 harness error or timeout. */
  exitCode: number;
  result?: IntegrationResult;
  /** Values tests printed as `[metric] name=value`. */
  metrics: Record<string, string>;
}

export async function runIntegrationTests(options: IntegrationRunOptions = {}): Promise<IntegrationRunOutcome> {
  const testsPath = options.testsPath ?? join(repoRoot, 'out', 'test', 'integration', 'index.js');
  if (!existsSync(testsPath))
    throw new Error(`${testsPath} does not exist: compile the tests first (npm run compile-tests)`);
  requireSystemPackages('browser');
  const resultDir = mkdtempSync(join(tmpdir(), 'building-twins-integration-'));
  const resultFile = join(resultDir, 'result.json');
  const say = (text: string) => console.log(`[integration] ${text}`);
  let emulator: EmulatorProcess | undefined;
  const cleanUps: Array<() => Promise<unknown>> = [];
  try {
    if (existsSync(emulatorBundle)) {
      emulator = await startEmulatorProcess();
      cleanUps.push(() => emulator!.stop());
      say(`emulator listening on ${emulator.url}`);
    } else {
      say(
        `emulator not started: ${emulatorBundle} does not exist (src/emulator/main.ts not built); BUILDING_TWINS_EMULATOR_URL is unset`,
      );
    }
    const { settings, env } = wireToEmulator(emulator);
    env.BUILDING_TWINS_TEST_RESULT_FILE = resultFile;
    if (options.grep) env.BUILDING_TWINS_TEST_GREP = options.grep;
    if (options.allowEmpty) env.BUILDING_TWINS_TEST_ALLOW_EMPTY = '1';
    let folder: string | undefined;
    if (options.restricted) {
      env.BUILDING_TWINS_TEST_SUITE = 'restricted';
      folder = join(resultDir, 'untrusted-folder');
      mkdirSync(join(folder, '.vscode'), { recursive: true });
      writeFileSync(join(folder, '.vscode', 'settings.json'), JSON.stringify(UNTRUSTED_FOLDER_SETTINGS, null, 2));
      for (const [name, text] of Object.entries(UNTRUSTED_FOLDER_FILES)) writeFileSync(join(folder, name), text);
    }
    const server = await startCodeServer({
      settings: { ...TEST_SESSION_SETTINGS, ...settings },
      env,
      keep: options.keep,
      folder,
      workspaceTrust: options.restricted ? 'untrusted' : 'disabled',
    });
    cleanUps.push(() => server.stop());
    say(`code-server on ${server.url}${options.keep ? ` (run folder ${server.runDir})` : ''}`);
    const browser = await launchChromium();
    cleanUps.push(() => browser.close());
    const outcome = await runInExtensionHost(server, browser, testsPath, { timeoutMs: options.timeoutMs, echo: true });
    if (outcome.timedOut) {
      say(
        `timed out after ${options.timeoutMs ?? INTEGRATION_TIMEOUT_MS} ms waiting for the extension host to finish the tests`,
      );
      const partial = readResult(resultFile);
      if (partial?.running) say(`still running: ${partial.running}`);
      return { exitCode: 2, result: partial, metrics: outcome.metrics };
    }
    if (options.logsDir) {
      for (const log of outcome.logs ?? []) {
        const file = join(options.logsDir, log.relativePath);
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, log.contents);
      }
    }
    return { exitCode: outcome.code, result: readResult(resultFile), metrics: outcome.metrics };
  } finally {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch((error) => say(`clean-up: ${error}`));
    rmSync(resultDir, { recursive: true, force: true });
  }
}

function readResult(file: string): IntegrationResult | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as IntegrationResult) : undefined;
}

export interface ExtensionHostRun {
  /** The extension host's test exit code (0 pass, 1 fail); 2 when it timed out. */
  code: number;
  timedOut: boolean;
  /** Values the test module printed as `[metric] name=value`. */
  metrics: Record<string, string>;
  /** Browser-side workbench log files. */
  logs: Array<{ relativePath: string; contents: string }>;
  /** Milliseconds from opening the page until the extension host reported its exit. */
  elapsedMs: number;
}

/**
 * Opens one workbench page (a fresh extension host) that loads the extension in development mode and runs
 * `testsPath` (a module exporting `run(): Promise<void>`), and waits for the host to report its exit code.
 */
export async function runInExtensionHost(
  server: CodeServer,
  browser: Browser,
  testsPath: string,
  options: { timeoutMs?: number; echo?: boolean } = {},
): Promise<ExtensionHostRun> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const metrics: Record<string, string> = {};
  try {
    page.on('pageerror', (error) => console.log(`[extension host] page error: ${error.message}`));
    type Exit = { code: number; logs?: ExtensionHostRun['logs'] };
    let reportExit!: (value: Exit) => void;
    const exited = new Promise<Exit>((resolve) => (reportExit = resolve));
    // Both must exist before the workbench loads: it checks for them when the extension host ends the test run.
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const text = format(...(args ?? []));
      for (const match of text.matchAll(/\[metric\] (\w+)=(\S+)/g)) metrics[match[1]] = match[2];
      if (options.echo && !workbenchNoise.test(text)) process.stdout.write(`${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number, logs?: ExtensionHostRun['logs']) =>
      reportExit({ code, logs }),
    );
    const started = Date.now();
    await page.goto(
      server.workbenchUrl([
        ['extensionDevelopmentPath', server.remoteUri(repoRoot)],
        ['extensionTestsPath', server.remoteUri(testsPath)],
        ['skipWelcome', 'true'],
      ]),
    );
    const timeout = new AbortController();
    const outcome = await Promise.race([
      exited,
      sleep(options.timeoutMs ?? INTEGRATION_TIMEOUT_MS, undefined, { signal: timeout.signal }).catch(() => undefined),
    ]);
    timeout.abort();
    const elapsedMs = Date.now() - started;
    if (!outcome) return { code: 2, timedOut: true, metrics, logs: [], elapsedMs };
    return { code: outcome.code, timedOut: false, metrics, logs: outcome.logs ?? [], elapsedMs };
  } finally {
    await page.close().catch(() => undefined);
  }
}
