// Sample building and insights paging benchmark (pure, in process):
//  1. buildSample at the default size, 10,000 and 100,000 twins (goal for 100,000: under 3 s);
//  2. buildSample with 10,000 root insights, then POST /insights paging logic over them
//     (first page, a filtered page that matches children, a deep page), per query.
// Run after `npx tsc -p tsconfig.test.json`: node --expose-gc out/bench/sample.bench.js
import { parseBatchRequest } from '../src/emulator/routes/batchQuery';
import { INSIGHT_ENTITY, listInsights } from '../src/emulator/routes/insightRoutes';
import { buildSample, type SampleOptions } from '../src/emulator/sample/sampleBuilding';
import { machineLoad, size, smoke } from './benchStats';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const SCALE_GOAL_MS = 3000;
const SCALE = size(100_000, 2_000);
const INSIGHTS = size(10_000, 500);

function time<T>(fn: () => T): { result: T; wallMs: number; cpuMs: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Held until the ratio line is out. */
const out: string[] = [];
const say = (text: string): void => {
  out.push(text);
};
const figures: { scaleCpuMs?: number; deepPage?: number; firstPage?: number } = {};

function buildRow(label: string, options: Omit<SampleOptions, 'now'>): void {
  const { result, wallMs, cpuMs } = time(() => buildSample({ now: NOW, ...options }));
  const points = result.telemetry.reduce((sum, s) => sum + s.times.length, 0);
  say(
    `${label.padEnd(22)} twins ${String(result.twins.length).padStart(7)}  relationships ${String(result.relationships.length).padStart(7)}  points ${String(points).padStart(8)}  insights ${String(result.insights.length).padStart(6)}  ${wallMs.toFixed(0).padStart(6)} ms wall  ${cpuMs.toFixed(0).padStart(6)} ms cpu`,
  );
  if (options.scale === SCALE) {
    figures.scaleCpuMs = cpuMs;
    // On a shared machine wall time includes waiting for a core; CPU time is the work itself.
    say(
      `  ${SCALE.toLocaleString('en-US')} twins vs the ${SCALE_GOAL_MS} ms goal: ${(wallMs / SCALE_GOAL_MS).toFixed(2)}x (wall), ${(cpuMs / SCALE_GOAL_MS).toFixed(2)}x (cpu)`,
    );
  }
}

function main(): void {
  say('buildSample');
  buildRow('default', {});
  if (!smoke) buildRow('scale 10,000', { scale: 10_000 });
  buildRow(`scale ${SCALE.toLocaleString('en-US')}`, { scale: SCALE });
  buildRow(`${INSIGHTS.toLocaleString('en-US')} root insights`, { insights: INSIGHTS });

  const insights = buildSample({ now: NOW, insights: INSIGHTS }).insights;
  const limits = { defaultPageSize: 10, maxPageSize: 1000, entity: INSIGHT_ENTITY };
  const queries: Array<[string, unknown]> = [
    ['first page (10 roots)', {}],
    ['child-name filter', { filterSpecifications: [{ field: 'name', operator: '=', value: 'Reheat valve leaking' }] }],
    [
      'sorted deep page',
      {
        page: 500,
        pageSize: 20,
        sortSpecifications: [
          { field: 'priority', sort: 'asc' },
          { field: 'twinName', sort: 'desc' },
        ],
      },
    ],
  ];
  say(`\nPOST /insights paging over ${insights.length} insights (median of 15 runs)`);
  const baseline: number[] = [];
  for (const [label, body] of queries) {
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    let roots = 0;
    for (let run = 0; run < size(15, 1); run++) {
      const { result, wallMs, cpuMs } = time(() => listInsights(insights, parseBatchRequest(body, limits)));
      samples.push(wallMs);
      cpuSamples.push(cpuMs);
      roots = result.total;
    }
    const ms = median(samples);
    if (baseline.length === 0) baseline.push(ms);
    if (label === 'first page (10 roots)') figures.firstPage = ms;
    if (label === 'sorted deep page') figures.deepPage = ms;
    say(
      `${label.padEnd(24)} ${ms.toFixed(1).padStart(7)} ms wall ${median(cpuSamples).toFixed(1).padStart(7)} ms cpu  (${(ms / baseline[0]).toFixed(2)}x first page; ${roots} matching roots)`,
    );
  }
  console.log(
    `ratio buildSample at ${SCALE.toLocaleString('en-US')} twins / the ${SCALE_GOAL_MS} ms goal: ${(figures.scaleCpuMs! / SCALE_GOAL_MS).toFixed(2)}x (CPU); sorted deep insights page / first page: ${(figures.deepPage! / figures.firstPage!).toFixed(2)}x`,
  );
  console.log(machineLoad());
  for (const line of out) console.log(line);
}
main();
