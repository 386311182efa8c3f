// Runs the integration suite inside code-server's Node extension host: the workbench opens with a payload naming
// the extension (development mode) and out/test/integration/index.js; the host reports its exit code back
// through window.codeAutomationExit, and console output of the tests through window.codeAutomationLog.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { format } from 'node:util';
import type { IntegrationResult } from '../integration/index';
import { launchChromium } from './browser';
import { startCodeServer } from './codeServer';
import { emulatorBundle, startEmulatorProcess, type EmulatorProcess } from './emulatorProcess';
import { repoRoot } from './harnessPaths';

// Workbench chatter that reaches the automation log on every run and says nothing about the tests.
const workbenchNoise = /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|Creating a socket|\[Service Worker\])/;

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
}

export interface IntegrationRunOutcome {
  /** 0 pass, 1 fail, 2 harness error or timeout. */
  exitCode: number;
  result?: IntegrationResult;
  /** Values tests printed as `[metric] name=value`. */
  metrics: Record<string, string>;
}

export async function runIntegrationTests(options: IntegrationRunOptions = {}): Promise<IntegrationRunOutcome> {
  const testsPath = options.testsPath ?? join(repoRoot, 'out', 'test', 'integration', 'index.js');
  if (!existsSync(testsPath)) throw new Error(`${testsPath} does not exist: compile the tests first (npm run compile-tests)`);
  const resultDir = mkdtempSync(join(tmpdir(), 'building-twins-integration-'));
  const resultFile = join(resultDir, 'result.json');
  const metrics: Record<string, string> = {};
  const say = (text: string) => console.log(`[integration] ${text}`);
  let emulator: EmulatorProcess | undefined;
  const cleanUps: Array<() => Promise<unknown>> = [];
  try {
    const env: Record<string, string> = { BUILDING_TWINS_TEST_RESULT_FILE: resultFile };
    if (options.grep) env.BUILDING_TWINS_TEST_GREP = options.grep;
    const settings: Record<string, unknown> = {};
    if (existsSync(emulatorBundle)) {
      emulator = await startEmulatorProcess();
      cleanUps.push(() => emulator!.stop());
      env.BUILDING_TWINS_EMULATOR_URL = emulator.url;
      settings['buildingTwins.emulator.port'] = emulator.port;
      say(`emulator listening on ${emulator.url}`);
    } else {
      say(`emulator not started: ${emulatorBundle} does not exist (src/emulator/main.ts not built); BUILDING_TWINS_EMULATOR_URL is unset`);
    }
    const server = await startCodeServer({ settings, env, keep: options.keep });
    cleanUps.push(() => server.stop());
    say(`code-server on ${server.url}${options.keep ? ` (run folder ${server.runDir})` : ''}`);
    const browser = await launchChromium();
    cleanUps.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => say(`page error: ${error.message}`));

    let reportExit!: (value: { code: number; logs?: Array<{ relativePath: string; contents: string }> }) => void;
    const exited = new Promise<{ code: number; logs?: Array<{ relativePath: string; contents: string }> }>((resolve) => (reportExit = resolve));
    // Both must exist before the workbench loads: it checks for them when the extension host ends the test run.
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const text = format(...(args ?? []));
      for (const match of text.matchAll(/\[metric\] (\w+)=(\S+)/g)) metrics[match[1]] = match[2];
      if (!workbenchNoise.test(text)) process.stdout.write(`${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number, logs?: Array<{ relativePath: string; contents: string }>) => reportExit({ code, logs }));
    await page.goto(server.workbenchUrl([
      ['extensionDevelopmentPath', server.remoteUri(repoRoot)],
      ['extensionTestsPath', server.remoteUri(testsPath)],
      ['skipWelcome', 'true'],
    ]));
    const timeoutMs = options.timeoutMs ?? 300000;
    const timeout = new AbortController();
    const outcome = await Promise.race([exited, sleep(timeoutMs, undefined, { signal: timeout.signal }).catch(() => undefined)]);
    timeout.abort();
    if (!outcome) {
      say(`timed out after ${timeoutMs} ms waiting for the extension host to finish the tests`);
      return { exitCode: 2, metrics };
    }
    if (options.logsDir) {
      for (const log of outcome.logs ?? []) {
        const file = join(options.logsDir, log.relativePath);
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, log.contents);
      }
    }
    const result = existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, 'utf8')) as IntegrationResult) : undefined;
    return { exitCode: outcome.code, result, metrics };
  } finally {
    for (const cleanUp of cleanUps.reverse()) await cleanUp().catch((error) => say(`clean-up: ${error}`));
    rmSync(resultDir, { recursive: true, force: true });
  }
}
