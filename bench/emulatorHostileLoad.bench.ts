// The emulator under hostile load (it listens on loopback, but its development credentials are public): one
// deeply nested body at the body limit, many large bodies at once, and a wave of connections that send their
// headers slowly. Prints how long each holds the emulator, the memory it adds, and how long an ordinary request
// waits meanwhile. Each load runs in a fresh process, so one's memory does not hide the next one's.
// Usage: node --expose-gc out/bench/emulatorHostileLoad.bench.js [--smoke]
import { execFileSync } from 'node:child_process';
import * as http from 'node:http';
import * as net from 'node:net';
import { startEmulator, type RunningEmulator } from '../src/emulator/emulator';
import { machineLoad, ms } from './benchStats';

const smoke = process.argv.includes('--smoke');
const MiB = 1024 * 1024;
const NESTED_BYTES = (smoke ? 2 : 16) * MiB - 1024;
const CONCURRENT = smoke ? 10 : 100;
const CONCURRENT_BYTES = (smoke ? 2 : 15) * MiB;
const SLOW = smoke ? 32 : 600;

/** Resident memory sampled every 10 ms while `fn` runs: the peak above the level before it. */
async function peakRss<T>(fn: () => Promise<T>): Promise<{ result: T; addedMiB: number; wallMs: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, addedMiB: (peak - base) / MiB, wallMs: performance.now() - started };
  } finally {
    clearInterval(sampler);
  }
}

function post(emulator: RunningEmulator, token: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      `${emulator.url}/insights`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function token(emulator: RunningEmulator): Promise<string> {
  const form = 'grant_type=client_credentials&client_id=local-dev&client_secret=local-dev-secret';
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const req = http.request(`${emulator.url}/oauth2/token`, { method: 'POST', agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { access_token: string }).access_token));
    });
    req.on('error', reject);
    req.end(form);
  });
}

/** How long a small authenticated request takes to be answered (0 status when it never is within 60 s). */
async function ordinaryRequest(emulator: RunningEmulator, bearer: string): Promise<{ status: number; wallMs: number }> {
  const started = performance.now();
  const status = await new Promise<number>((resolve) => {
    const headers = { authorization: `Bearer ${bearer}` };
    const req = http.get(`${emulator.url}/models`, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on('error', () => resolve(0));
  });
  return { status, wallMs: performance.now() - started };
}

/** `count` connections that send a request line and then one header byte now and then, never finishing. */
async function slowConnections(port: number, count: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()).once('close', () => resolve()));
    socket.write('GET /api/v3/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    sockets.push(socket);
  }
  return sockets;
}

type Scenario = 'nested' | 'many' | 'slow';

/** One load against a fresh emulator in this process; answers what it measured. */
async function run(scenario: Scenario): Promise<Record<string, unknown>> {
  const emulator = await startEmulator({ port: 0, log: false });
  const bearer = await token(emulator);
  try {
    if (scenario === 'nested') {
      const depth = Math.floor(NESTED_BYTES / 2);
      const body = Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      const nested = await peakRss(() => post(emulator, bearer, body));
      return { status: nested.result, wallMs: nested.wallMs, addedMiB: nested.addedMiB, bytes: body.length };
    }
    if (scenario === 'many') {
      const body = Buffer.from(`{"pageSize":10,"pad":"${'x'.repeat(CONCURRENT_BYTES - 40)}"}`);
      const many = await peakRss(() =>
        Promise.all(Array.from({ length: CONCURRENT }, () => post(emulator, bearer, body))),
      );
      const statuses: Record<string, number> = {};
      for (const status of many.result) statuses[status || 'none'] = (statuses[status || 'none'] ?? 0) + 1;
      return { statuses, wallMs: many.wallMs, addedMiB: many.addedMiB };
    }
    const idle = await ordinaryRequest(emulator, bearer);
    const sockets = await slowConnections(emulator.port, SLOW);
    // An ordinary client retries a refused connection: how long until it is served.
    const started = performance.now();
    let during = await ordinaryRequest(emulator, bearer);
    while (during.status === 0 && performance.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      during = await ordinaryRequest(emulator, bearer);
    }
    during = { status: during.status, wallMs: performance.now() - started };
    const stillOpen = sockets.filter((s) => !s.destroyed && !s.readableEnded).length;
    for (const socket of sockets) socket.destroy();
    return { idleMs: idle.wallMs, duringMs: during.wallMs, status: during.status, stillOpen };
  } finally {
    await emulator.close();
  }
}

function inChild(scenario: Scenario): Record<string, unknown> {
  const args = ['--expose-gc', __filename, '--scenario', scenario, ...(smoke ? ['--smoke'] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: MiB });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const asked = process.argv[process.argv.indexOf('--scenario') + 1] as Scenario | undefined;
  if (process.argv.includes('--scenario')) {
    console.log(JSON.stringify(await run(asked!)));
    return;
  }
  const slow = inChild('slow');
  const nested = inChild('nested');
  const many = inChild('many');
  const n = (v: unknown) => Number(v);
  console.log(
    `ratio ordinary request wait, ${SLOW} slow connections open / none: ${(n(slow.duringMs) / Math.max(n(slow.idleMs), 0.1)).toFixed(0)}x (${ms(n(slow.duringMs))} vs ${ms(n(slow.idleMs))}; HTTP ${slow.status || 'none'}; ${n(slow.stillOpen)} slow ones still open)`,
  );
  console.log(machineLoad());
  console.log(
    `nested ${(n(nested.bytes) / MiB).toFixed(1)} MiB body: HTTP ${n(nested.status)} after ${ms(n(nested.wallMs))}, resident memory +${n(nested.addedMiB).toFixed(0)} MiB`,
  );
  console.log(
    `${CONCURRENT} concurrent ${(CONCURRENT_BYTES / MiB).toFixed(0)} MiB bodies: ${Object.entries(
      many.statuses as Record<string, number>,
    )
      .map(([s, c]) => `${c}x HTTP ${s}`)
      .join(', ')} after ${ms(n(many.wallMs))}, resident memory peak +${n(many.addedMiB).toFixed(0)} MiB`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
