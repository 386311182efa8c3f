// Time-series range reads over HTTP, the emulator in a separate process: 1,000,000 points of one twin
// (100 pages of 10,000) through the panel's path (client page iterator, rows normalised once, typed
// columns, LTTB page by page: fetchDownsampled) next to the raw fetch of the same pages (GET with the
// token, read, JSON.parse, nothing else) over keep-alive node:http and over fetch. Rounds alternate, medians;
// CPU is this process's (the client's). Goal: client <= 1.1x the raw pages, in time and in CPU.
// Run: npm run bench -- timeseries   [--points N] [--rounds N]
import * as http from 'node:http';
import { BuildingTwinsClient } from '../src/core/api/client';
import { fetchDownsampled } from '../src/core/timeSeries/timeSeriesFetch';
import { startEmulatorProcess } from '../test/harness/emulatorProcess';
import { machineLoad, median, ms, ratio, size, timed } from './benchStats';
import { seedTwin } from './seriesSeed';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POINTS = arg('points', size(1_000_000, 20_000));
const ROUNDS = arg('rounds', size(5, 1));
const PAGE_SIZE = 10_000;
const BUDGET = 1600; // an 800-pixel chart
const TWIN = 'BENCH-CAP-1M';
const T0 = Date.UTC(2024, 0, 1);

type Reader = () => Promise<number>;

/** The raw read: every page by its token, each body read whole and JSON.parsed; returns the points seen. */
function rawPages(pageUrl: (token: string | undefined) => string, get: (url: string) => Promise<string>): Reader {
  return async () => {
    let points = 0;
    for (let token: string | undefined; ;) {
      const page = JSON.parse(await get(pageUrl(token))) as { data: unknown[]; continuationToken: string | null };
      points += page.data.length;
      if (!page.continuationToken) return points;
      token = page.continuationToken;
    }
  };
}

function nodeGetter(headers: Record<string, string>): (url: string) => Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, again: boolean): Promise<string> =>
    new Promise((resolve, reject) => {
      const request = http.get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The kept-alive connection closed by the server as it was reused (its 5 s Keep-Alive timeout can end just
        // then between rounds): sent again once on a new one, as the client and fetch do.
        if (!again && request.reusedSocket && error.code === 'ECONNRESET') resolve(get(url, true));
        else reject(error);
      });
    });
  return (url) => get(url, false);
}

function fetchGetter(headers: Record<string, string>): (url: string) => Promise<string> {
  return async (url) => (await fetch(url, { headers })).text();
}

async function main(): Promise<void> {
  const emulator = await startEmulatorProcess({ args: ['--rate-limit', '1000000/1', '--quiet'] });
  try {
    const seeded = await timed(() => seedTwin(emulator.url, TWIN, T0, POINTS));
    const range = { start: T0, end: T0 + POINTS * 1000 };
    const client = new BuildingTwinsClient({
      baseUrl: emulator.url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      rateLimit: false,
    });
    const { access_token: token } = await client.getToken();
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const query = `start=${new Date(range.start).toISOString()}&end=${new Date(range.end).toISOString()}&pageSize=${PAGE_SIZE}`;
    const pageUrl = (continuation: string | undefined): string =>
      `${emulator.url}/time-series/${TWIN}?${query}${continuation ? `&continuationToken=${encodeURIComponent(continuation)}` : ''}`;
    const readers: Record<string, Reader> = {
      'raw node:http pages': rawPages(pageUrl, nodeGetter(headers)),
      'raw fetch pages': rawPages(pageUrl, fetchGetter(headers)),
      'client, 1 lane (the same pages)': async () =>
        (await fetchDownsampled(client, [TWIN], range, BUDGET, { lanes: 1 })).get(TWIN)!.rawCount,
      'client, up to 4 slices side by side': async () =>
        (await fetchDownsampled(client, [TWIN], range, BUDGET)).get(TWIN)!.rawCount,
    };
    const wall: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    for (const name of Object.keys(readers)) await readers[name](); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order so drift in the machine's load hits every reader alike.
      const names = Object.keys(readers);
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + round) % names.length];
        (globalThis as { gc?: () => void }).gc?.();
        const run = await timed(readers[name]);
        if (run.result !== POINTS) throw new Error(`${name} saw ${run.result} points, not ${POINTS}`);
        (wall[name] ??= []).push(run.wallMs);
        (cpu[name] ??= []).push(run.cpuMs);
      }
    }
    const w = (name: string): number => median(wall[name]);
    const c = (name: string): number => median(cpu[name]);
    const client1 = 'client, 1 lane (the same pages)';
    console.log(
      `ratio client / raw node:http pages, ${(POINTS / 1e6).toFixed(1)}M points: time ${ratio(w(client1), w('raw node:http pages'))}, CPU ${ratio(c(client1), c('raw node:http pages'))}` +
        ` (goal <= 1.1x); against raw fetch pages: time ${ratio(w(client1), w('raw fetch pages'))}, CPU ${ratio(c(client1), c('raw fetch pages'))}`,
    );
    console.log(
      `${POINTS.toLocaleString()} points in ${POINTS / PAGE_SIZE} pages over HTTP, emulator in its own process; medians of ${ROUNDS} rotated rounds; ${machineLoad()}`,
    );
    console.log(`(set-up: ${POINTS.toLocaleString()} points sent in ${ms(seeded.wallMs, 0)})`);
    for (const name of Object.keys(readers)) {
      console.log(
        `  ${name.padEnd(40)} wall ${ms(w(name), 0).padStart(9)}  client CPU ${ms(c(name), 0).padStart(9)}  (${(POINTS / (w(name) / 1000) / 1e6).toFixed(2)}M points/s)`,
      );
    }
    console.log(`  client with slices / 1 lane (wall): ${ratio(w('client, up to 4 slices side by side'), w(client1))}`);
  } finally {
    await emulator.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
