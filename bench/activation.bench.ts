// Extension activation in a real VS Code extension host (code-server), measured a few times in fresh hosts.
// Run with `npm run bench -- activation` (or node out/bench/activation.bench.js after compiling); BENCH_RUNS (default 3).
// This file is both the benchmark driver (run by node) and the probe the extension host loads as its tests module.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscodeApi from 'vscode';

const extensionId = 'building-twins.building-twins';

/** Probe, inside the extension host: time activate() and the first reveal of the explorer view. */
export async function run(): Promise<void> {
  // Loaded lazily: the `vscode` module only exists inside the extension host.
  const vscode = require('vscode') as typeof vscodeApi;
  const extension = vscode.extensions.getExtension(extensionId);
  if (!extension) throw new Error(`${extensionId} is not loaded`);
  if (extension.isActive) throw new Error('the extension was already active: activation cannot be measured');
  let started = performance.now();
  await extension.activate();
  console.log(`[metric] activationMs=${(performance.now() - started).toFixed(1)}`);
  started = performance.now();
  await vscode.commands.executeCommand('buildingTwins.explorer.focus');
  console.log(`[metric] explorerFocusMs=${(performance.now() - started).toFixed(1)}`);
}

async function main(): Promise<void> {
  // Harness modules are loaded here only, so the probe above stays free of them inside the extension host.
  const { repoRoot } = await import('../test/harness/harnessPaths');
  const { startCodeServer } = await import('../test/harness/codeServer');
  const { launchChromium } = await import('../test/harness/browser');
  const { runInExtensionHost } = await import('../test/harness/integrationRun');
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const bundle = statSync(join(repoRoot, 'dist', 'extension.js')).size;
  const server = await startCodeServer();
  const browser = await launchChromium();
  const samples: Array<{ activationMs: number; explorerFocusMs: number; hostMs: number }> = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await runInExtensionHost(server, browser, __filename, { timeoutMs: 120000 });
      if (result.code !== 0) throw new Error(`run ${i + 1}: the probe failed (exit ${result.code}, metrics ${JSON.stringify(result.metrics)})`);
      samples.push({ activationMs: Number(result.metrics.activationMs), explorerFocusMs: Number(result.metrics.explorerFocusMs), hostMs: result.elapsedMs });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
  };
  const row = (label: string, values: number[]) => {
    const s = stats(values);
    console.log(`${label.padEnd(44)} min ${s.min.toFixed(1).padStart(8)}  median ${s.median.toFixed(1).padStart(8)}  max ${s.max.toFixed(1).padStart(8)} ms`);
    return s.median;
  };
  console.log(`activation in code-server's extension host, ${runs} fresh host(s); dist/extension.js ${(bundle / 1024).toFixed(1)} KiB`);
  const activation = row('activate() (load bundle + activate)', samples.map((s) => s.activationMs));
  const focus = row('explorer view focus after activation', samples.map((s) => s.explorerFocusMs));
  const host = row('page open -> extension host done', samples.map((s) => s.hostMs));
  console.log(`ratio activation / whole workbench start: ${((activation / host) * 100).toFixed(1)} %`);
  console.log(`ratio explorer focus / activation: ${(focus / activation).toFixed(2)}`);
  console.log(`activation per 100 KiB of bundle: ${(activation / (bundle / 102400)).toFixed(1)} ms`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
