// Extension activation in a real VS Code extension host (code-server), in fresh hosts, N >= 10 runs, side by side
// with a built-in extension of similar size activated in the same host (the reference: the ratio is what counts
// on a shared machine). Each run waits until the host is idle (a 0 ms timer fires within 2 ms twenty times in a
// row) before measuring, then times for each extension the loading of its bundle (require of its main module)
// and activate() apart; which extension goes first alternates between runs. Then the explorer's first focus.
// Run with `npm run bench -- activation`; BENCH_RUNS (default 10).
// This file is both the benchmark driver (run by node) and the probe the extension host loads as its tests module.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscodeApi from 'vscode';

const extensionId = 'building-twins.building-twins';
/** Built-in extensions with a bundle of a few hundred KB that nothing activates in an empty workspace; the first present is used. */
const REFERENCES = ['vscode.php-language-features', 'vscode.emmet', 'vscode.references-view'];
const ORDER_FILE = 'BUILDING_TWINS_BENCH_ORDER_FILE';

/** Waits until a 0 ms timer fires within 2 ms twenty times in a row (at most 30 s). */
async function untilIdle(): Promise<{ waitedMs: number; idle: boolean }> {
  const started = performance.now();
  let calm = 0;
  while (performance.now() - started < 30_000) {
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    calm = performance.now() - t0 < 2 ? calm + 1 : 0;
    if (calm >= 20) return { waitedMs: performance.now() - started, idle: true };
  }
  return { waitedMs: performance.now() - started, idle: false };
}

/** One extension's figures in a host; `codeCache`: ours says whether the host compiled it from the code cache. */
interface Measured {
  loadMs: number;
  activateMs: number;
  codeCache?: string;
}

/** Loads the extension's bundle (timed), then activates it (timed apart: the module is cached by then). */
async function measure(extension: vscodeApi.Extension<unknown>): Promise<Measured> {
  const main = require.resolve(join(extension.extensionPath, String(extension.packageJSON.main)));
  let started = performance.now();
  const loaded = require(main) as { codeCacheState?: () => string };
  const loadMs = performance.now() - started;
  // src/extension/startup/cachedBundle.ts
  const codeCache = loaded.codeCacheState?.();
  started = performance.now();
  await extension.activate();
  return { loadMs, activateMs: performance.now() - started, codeCache };
}

/** Probe, inside the extension host; a failure is also printed as a metric, so the driver can say why. */
export async function run(): Promise<void> {
  try {
    await probe();
  } catch (error) {
    // A metric's value ends at the first blank: the message travels encoded.
    console.log(`[metric] error=${encodeURIComponent(error instanceof Error ? error.message : String(error))}`);
    throw error;
  }
}

async function probe(): Promise<void> {
  // Loaded lazily: the `vscode` module only exists inside the extension host.
  const vscode = require('vscode') as typeof vscodeApi;
  const ours = vscode.extensions.getExtension(extensionId);
  if (!ours) throw new Error(`${extensionId} is not loaded`);
  const reference = REFERENCES.map((id) => vscode.extensions.getExtension(id)).find((e) => e !== undefined);
  if (!reference) throw new Error(`none of the reference extensions is there: ${REFERENCES.join(', ')}`);
  const idle = await untilIdle();
  // An activation event that fires while an empty window starts (e.g. onLanguage of a language VS Code opens by
  // itself) activates the extension before it can be measured: say which, rather than measure something else.
  const active = [ours, reference].filter((e) => e.isActive).map((e) => e.id);
  if (active.length)
    throw new Error(
      `${active.join(' and ')} already active when the host was idle (an activation event fired while the window started): activation cannot be measured`,
    );
  const oursFirst = readFileSync(process.env[ORDER_FILE]!, 'utf8').trim() === 'ours-first';
  const results: Record<string, Measured> = {};
  for (const [name, extension] of oursFirst
    ? ([
        ['ours', ours],
        ['reference', reference],
      ] as const)
    : ([
        ['reference', reference],
        ['ours', ours],
      ] as const)) {
    results[name] = await measure(extension);
  }
  // One metric a line: the harness reads the first `[metric] name=value` of each line.
  const metrics: Record<string, string> = {
    idle: String(idle.idle),
    idleWaitMs: idle.waitedMs.toFixed(0),
    reference: reference.id,
  };
  for (const [name, r] of Object.entries(results))
    Object.assign(metrics, { [`${name}LoadMs`]: r.loadMs.toFixed(2), [`${name}ActivateMs`]: r.activateMs.toFixed(2) });
  metrics.codeCache = results.ours!.codeCache ?? 'none';
  for (const [name, value] of Object.entries(metrics)) console.log(`[metric] ${name}=${value}`);
  const started = performance.now();
  await vscode.commands.executeCommand('buildingTwins.explorer.focus');
  console.log(`[metric] explorerFocusMs=${(performance.now() - started).toFixed(1)}`);
}

async function main(): Promise<void> {
  // Harness modules are loaded here only, so the probe above stays free of them inside the extension host.
  const { repoRoot } = await import('../test/harness/harnessPaths');
  const { startCodeServer } = await import('../test/harness/codeServer');
  const { launchChromium } = await import('../test/harness/browser');
  const { runInExtensionHost } = await import('../test/harness/integrationRun');
  const { machineLoad, median, ratio, size } = await import('./benchStats');
  const runs = size(Math.max(10, Number(process.env.BENCH_RUNS ?? 10)), 1);
  // A window's first start after an install or an update has no code cache yet: measured apart, in fewer hosts.
  const firstStarts = size(Math.max(4, Math.ceil(runs / 2)), 1);
  const bundle = statSync(join(repoRoot, 'dist', 'extension.js')).size;
  const entry = statSync(join(repoRoot, 'dist', 'main.js')).size;
  const codeCacheDir = join(repoRoot, 'dist', '.code-cache');
  const orderDir = mkdtempSync(join(tmpdir(), 'bt-activation-'));
  const orderFile = join(orderDir, 'order');
  const server = await startCodeServer({ env: { [ORDER_FILE]: orderFile } });
  const browser = await launchChromium();
  const host = async (i: number, label: string): Promise<Record<string, string>> => {
    const order = i % 2 ? 'reference-first' : 'ours-first';
    writeFileSync(orderFile, order);
    const result = await runInExtensionHost(server, browser, __filename, { timeoutMs: 120000 });
    if (result.code !== 0)
      throw new Error(
        `${label} ${i + 1}: the probe failed (exit ${result.code}): ${result.metrics.error ? decodeURIComponent(result.metrics.error) : JSON.stringify(result.metrics)}`,
      );
    return { ...result.metrics, order };
  };
  const samples: Array<Record<string, string>> = [];
  const uncached: Array<Record<string, string>> = [];
  try {
    // Not measured: the window that writes the code cache the measured ones start from, as a user's every window
    // after the first does.
    await host(0, 'warm-up host');
    for (let i = 0; i < runs; i++) samples.push(await host(i, 'run'));
    for (let i = 0; i < firstStarts; i++) {
      rmSync(codeCacheDir, { recursive: true, force: true });
      uncached.push(await host(i, 'first start'));
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(orderDir, { recursive: true, force: true });
  }
  const m = (name: string, of = samples): number => median(of.map((s) => Number(s[name])));
  const ours = m('oursLoadMs') + m('oursActivateMs');
  const reference = m('referenceLoadMs') + m('referenceActivateMs');
  const referenceName = samples[0]!.reference;
  // Whichever extension activates second in a host finds VS Code's activation path warm, and the hosts alternate the
  // order: the medians over all hosts fall between the two orders' and swing with them. Each order's ratio of
  // medians, combined by their geometric mean, weighs both orders equally.
  const orderRatio = (order: string): number => {
    const of = samples.filter((s) => s.order === order);
    return (m('oursLoadMs', of) + m('oursActivateMs', of)) / (m('referenceLoadMs', of) + m('referenceActivateMs', of));
  };
  const oursFirst = orderRatio('ours-first');
  const referenceFirst = orderRatio('reference-first');
  console.log(
    `ratio activation (bundle load + activate()) / ${referenceName}'s in the same idle host: ${ratio(ours, reference)}` +
      ` (bundle load ${ratio(m('oursLoadMs'), m('referenceLoadMs'))}, activate() ${ratio(m('oursActivateMs'), m('referenceActivateMs'))}; medians of ${runs} fresh hosts)` +
      (Number.isFinite(oursFirst * referenceFirst)
        ? `; by order: ${Math.sqrt(oursFirst * referenceFirst).toFixed(2)}x (geometric mean of ours first ${oursFirst.toFixed(2)}x and the reference first ${referenceFirst.toFixed(2)}x)`
        : ''),
  );
  const uncachedOurs = m('oursLoadMs', uncached) + m('oursActivateMs', uncached);
  const uncachedReference = m('referenceLoadMs', uncached) + m('referenceActivateMs', uncached);
  console.log(
    `ratio on a first start (no code cache yet) / ${referenceName}'s in the same host: ${ratio(uncachedOurs, uncachedReference)}` +
      ` (bundle load ${ratio(m('oursLoadMs', uncached), m('referenceLoadMs', uncached))}; medians of ${firstStarts} fresh hosts)`,
  );
  const counted = (of: Array<Record<string, string>>): string => {
    const counts = new Map<string, number>();
    for (const s of of) counts.set(s.codeCache!, (counts.get(s.codeCache!) ?? 0) + 1);
    return [...counts].map(([state, n]) => `${state} ${n}`).join(', ');
  };
  console.log(
    `code-server's extension host; ${machineLoad()}; hosts idle before measuring: ${samples.filter((s) => s.idle === 'true').length} of ${runs}` +
      ` (median wait ${m('idleWaitMs').toFixed(0)} ms); code cache in the measured hosts: ${counted(samples)}, in the first starts: ${counted(uncached)}`,
  );
  const row = (label: string, name: string, of = samples): void => {
    const values = of.map((s) => Number(s[name])).sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(52)} min ${values[0]!.toFixed(1).padStart(7)}  median ${median(values).toFixed(1).padStart(7)}  max ${values[values.length - 1]!.toFixed(1).padStart(7)} ms`,
    );
  };
  console.log(
    `Building Twins, dist/main.js ${(entry / 1024).toFixed(1)} KiB loading dist/extension.js ${(bundle / 1024).toFixed(1)} KiB`,
  );
  row('bundle load (require of dist/main.js)', 'oursLoadMs');
  row('activate()', 'oursActivateMs');
  row('bundle load on a first start (no code cache)', 'oursLoadMs', uncached);
  row('activate() on a first start', 'oursActivateMs', uncached);
  console.log(`${referenceName} (reference)`);
  row('bundle load (require of its main module)', 'referenceLoadMs');
  row('activate()', 'referenceActivateMs');
  row('explorer view focus after activation', 'explorerFocusMs');
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
