// Explorer tree benchmark: with the emulator at --scale 100000 (a separate process, as the extension uses it),
//  1. time from expanding a model group under "Twins" to its first page of tree items (goal <= 250 ms),
//     warm (count already known from the Twins group) and cold (first page and count in parallel);
//  2. memory retained after paging through 10,000 twins with "Load more…", and the cost of the group's children
//     after each page (VS Code asks for all of them): flat from the first pages to the hundredth.
// The explorer's real node classes and API client run in plain Node with a minimal `vscode` shim
// (bench/vscodeShim.ts): the numbers cover the extension's work and the HTTP round trips, not the
// workbench's rendering of the items.
// Run after `npm run build && npx tsc -p tsconfig.test.json`: node --expose-gc out/bench/tree.bench.js [--scale N]
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { ConnectionScope } from '../src/extension/explorer/explorerServices';
import { machineLoad, size } from './benchStats';
import { installVscodeShim } from './vscodeShim';

const repoRoot = path.resolve(__dirname, '..', '..');
const scaleArg = process.argv.indexOf('--scale');
const SCALE = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : size(100_000, 2_000);
const PAGE_SIZE = 100;
const PAGED_TWINS = size(10_000, 300);
const RUNS = size(15, 2);
const GOAL_MS = 250;

function startEmulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'dist', 'emulator.js'), '--port', '0', '--scale', String(SCALE), '--quiet'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+\/api\/v3)/.exec(out);
      if (match) resolve({ url: match[1], child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out.slice(-500)}`)));
  });
}

function stats(samples: number[]): { median: number; p95: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
    min: sorted[0],
  };
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function main(): Promise<void> {
  // Held until the ratio line is out.
  const out: string[] = [];
  const say = (text: string): void => {
    out.push(text);
  };
  let ratioLine = 'ratio: none (the run failed before measuring)';
  let pageRatio = '';
  installVscodeShim({ 'buildingTwins.twins.pageSize': PAGE_SIZE });
  // Imported after the shim is installed.
  const { BuildingTwinsClient } = await import('../src/core/api/client');
  const { ModelIndex } = await import('../src/core/dtdl/modelIndex');
  const { TwinsNode } = await import('../src/extension/twins/twinsNode');

  const startedAt = performance.now();
  const { url, child } = await startEmulatorProcess();
  say(
    `Emulator with --scale ${SCALE.toLocaleString('en-US')} ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${url}`,
  );
  try {
    const client = new BuildingTwinsClient({
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      rateLimit: false,
    });
    await client.getToken();
    const index = ModelIndex.fromServiceModels(await client.listModels({ includeModelDefinitions: true }));
    // The parts of the extension context the Twins group touches; everything below them is the real code.
    const conn = {
      id: 'connection/bench',
      connection: 'bench',
      client: async () => client,
      services: {
        tree: { filter: undefined, rows: { add: () => undefined } },
        models: { getIndex: async () => index },
      },
    } as unknown as ConnectionScope;

    const listStarted = performance.now();
    const twinsNode = new TwinsNode(conn);
    const groups = await twinsNode.getChildren();
    const listMs = performance.now() - listStarted;
    const totals = groups.map((g) => (g as unknown as { knownTotal?: number }).knownTotal ?? 0);
    const biggest = totals.indexOf(Math.max(...totals));
    const modelId = (groups[biggest] as unknown as { modelId: string }).modelId;
    say(
      `Twins group: ${groups.length} model groups counted in ${listMs.toFixed(0)} ms; largest ${modelId} with ${totals[biggest].toLocaleString('en-US')} twins`,
    );

    const expand = async (warm: boolean): Promise<number> => {
      const fresh = new TwinsNode(conn);
      const group = fresh.groupFor(modelId);
      if (warm) group.withTotal(totals[biggest]);
      const t0 = performance.now();
      const children = await group.getChildren();
      await Promise.all(children.map((c) => c.getTreeItem()));
      await group.getTreeItem();
      const ms = performance.now() - t0;
      if (children.length !== PAGE_SIZE + 1)
        throw new Error(`expected a page of ${PAGE_SIZE} and "Load more…", got ${children.length}`);
      return ms;
    };
    await expand(true);
    const warm = stats(await sequential(RUNS, () => expand(true)));
    const cold = stats(await sequential(RUNS, () => expand(false)));
    say(`\n1. Expanding a model group to its first page of ${PAGE_SIZE} tree items (${RUNS} runs each)`);
    ratioLine = `ratio expanding a model group to its first page / the ${GOAL_MS} ms goal (medians): count known ${(warm.median / GOAL_MS).toFixed(2)}x, cold ${(cold.median / GOAL_MS).toFixed(2)}x`;
    for (const [label, s] of [
      ['count known (as under the Twins group)', warm],
      ['cold (page + count in parallel)', cold],
    ] as const) {
      say(
        `  ${label.padEnd(42)} median ${s.median.toFixed(0).padStart(4)} ms, p95 ${s.p95.toFixed(0).padStart(4)} ms, min ${s.min.toFixed(0).padStart(4)} ms` +
          `  -> ${(s.median / GOAL_MS).toFixed(2)}x of the ${GOAL_MS} ms goal (${s.median <= GOAL_MS ? 'met' : 'MISSED'})`,
      );
    }

    say(`\n2. Paging through ${PAGED_TWINS.toLocaleString('en-US')} twins with "Load more…" (${PAGE_SIZE} per page)`);
    const before = heapMb();
    const group = new TwinsNode(conn).groupFor(modelId);
    const pageStarted = performance.now();
    await group.getChildren();
    // What VS Code asks after each "Load more…": all the group's children, every loaded twin in order.
    const perPage: number[] = [];
    while (group.loadedCount < PAGED_TWINS && group.hasMore) {
      await group.loadMore();
      const t0 = performance.now();
      await group.getChildren();
      perPage.push(performance.now() - t0);
    }
    const children = await group.getChildren();
    await Promise.all(children.map((c) => c.getTreeItem()));
    const pagingMs = performance.now() - pageStarted;
    const after = heapMb();
    const loaded = group.loadedCount;
    say(
      `  loaded ${loaded.toLocaleString('en-US')} twins in ${(pagingMs / 1000).toFixed(1)} s (${(pagingMs / (loaded / PAGE_SIZE)).toFixed(0)} ms per page)`,
    );
    const edge = Math.max(1, Math.min(5, Math.floor(perPage.length / 4)));
    const firstPages = stats(perPage.slice(0, edge)).median;
    const lastPages = stats(perPage.slice(-edge)).median;
    pageRatio = `; children after "Load more…", page ${perPage.length + 1} / page 2 (medians of ${edge}): ${(lastPages / firstPages).toFixed(2)}x`;
    say(
      `  the group's children after each "Load more…": ${firstPages.toFixed(2)} ms at the first pages, ${lastPages.toFixed(2)} ms at the last (${perPage.length} pages, ${loaded.toLocaleString('en-US')} twins loaded at the end)`,
    );
    say(
      `  heap retained: ${(after - before).toFixed(1)} MB (${(((after - before) * 1024 * 1024) / loaded).toFixed(0)} bytes per twin incl. its tree node)` +
        `${(globalThis as { gc?: unknown }).gc ? '' : ' [run with --expose-gc for exact figures]'}; process heap ${after.toFixed(1)} MB, rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
  }
  console.log(ratioLine + pageRatio);
  console.log(machineLoad());
  for (const line of out) console.log(line);
}

async function sequential(n: number, run: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await run());
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
