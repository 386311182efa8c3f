// Emulator benchmark. The emulator runs in its own process and is measured from others, as the extension
// and the CLI use it:
//  1. GET /twins/{id} at --scale 100000 from a separate load process, one request at a time over a kept-alive
//     connection (p50/p99), next to a trivial node:http server (its own process too) answering the same
//     bytes: the ratio to that physical limit (goal: emulator p50 <= 2 ms);
//  2. start-up time and resident memory at --scale 100000, POST /twins pages of 1000, a page of 10,000
//     time-series points, POST /insights over 10,000 root insights (client in this process, server in its own);
//  3. memory: heap, array buffers and resident memory per twin (what a --scale sample costs, measured at two
//     scales in fresh processes) and per stored point, next to the figure the --scale ceiling assumes;
//  4. durable writes with --data (PATCH per request fsynced, ingest in batches, restart with log replay).
// Range reads of a million points over HTTP are in `npm run bench -- timeseries`.
// Run: npm run bench -- emulator
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { BuildingTwinsClient } from '../src/core/api/client';
import { startEmulator } from '../src/emulator/emulator';
import { HEAP_BYTES_PER_TWIN, maxScale } from '../src/emulator/scaleCeiling';
import { startEmulatorProcess, type EmulatorProcess } from '../test/harness/emulatorProcess';
import { machineLoad, median, ratio, size, timed } from './benchStats';

const run = promisify(execFile);
const GET_GOAL_MS = 2;
const SCALE = size(100_000, 2_000);
const LOAD = size({ requests: 3000, warmup: 300 }, { requests: 50, warmup: 5 });

interface Latency {
  p50: number;
  p99: number;
  perSecond: number;
  meanBytes: number;
}

async function load(urls: string[], headers: Record<string, string>): Promise<Latency> {
  const spec = jsonFile({ urls, headers, ...LOAD });
  try {
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'loadProcess.js'), spec.file], {
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout) as Latency;
  } finally {
    spec.remove();
  }
}

/** A file in a fresh temporary folder holding `value` as JSON, for a child process to read; removed by the returned function. */
function jsonFile(value: unknown): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-'));
  const file = path.join(dir, 'spec.json');
  fs.writeFileSync(file, JSON.stringify(value));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The trivial server in its own process, answering each path with the body given for it. */
async function trivialServer(
  contentType: string,
  bodies: Record<string, string>,
): Promise<{ url: string; stop: () => void }> {
  const spec = jsonFile({ contentType, bodies });
  const child = spawn(process.execPath, [path.join(__dirname, 'trivialServer.js'), spec.file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the trivial server exited (${code})`)));
    });
    return { url, stop: () => child.kill('SIGTERM') };
  } finally {
    spec.remove();
  }
}

function devClient(url: string): BuildingTwinsClient {
  return new BuildingTwinsClient({
    baseUrl: url,
    clientId: 'local-dev',
    clientSecret: 'local-dev-secret',
    rateLimit: false,
  });
}

async function latency(emulator: EmulatorProcess): Promise<{ emulator: Latency; trivial: Latency; lines: string[] }> {
  const client = devClient(emulator.url);
  const { access_token: token } = await client.getToken();
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for await (const page of client.iterateTwinPages({ pageSize: 1000 })) {
    ids.push(...page.content.map((t) => t.id));
    if (ids.length >= 5000) break;
  }
  const paths = ids.map((id) => `/twins/${encodeURIComponent(id)}`);
  const urls = paths.map((p) => `${emulator.url}${p}`);
  // The trivial server answers each path with the very bytes the emulator answers for it.
  const base = new URL(emulator.url).pathname;
  const bodies: Record<string, string> = {};
  let contentType = 'application/json';
  for (const p of paths) {
    const res = await fetch(`${emulator.url}${p}`, { headers });
    contentType = res.headers.get('content-type') ?? contentType;
    bodies[`${base}${p}`] = await res.text();
  }
  const trivial = await trivialServer(contentType, bodies);
  try {
    const measured = { emulator: [] as Latency[], trivial: [] as Latency[] };
    for (let round = 0; round < size(3, 1); round++) {
      measured.emulator.push(await load(urls, headers));
      measured.trivial.push(
        await load(
          paths.map((p) => `${trivial.url}${base}${p}`),
          headers,
        ),
      );
    }
    const pick = (all: Latency[]): Latency => ({
      p50: median(all.map((l) => l.p50)),
      p99: median(all.map((l) => l.p99)),
      perSecond: median(all.map((l) => l.perSecond)),
      meanBytes: all[0]!.meanBytes,
    });
    const e = pick(measured.emulator);
    const t = pick(measured.trivial);
    const lines = [
      `1. GET /twins/{id} over ${ids.length.toLocaleString()} twins at --scale ${SCALE.toLocaleString()}, ${LOAD.requests} requests one at a time from a separate load process, medians of 3 alternating rounds`,
      `   emulator        p50 ${e.p50.toFixed(3)} ms  p99 ${e.p99.toFixed(3)} ms  ${e.perSecond.toFixed(0)} requests/s  (${e.meanBytes.toFixed(0)} bytes each)`,
      `   trivial server  p50 ${t.p50.toFixed(3)} ms  p99 ${t.p99.toFixed(3)} ms  ${t.perSecond.toFixed(0)} requests/s  (the same bytes, ${t.meanBytes.toFixed(0)} each)`,
      `   emulator p50 is ${ratio(e.p50, GET_GOAL_MS)} the ${GET_GOAL_MS} ms goal`,
    ];
    return { emulator: e, trivial: t, lines };
  } finally {
    trivial.stop();
  }
}

async function serverWork(emulator: EmulatorProcess): Promise<string[]> {
  const client = devClient(emulator.url);
  const lines = ['2. Requests from this process to the emulator process (medians)'];
  const pages: number[] = [];
  let token: string | null = null;
  for (let i = 0; i < size(20, 1); i++) {
    const page: { result: { continuationToken: string | null }; wallMs: number } = await timed(() =>
      client.listTwins({ pageSize: 1000, continuationToken: token }),
    );
    pages.push(page.wallMs);
    token = page.result.continuationToken;
  }
  lines.push(`   POST /twins pageSize 1000, 20 pages walking tokens: ${median(pages).toFixed(1)} ms a page`);
  const capability = (
    await client.listTwins({ pageSize: 1, modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Capability;1'] } })
  ).content[0]!.id;
  const start = Date.UTC(2020, 0, 1);
  await client.sendTimeSeries(
    Array.from({ length: 10_000 }, (_, i) => ({
      connectorId: 'BENCH',
      dtId: capability,
      sourceTimestamp: new Date(start + i * 60_000).toISOString(),
      scalarValue: i,
    })),
  );
  const reads: number[] = [];
  for (let i = 0; i < 9; i++)
    reads.push(
      (
        await timed(() =>
          client.getTimeSeries(capability, {
            start: new Date(start).toISOString(),
            end: new Date(start + 10_000 * 60_000).toISOString(),
            pageSize: 10_000,
          }),
        )
      ).wallMs,
    );
  lines.push(
    `   GET /time-series/{id}, a page of 10,000 points: ${median(reads).toFixed(1)} ms (request, serialising, parsing and normalising included)`,
  );
  return lines;
}

async function insights(): Promise<string[]> {
  // The sample insights option is not a command-line flag: the in-process emulator serves, this process asks.
  const served = await startEmulator({ port: 0, sampleInsights: size(10_000, 500), log: false });
  try {
    const client = devClient(served.url);
    const queries: Array<[string, Parameters<BuildingTwinsClient['listInsights']>[0]]> = [
      ['first page (10 roots)', {}],
      ['page of 100', { pageSize: 100 }],
      ['filtered by name', { filterSpecifications: [{ field: 'name', operator: 'contains', value: 'valve' }] }],
      ['deep sorted page', { page: 400, pageSize: 20, sortSpecifications: [{ field: 'priority', sort: 'asc' }] }],
    ];
    const total = (await client.listInsights({})).total;
    const lines = [`   POST /insights over ${total} root insights (server in this process), median of 9:`];
    let first = 0;
    for (const [label, body] of queries) {
      const samples: number[] = [];
      for (let i = 0; i < 9; i++) samples.push((await timed(() => client.listInsights(body))).wallMs);
      const m = median(samples);
      first ||= m;
      lines.push(`     ${label.padEnd(22)} ${m.toFixed(1).padStart(7)} ms (${ratio(m, first)} the first page)`);
    }
    return lines;
  } finally {
    await served.close();
  }
}

interface Memory {
  scale: number;
  twins: number;
  relationships: number;
  samplePoints: number;
  addedPoints: number;
  peakRss: number;
  heap: number;
  arrayBuffers: number;
  rss: number;
  pointHeap: number;
  pointArrayBuffers: number;
  pointRss: number;
}

async function memory(): Promise<{
  perTwin: { heap: number; arrayBuffers: number; rss: number; peakRss: number };
  perPoint: number;
  lines: string[];
}> {
  const measure = async (scale: number, points: number): Promise<Memory> => {
    const { stdout } = await run(
      process.execPath,
      ['--expose-gc', path.join(__dirname, 'emulatorMemory.js'), String(scale), String(points)],
      { maxBuffer: 1 << 20 },
    );
    return JSON.parse(stdout) as Memory;
  };
  const small = await measure(size(20_000, 1_000), 0);
  const large = await measure(size(200_000, 3_000), size(5_000_000, 10_000));
  const twins = large.twins - small.twins;
  const perTwin = {
    heap: (large.heap - small.heap) / twins,
    arrayBuffers: (large.arrayBuffers - small.arrayBuffers) / twins,
    rss: (large.rss - small.rss) / twins,
    peakRss: (large.peakRss - small.peakRss) / twins,
  };
  const perPoint = (large.pointHeap + large.pointArrayBuffers) / large.addedPoints;
  const kib = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KiB`;
  return {
    perTwin,
    perPoint,
    lines: [
      `3. Memory, fresh processes at --scale ${small.twins.toLocaleString()} and ${large.twins.toLocaleString()} (the difference over ${twins.toLocaleString()} twins,` +
        ` ${((large.relationships - small.relationships) / twins).toFixed(2)} relationships and ${((large.samplePoints - small.samplePoints) / twins).toFixed(1)} telemetry points each)`,
      `   per twin: heap ${kib(perTwin.heap)}, array buffers ${kib(perTwin.arrayBuffers)}, resident ${kib(perTwin.rss)}, peak resident while starting ${kib(perTwin.peakRss)}`,
      `   per stored point (${(large.addedPoints / 1e6).toFixed(1)}M added): ${perPoint.toFixed(1)} bytes (time, value and enqueued time as three Float64Array columns, with their growth room)`,
      `   the --scale ceiling assumes ${kib(HEAP_BYTES_PER_TWIN)} of heap per twin while starting (${ratio(HEAP_BYTES_PER_TWIN, perTwin.heap)} what stays):` +
        ` with this node's default heap of ${(getHeapStatistics().heap_size_limit / 2 ** 30).toFixed(1)} GiB the ceiling is --scale ${maxScale(getHeapStatistics().heap_size_limit).toLocaleString()}`,
    ],
  };
}

async function persistence(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-'));
  try {
    const first = await timed(() => startEmulatorProcess({ args: ['--quiet'], dataDir: dir }));
    const client = devClient(first.result.url);
    const capability = (
      await client.listTwins({ pageSize: 1, modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Capability;1'] } })
    ).content[0]!.id;
    const small: number[] = [];
    for (let i = 0; i < size(50, 2); i++)
      small.push(
        (await timed(() => client.patchTwin(capability, [{ op: 'replace', path: '/name', value: `Point ${i}` }])))
          .wallMs,
      );
    const batches = await timed(async () => {
      for (let b = 0; b < size(20, 1); b++) {
        await client.sendTimeSeries(
          Array.from({ length: 5000 }, (_, i) => ({
            connectorId: 'BENCH',
            dtId: capability,
            sourceTimestamp: new Date(Date.UTC(2019, 0, 1) + (b * 5000 + i) * 60_000).toISOString(),
            scalarValue: i,
          })),
        );
      }
    });
    await first.result.stop();
    const again = await timed(() => startEmulatorProcess({ args: ['--quiet'], dataDir: dir }));
    await again.result.stop();
    return [
      `4. --data: first start (process start and sample snapshot) ${first.wallMs.toFixed(0)} ms; PATCH twin p50 ${median(small).toFixed(2)} ms (read again after, fsync per write);` +
        ` ingest 100,000 points in 20 durable batches ${batches.wallMs.toFixed(0)} ms (${(1e5 / (batches.wallMs / 1000)).toFixed(0)} points/s); restart with log replay + compaction ${again.wallMs.toFixed(0)} ms`,
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = await timed(() => startEmulatorProcess({ args: ['--quiet', '--scale', String(SCALE)] }));
  const emulator = started.result;
  let measured: Awaited<ReturnType<typeof latency>>;
  let work: string[];
  try {
    measured = await latency(emulator);
    work = await serverWork(emulator);
  } finally {
    await emulator.stop();
  }
  const mem = await memory();
  console.log(
    `ratio emulator / trivial node:http server answering the same bytes, GET /twins/{id} from a separate load process: p50 ${ratio(measured.emulator.p50, measured.trivial.p50)},` +
      ` p99 ${ratio(measured.emulator.p99, measured.trivial.p99)} (emulator p50 ${measured.emulator.p50.toFixed(2)} ms, goal <= ${GET_GOAL_MS} ms);` +
      ` memory ${(mem.perTwin.heap / 1024).toFixed(2)} KiB heap and ${(mem.perTwin.rss / 1024).toFixed(2)} KiB resident per twin, ${mem.perPoint.toFixed(1)} bytes per point`,
  );
  console.log(
    `${machineLoad()}; start-up at --scale ${SCALE.toLocaleString()} (process start to listening) ${started.wallMs.toFixed(0)} ms`,
  );
  for (const line of [...measured.lines, ...work, ...(await insights()), ...mem.lines, ...(await persistence())])
    console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
