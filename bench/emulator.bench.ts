// Emulator benchmark (real HTTP on an ephemeral port unless noted), with the sample at --scale 100000:
//  start-up time and memory; GET /twins/{id} p50/p99 (goal p50 <= 2 ms); POST /twins pages of 1000;
//  ingest of 1,000,000 points in batches of 10,000; a 1,000,000-point range read in process (goal <= 50 ms);
//  POST /insights over 10,000 root insights; memory at 100k twins and 10M points.
// Run: npm run bench -- emulator   (or, after compiling: node --expose-gc out/bench/emulator.bench.js)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/emulator/emulator';

const GET_GOAL_MS = 2;
const RANGE_GOAL_MS = 50;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function memory(): string {
  gc();
  const m = process.memoryUsage();
  return `rss ${mib(m.rss)}, heap ${mib(m.heapUsed)}, array buffers ${mib(m.arrayBuffers)}`;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth2/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'local-dev', client_secret: 'local-dev-secret' }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

function caller(url: string, t: string) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    // 202 with no body is how POST /time-series accepts values.
    if (res.status !== 200 && res.status !== 202) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - start };
}

async function scaleBenchmarks(): Promise<void> {
  gc();
  const before = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const { result: emulator, ms: startMs } = await timed(() => startEmulator({ port: 0, scale: 100_000, log: false }));
  const used = process.cpuUsage(cpu);
  console.log(`start-up at --scale 100000: ${startMs.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms cpu; ${memory()} (rss +${mib(process.memoryUsage().rss - before)})`);
  try {
    await twinsBenchmarks(emulator);
  } finally {
    await emulator.close();
  }
}

async function twinsBenchmarks(emulator: RunningEmulator): Promise<void> {
  const call = caller(emulator.url, await token(emulator.url));
  const count = (await call('POST', '/twins/count', {})).json.count as number;
  const ids = [...emulator.store.collection<{ id: string }>('twins').keys()];
  console.log(`twins: ${count}`);

  // GET /twins/{id}
  for (let i = 0; i < 200; i++) await call('GET', `/twins/${encodeURIComponent(ids[(i * 7919) % ids.length])}`);
  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const id = ids[(i * 104729) % ids.length];
    samples.push((await timed(() => call('GET', `/twins/${encodeURIComponent(id)}`))).ms);
  }
  const p50 = percentile(samples, 50);
  console.log(`GET /twins/{id} x3000: p50 ${p50.toFixed(2)} ms (${(p50 / GET_GOAL_MS).toFixed(2)}x the ${GET_GOAL_MS} ms goal), p99 ${percentile(samples, 99).toFixed(2)} ms`);

  // POST /twins pages of 1000
  let continuationToken: string | null = null;
  const pages: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r: { result: { json: { continuationToken: string | null; content: unknown[] } }; ms: number } = await timed(() => call('POST', '/twins', { pageSize: 1000, continuationToken }));
    pages.push(r.ms);
    continuationToken = r.result.json.continuationToken;
  }
  const pageP50 = percentile(pages, 50);
  const capabilityModel = 'dtmi:com:buildingtwins:sample:Capability;1';
  const filtered = await timed(() => call('POST', '/twins', { pageSize: 1000, modelFilter: { modelIds: [capabilityModel] } }));
  console.log(`POST /twins pageSize 1000 x20 walking tokens: p50 ${pageP50.toFixed(1)} ms, max ${Math.max(...pages).toFixed(1)} ms; with a model filter (sub-models): ${filtered.ms.toFixed(1)} ms (${(filtered.ms / pageP50).toFixed(2)}x)`);

  // Ingest 1,000,000 points in batches of 10,000, spread over 10 capability twins.
  const capabilities = (filtered.result.json.content as Array<{ id: string }>).slice(0, 10).map((t) => t.id);
  const start = Date.UTC(2020, 0, 1);
  const batch = 10_000;
  const ingestCpu = process.cpuUsage();
  const ingest = await timed(async () => {
    for (let b = 0; b < 100; b++) {
      const twinId = capabilities[b % capabilities.length];
      const base = start + Math.floor(b / capabilities.length) * batch * 60_000;
      const entries = Array.from({ length: batch }, (_, i) => ({ connectorId: 'BENCH', dtId: twinId, sourceTimestamp: new Date(base + i * 60_000).toISOString(), scalarValue: Math.sin(i / 100) }));
      await call('POST', '/time-series', entries);
    }
  });
  const ingestUsed = process.cpuUsage(ingestCpu);
  console.log(`ingest 1,000,000 points (100 POST /time-series of 10,000): ${ingest.ms.toFixed(0)} ms wall, ${((ingestUsed.user + ingestUsed.system) / 1000).toFixed(0)} ms cpu (client and server in this process), ${(1e6 / (ingest.ms / 1000)).toFixed(0)} points/s`);

  // A 1,000,000-point series read in process, and one full page over HTTP.
  const one = capabilities[0];
  const series = emulator.store.timeSeries.ensure(one);
  const extra = 1_000_000 - series.length;
  const more = Array.from({ length: extra }, (_, i) => ({ time: Date.UTC(2010, 0, 1) + i * 60_000, value: i % 97, enqueued: 0 }));
  emulator.store.insertPoints(one, more);
  const reads: number[] = [];
  let sum = 0;
  for (let run = 0; run < 9; run++) {
    const t0 = performance.now();
    const { from, to } = series.between(-Infinity, Infinity);
    const values = series.values.subarray(from, to);
    for (let i = 0; i < values.length; i++) sum += values[i];
    reads.push(performance.now() - t0);
  }
  const readMs = percentile(reads, 50);
  console.log(`range read of ${series.length} points in process (binary search + scan): ${readMs.toFixed(2)} ms (${(readMs / RANGE_GOAL_MS).toFixed(3)}x the ${RANGE_GOAL_MS} ms goal; checksum ${sum.toFixed(0)})`);
  const page = await timed(() => call('GET', `/time-series/${encodeURIComponent(one)}?pageSize=10000&start=2015-01-01T00:00:00Z&end=2100-01-01T00:00:00Z`));
  console.log(`GET /time-series/{id} pageSize 10000 over HTTP: ${page.ms.toFixed(1)} ms (${page.result.json.data.length} points)`);

  // Memory at 100k twins and 10M points: 9M more points in process over 90 further twins.
  const others = ids.slice(0, 90);
  for (const id of others) {
    const s = emulator.store.timeSeries.ensure(id);
    s.reserve(100_000);
    const times = new Float64Array(100_000);
    const values = new Float64Array(100_000);
    for (let i = 0; i < times.length; i++) {
      times[i] = start + i * 60_000;
      values[i] = i % 13;
    }
    s.adopt(times, values, new Float64Array(times), times.length);
  }
  console.log(`memory at ${count} twins and ${(emulator.store.timeSeries.pointCount / 1e6).toFixed(1)}M points: ${memory()}`);
}

async function insightBenchmarks(): Promise<void> {
  const emulator = await startEmulator({ port: 0, sampleInsights: 10_000, log: false });
  try {
    const call = caller(emulator.url, await token(emulator.url));
    const total = (await call('POST', '/insights', {})).json.total as number;
    const queries: Array<[string, unknown]> = [
      ['first page (10 roots)', {}],
      ['page of 100', { pageSize: 100 }],
      ['filtered by name', { filterSpecifications: [{ field: 'name', operator: 'contains', value: 'valve' }] }],
      ['deep sorted page', { page: 400, pageSize: 20, sortSpecifications: [{ field: 'priority' }] }],
    ];
    console.log(`POST /insights over ${total} root insights (median of 9)`);
    let first = 0;
    for (const [label, body] of queries) {
      const samples: number[] = [];
      for (let i = 0; i < 9; i++) samples.push((await timed(() => call('POST', '/insights', body))).ms);
      const ms = percentile(samples, 50);
      first ||= ms;
      console.log(`  ${label.padEnd(22)} ${ms.toFixed(1).padStart(7)} ms (${(ms / first).toFixed(2)}x first page)`);
    }
  } finally {
    await emulator.close();
  }
}

/** Durable writes: each acknowledged request is fsynced, so the cost is per request, not per point. */
async function persistenceBenchmarks(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-'));
  try {
    const opened = await timed(() => startEmulator({ port: 0, data: dir, log: false }));
    const emulator = opened.result;
    const call = caller(emulator.url, await token(emulator.url));
    const capability = (await call('POST', '/twins', { pageSize: 1, modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Capability;1'] } })).json.content[0].id as string;
    const small: number[] = [];
    for (let i = 0; i < 50; i++) {
      small.push((await timed(() => call('PATCH', `/twins/${encodeURIComponent(capability)}`, [{ op: 'replace', path: '/name', value: `Point ${i}` }]))).ms);
    }
    const batches = await timed(async () => {
      for (let b = 0; b < 20; b++) {
        const entries = Array.from({ length: 5000 }, (_, i) => ({ connectorId: 'BENCH', dtId: capability, sourceTimestamp: new Date(Date.UTC(2019, 0, 1) + (b * 5000 + i) * 60_000).toISOString(), scalarValue: i }));
        await call('POST', '/time-series', entries);
      }
    });
    await emulator.close();
    const reopened = await timed(() => startEmulator({ port: 0, data: dir, log: false }));
    await reopened.result.close();
    console.log(`--data: first start (sample snapshot written) ${opened.ms.toFixed(0)} ms; PATCH twin p50 ${percentile(small, 50).toFixed(2)} ms (fsync per write); ingest 100,000 points in 20 durable batches ${batches.ms.toFixed(0)} ms (${(1e5 / (batches.ms / 1000)).toFixed(0)} points/s); restart with log replay + compaction ${reopened.ms.toFixed(0)} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await scaleBenchmarks();
  await insightBenchmarks();
  await persistenceBenchmarks();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
