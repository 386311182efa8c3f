// Request budget benchmark: the requests a user's session spends on a production-like instance (the service's
// 20 requests per 10 s per path group, paced by the client; the emulator in its own process answers after
// --latency ms), the way the extension sent them before issue 18 and the way it sends them now:
//  1. "Go to twin", typing a 12-character id at one key per 100 ms. Before: three lookups per keystroke
//     (by id, by external id, by name), none aborted. Now: one combined lookup once typing pauses 250 ms
//     (DebouncedRequest + TwinLookup), the previous one aborted.
//  2. A time-series panel: a 7-day range, zoomed twice 100 ms apart, closed 50 ms into the last read. Before:
//     every range read to its end (the host never aborted a webview request). Now: a newer range aborts the
//     older one and closing aborts the last (LatestRequest / RequestScope, as the panels' bridge uses them).
// A request counts as spent when it went on the wire (the client's onRequest event), answered or not.
// The tree part of the scripted session (open, expand three models) sends the same requests either way
// and is left out. The ratio line comes first.
// Run: npm run bench -- requestBudget   [--latency 150] [--key-ms 100]
import { BuildingTwinsClient } from '../src/core/api/client';
import { DebouncedRequest, isSuperseded, LatestRequest, RequestScope } from '../src/core/api/latestRequest';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../src/core/api/localEmulator';
import { TwinLookup } from '../src/core/api/twinLookup';
import type { BuildingTwinsApi, CallOptions } from '../src/core/api/types';
import { startEmulatorProcess } from '../test/harness/emulatorProcess';
import { machineLoad, ratio, size } from './benchStats';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}
const LATENCY_MS = Number(arg('latency', size('150', '20')));
const KEY_MS = Number(arg('key-ms', size('100', '20')));
const TWIN = 'RL-L01-PLANT';
const CAPABILITY = 'RL-AHU-1-SAT';
const DAY = 86_400_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const quietly = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );

interface Spent {
  goToTwin: number;
  chart: number;
  goToTwinWaitMs: number;
}

/** Every page of one range, as the panel reads it. */
async function readRange(api: BuildingTwinsApi, start: number, end: number, o?: CallOptions): Promise<number> {
  let points = 0;
  for await (const page of api.iterateTimeSeriesPages(
    CAPABILITY,
    { start: new Date(start).toISOString(), end: new Date(end).toISOString(), pageSize: 1000 },
    o,
  ))
    points += page.data?.length ?? 0;
  return points;
}

async function session(url: string, mode: 'before' | 'now'): Promise<Spent> {
  let sent = 0;
  const client = new BuildingTwinsClient({
    baseUrl: url,
    clientId: LOCAL_DEV_CLIENT_ID,
    clientSecret: LOCAL_DEV_CLIENT_SECRET,
    onRequest: (e) => {
      if (e.operation !== 'getToken') sent++;
    },
  });
  await client.getToken();

  // 1. Go to twin.
  const typed = Array.from(TWIN, (_, i) => TWIN.slice(0, i + 1));
  const lookups: Array<Promise<unknown>> = [];
  const finder = new TwinLookup(client);
  const debounced = new DebouncedRequest((value: string, signal: AbortSignal) => finder.find(value, { signal }), 250);
  for (const text of typed) {
    lookups.push(
      mode === 'before'
        ? Promise.all([
            client.getTwinsByIds([text]),
            client.listTwins({ propertyFilter: { field: 'externalID', operator: '=', value: text }, pageSize: 5 }),
            client.listTwins({ propertyFilter: { field: 'name', operator: 'contains', value: text }, pageSize: 20 }),
          ])
        : debounced.request(text).catch((error: unknown) => {
            if (!isSuperseded(error)) throw error;
          }),
    );
    await pause(KEY_MS);
  }
  const typedAt = performance.now() - KEY_MS;
  await lookups.at(-1);
  const goToTwinWaitMs = performance.now() - typedAt;
  await Promise.all(lookups.map(quietly));
  const goToTwin = sent;

  // 2. A chart: 7 days, zoom, zoom, close.
  const end = Date.now();
  const ranges = [
    [end - 7 * DAY, end],
    [end - DAY, end],
    [end - DAY / 4, end],
  ] as const;
  if (mode === 'before') {
    const reads: Array<Promise<unknown>> = [];
    for (const [i, [start, stop]] of ranges.entries()) {
      reads.push(quietly(readRange(client, start, stop)));
      await pause(i < ranges.length - 1 ? KEY_MS : 50);
    }
    await Promise.all(reads);
  } else {
    const panel = new RequestScope('panel');
    const latest = new LatestRequest('range');
    const reads: Array<Promise<unknown>> = [];
    for (const [i, [start, stop]] of ranges.entries()) {
      reads.push(quietly(panel.run(() => latest.run((signal) => readRange(client, start, stop, { signal })))));
      await pause(i < ranges.length - 1 ? KEY_MS : 50);
    }
    panel.dispose();
    latest.abort();
    await Promise.all(reads);
  }
  return { goToTwin, chart: sent - goToTwin, goToTwinWaitMs };
}

async function main(): Promise<void> {
  const emulator = await startEmulatorProcess({ args: ['--latency', String(LATENCY_MS)] });
  try {
    const before = await session(emulator.url, 'before');
    const now = await session(emulator.url, 'now');
    const total = (s: Spent): number => s.goToTwin + s.chart;
    console.log(
      `ratio: requests spent before / now = ${ratio(total(before), total(now))} (${total(before)} vs ${total(now)}: go to twin ${before.goToTwin} vs ${now.goToTwin}, chart ${before.chart} vs ${now.chart})`,
    );
    console.log(
      `go to twin: wait from the last keystroke to the result ${before.goToTwinWaitMs.toFixed(0)} ms before, ${now.goToTwinWaitMs.toFixed(0)} ms now (${ratio(before.goToTwinWaitMs, now.goToTwinWaitMs)})`,
    );
    console.log(
      `setup: emulator --latency ${LATENCY_MS}, client pacing 20 per 10 s per group, one key per ${KEY_MS} ms, ${TWIN}, ${CAPABILITY}; ${machineLoad()}`,
    );
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
