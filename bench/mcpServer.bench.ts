// MCP server benchmark: `building-twins mcp` (dist/cli.js) driven by the official SDK client over stdio against
// the emulator (in this process, sample building, no pacing: a loopback target). Calls per second and latency
// percentiles with 1 client and with 8 concurrent clients (each its own server process), a mix of read tools;
// then each tool called once by the SDK client, which validates structured answers against the listed schemas.
// First, fresh servers' first three calls: how much a server's first call costs over its next ones, next to the same
// reads by hand in fresh processes (the request's own first-time cost), and how long a server takes to initialize.
// The ratio line comes first. Run: npm run bench -- mcpServer
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmulatorHarness } from '../test/unit/api/emulatorHarness';
import { machineLoad, median, ms, percentile, size } from './benchStats';

// BENCH_MCP_CLI: another build's dist/cli.js, to compare builds side by side in alternating runs.
const CLI = process.env.BENCH_MCP_CLI ?? path.resolve(__dirname, '../../dist/cli.js');
const RAW = path.join(__dirname, 'rawFirstGetTwin.js');
const execFileAsync = promisify(execFile);
const CALLS_PER_CLIENT = Number(process.env.BENCH_CALLS ?? size(60, 5));
const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';

const MIX: Array<{ name: string; arguments: Record<string, unknown> }> = [
  { name: 'find_twins', arguments: { model: 'dtmi:com:buildingtwins:sample:VAVBox;1', locationId: 'HP-L03' } },
  { name: 'get_twin', arguments: { id: 'HP-AHU-1' } },
  { name: 'walk_graph', arguments: { id: 'HP-AHU-1', hops: 2 } },
  { name: 'latest_values', arguments: { twinIds: ['HP-AHU-1-SAT', 'HP-L01-R01-TEMP'] } },
  { name: 'tickets', arguments: { limit: 5 } },
];

/** One typical call per tool (writes are refused: the server runs read-only). */
const EACH: Record<string, Record<string, unknown>> = {
  list_models: { search: 'sensor' },
  get_model: { id: 'dtmi:com:buildingtwins:sample:AirHandlingUnit;1' },
  model_vocabulary: { models: [ROOM] },
  find_twins: MIX[0]!.arguments,
  get_twin: MIX[1]!.arguments,
  walk_graph: MIX[2]!.arguments,
  time_series: { twinIds: ['HP-AHU-1-SAT'], range: '7d', points: 10 },
  latest_values: MIX[3]!.arguments,
  insights: { openOnly: true },
  events: { limit: 5 },
  tickets: MIX[4]!.arguments,
  ticket_metadata: { kind: 'priorities' },
  put_twin: { twin: { id: 'B-1', modelId: ROOM } },
  patch_twin: { id: 'B-1', patch: [{ op: 'replace', path: '/name', value: 'x' }] },
  create_relationship: { sourceId: 'B-1', name: 'isPartOf', targetId: 'HP-L01' },
  send_telemetry: { connectorId: 'b', values: [{ twinId: 'HP-L01-R01-TEMP', value: 1 }] },
  create_ticket: { summary: 'b' },
  patch_ticket: { id: 'x', patch: [{ op: 'replace', path: '/notes', value: 'x' }] },
};

async function connect(url: string): Promise<Client> {
  return (await connectTimed(url)).client;
}

/** A server started and initialized, then asked for its tools, as a client does; how long each step took (ms). */
async function connectTimed(url: string): Promise<{ client: Client; initializeMs: number; listedMs: number }> {
  const client = new Client({ name: 'bench', version: '0.0.0' });
  const started = performance.now();
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: url },
      stderr: 'ignore',
    }),
  );
  const initializeMs = performance.now() - started;
  await client.listTools();
  return { client, initializeMs, listedMs: performance.now() - started - initializeMs };
}

async function run(clients: Client[]): Promise<{ perSecond: number; latencies: number[] }> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < CALLS_PER_CLIENT; i++) {
        const call = MIX[(i + c) % MIX.length]!;
        const t = performance.now();
        const result = await client.callTool(call);
        latencies.push(performance.now() - t);
        if (result.isError) throw new Error(`${call.name}: ${JSON.stringify(result.content)}`);
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), latencies };
}

interface FirstCalls {
  /** Per fresh server: its first three get_twin calls (ms). */
  server: number[][];
  /** Per fresh raw process (rawFirstGetTwin.ts), alternating with the servers: its three rounds of the same reads. */
  raw: number[][];
  /** Per server: spawn to initialize answered, then tools/list answered (ms). */
  initializeMs: number[];
  listedMs: number[];
}

/**
 * The first three calls of get_twin on fresh servers, each started, initialized and asked for its tools as a client
 * does, then called at once: how much more the first call costs than the next ones (goal: no more than the request).
 * Alternating with each server, a fresh process sends get_twin's three reads by hand three times: its first round's
 * extra over its second is the request's own first-time cost (new connections, Node's first requests).
 */
async function firstCalls(url: string, servers: number): Promise<FirstCalls> {
  const result: FirstCalls = { server: [], raw: [], initializeMs: [], listedMs: [] };
  for (let i = 0; i < servers; i++) {
    const { client, initializeMs, listedMs } = await connectTimed(url);
    result.initializeMs.push(initializeMs);
    result.listedMs.push(listedMs);
    const row: number[] = [];
    for (const id of ['HP-AHU-1', 'HP-AHU-1', 'HP-L01']) {
      const t = performance.now();
      const answer = await client.callTool({ name: 'get_twin', arguments: { id } });
      row.push(performance.now() - t);
      if (answer.isError) throw new Error(`get_twin: ${JSON.stringify(answer.content)}`);
    }
    result.server.push(row);
    await client.close();
    const { stdout } = await execFileAsync(process.execPath, [RAW, url]);
    result.raw.push(JSON.parse(stdout) as number[]);
  }
  return result;
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const emu = await EmulatorHarness.start();
  const first = await firstCalls(emu.url, size(12, 1));
  const nth = (rows: number[][], n: number): number => median(rows.map((row) => row[n]!));
  const clients = await Promise.all(Array.from({ length: 8 }, () => connect(emu.url)));
  await run(clients.slice(0, 1)); // warm: each server's first calls read the models
  await run(clients.slice(1));
  const one = await run(clients.slice(0, 1));
  const eight = await run(clients);
  // The request's own first-time cost: a fresh process's first round of the same reads over its second.
  const requestItself = Math.max(0, nth(first.raw, 0) - nth(first.raw, 1));
  console.log(
    `ratio calls per second 8 clients / 1 client: ${(eight.perSecond / one.perSecond).toFixed(2)}x; p99 8 / 1: ${(percentile(eight.latencies, 99) / percentile(one.latencies, 99)).toFixed(2)}x; ` +
      `a fresh server's first get_twin / (its second + the request's own first-time cost): ${(nth(first.server, 0) / (nth(first.server, 1) + requestItself)).toFixed(2)}x (with its third: ${(nth(first.server, 0) / (nth(first.server, 2) + requestItself)).toFixed(2)}x); ` +
      `first / second: ${(nth(first.server, 0) / nth(first.server, 1)).toFixed(2)}x (${machineLoad()})`,
  );
  const spread = (values: number[]): string =>
    `median ${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  const column = (rows: number[][], n: number): number[] => rows.map((row) => row[n]!);
  console.log(
    `first three get_twin on ${first.server.length} fresh servers (called as soon as the tools are listed): first ${spread(column(first.server, 0))}, second ${spread(column(first.server, 1))}, third ${spread(column(first.server, 2))}`,
  );
  console.log(
    `the same three reads by hand in ${first.raw.length} fresh processes (node:http, alternating with the servers): first ${spread(column(first.raw, 0))}, second ${spread(column(first.raw, 1))}, third ${spread(column(first.raw, 2))}; the request's own first-time cost ${ms(requestItself)}`,
  );
  console.log(
    `a fresh server's start: initialize answered ${spread(first.initializeMs)} after spawn; tools listed ${spread(first.listedMs)} later; the first get_twin answered ${spread(first.server.map((row, i) => first.initializeMs[i]! + first.listedMs[i]! + row[0]!))} after spawn`,
  );
  for (const [label, r] of [
    ['1 client ', one],
    ['8 clients', eight],
  ] as const) {
    console.log(
      `${label}: ${r.perSecond.toFixed(1).padStart(7)} calls/s over ${r.latencies.length} calls  median ${ms(median(r.latencies))}  p99 ${ms(percentile(r.latencies, 99))}`,
    );
  }
  console.log(
    'each tool once through the SDK client (structured answers validated by the client against outputSchema):',
  );
  for (const tool of (await clients[0]!.listTools()).tools) {
    try {
      const result = await clients[0]!.callTool({ name: tool.name, arguments: EACH[tool.name] ?? {} });
      const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
      const failed = result.isError ? (JSON.parse(text) as { kind: string; error: string }) : undefined;
      console.log(
        `  ${tool.name.padEnd(20)} ${failed ? `tool error (${failed.kind}): ${failed.error.slice(0, 90)}` : `ok, ${text.length} chars, schema-valid`}`,
      );
    } catch (error) {
      console.log(`  ${tool.name.padEnd(20)} client error: ${(error as Error).message.slice(0, 120)}`);
    }
  }
  await Promise.all(clients.map((client) => client.close()));
  await emu.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
