// Entry point the VS Code extension host loads as `extensionTestsPath`: runs every compiled
// out/test/integration/**/*.test.js with mocha (BDD) and rejects when a test fails or none ran.
// Env: BUILDING_TWINS_TEST_GREP (only matching tests), BUILDING_TWINS_TEST_RESULT_FILE (JSON summary for the harness),
// BUILDING_TWINS_TEST_SUITE=restricted (only *.restricted.test.js, which need a workbench in Restricted Mode; the main
// suite leaves them out), BUILDING_TWINS_TEST_ALLOW_EMPTY=1 (no matching test is not a failure),
// BUILDING_TWINS_TEST_ORDER=sorted|reverse|shuffle|shuffle:<seed> (the order of the test files; see testOrder.ts).
// Before each file the window is put back as the run started (windowState.ts), so the files pass in any order.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { describeTestOrder, orderTestFiles, parseTestOrder } from './testOrder';
import { resetWindow, snapshotSettings } from './windowState';

export interface IntegrationResult {
  vscodeVersion: string;
  appName: string;
  tests: number;
  passes: number;
  failures: number;
  pending: number;
  durationMs: number;
  failed: Array<{ title: string; message: string }>;
  /** While the run is in progress: the test or hook running when this summary was written (a harness timeout names it). */
  running?: string;
}

/**
 * Runs `hook` first in each file's top-level suites, before the file's own `before` hooks (mocha only appends hooks,
 * so it is moved to the front as each file is loaded).
 */
function beforeEachFile(mocha: Mocha, title: string, hook: () => Promise<void>): void {
  const done = new Set<Mocha.Suite>();
  mocha.suite.on('post-require', () => {
    for (const suite of mocha.suite.suites.filter((s) => !done.has(s))) {
      done.add(suite);
      suite.beforeAll(title, hook);
      const hooks = (suite as unknown as { _beforeAll: Mocha.Hook[] })._beforeAll;
      hooks.unshift(hooks.pop()!);
    }
  });
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60000 });
  if (process.env.BUILDING_TWINS_TEST_GREP) mocha.grep(process.env.BUILDING_TWINS_TEST_GREP);
  const restricted = process.env.BUILDING_TWINS_TEST_SUITE === 'restricted';
  const order = parseTestOrder(process.env.BUILDING_TWINS_TEST_ORDER);
  const files = orderTestFiles(
    readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.test.js') && f.endsWith('.restricted.test.js') === restricted,
    ),
    order,
  );
  for (const file of files) mocha.addFile(join(__dirname, file));
  console.log(
    `Running ${files.length} integration test file(s) in ${vscode.env.appName} ${vscode.version}, order ${describeTestOrder(order)}`,
  );
  snapshotSettings();
  beforeEachFile(mocha, 'the window as the run started (settings, editors, explorer)', resetWindow);

  const resultFile = process.env.BUILDING_TWINS_TEST_RESULT_FILE;
  return new Promise((resolve, reject) => {
    const failed: IntegrationResult['failed'] = [];
    // Written as the run goes too, so a harness that gives up on the host still says which test hung and what failed.
    const progress = (running: string) => {
      const stats = runner.stats!;
      const partial: IntegrationResult = {
        vscodeVersion: vscode.version,
        appName: vscode.env.appName,
        tests: stats.tests,
        passes: stats.passes,
        failures: stats.failures,
        pending: stats.pending,
        durationMs: 0,
        failed,
        running,
      };
      if (resultFile) writeFileSync(resultFile, JSON.stringify(partial, null, 2));
    };
    const runner = mocha.run((failures) => {
      const stats = runner.stats!;
      const result: IntegrationResult = {
        vscodeVersion: vscode.version,
        appName: vscode.env.appName,
        tests: stats.tests,
        passes: stats.passes,
        failures,
        pending: stats.pending,
        durationMs: stats.duration ?? 0,
        failed,
      };
      console.log(
        `VS Code ${result.vscodeVersion}: ${result.passes} passing, ${result.failures} failing, ${result.pending} pending`,
      );
      if (resultFile) writeFileSync(resultFile, JSON.stringify(result, null, 2));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else if (result.passes === 0 && !process.env.BUILDING_TWINS_TEST_ALLOW_EMPTY)
        reject(new Error('no integration test ran (check the test files and BUILDING_TWINS_TEST_GREP)'));
      else resolve();
    });
    runner.on('test', (test) => progress(test.fullTitle()));
    runner.on('hook', (hook) => progress(hook.fullTitle()));
    runner.on('fail', (test, error: Error) => {
      failed.push({ title: test.fullTitle(), message: String(error?.message) });
      progress(test.fullTitle());
    });
  });
}
