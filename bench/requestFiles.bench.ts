// Request files: time from "Run" to the first row the results panel can show, the emulator in a separate
// process. The path measured is the host's whole: the file parsed and checked, the request run through the
// command table, the result turned into the panel's page (table with the model's properties as columns, chart
// series downsampled with LTTB) and serialised as the message the webview receives. Next to it, side by side in
// the same rounds, the bare client call for the same data (the floor: the service's answer read and parsed).
// Cases: a 1,000-twin result (one page of 1,000), a 100k-point series read whole ("all": true, for the chart)
// and its first page of 10,000. The webview's drawing of the rows is not in these figures.
// Run: npm run bench -- requestFiles   [--rounds N]
import { BuildingTwinsClient } from '../src/core/api/client';
import { collect } from '../src/core/api/paging';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { parseRequestFile } from '../src/core/requestFiles/requestFileParser';
import { runRequest } from '../src/core/requestFiles/requestRunner';
import { ResultPages } from '../src/core/requestFiles/resultView';
import { startEmulatorProcess } from '../test/harness/emulatorProcess';
import { machineLoad, median, ms, ratio, size, timed } from './benchStats';
import { seedTwin } from './seriesSeed';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', size(7, 1));
const POINTS = size(100_000, 5_000);
const TWIN = 'BENCH-CAP-100K';
const T0 = Date.UTC(2024, 0, 1);

const FILE = JSON.stringify(
  {
    requests: [
      { name: '1,000 twins', operation: 'twins list', query: { 'page-size': 1000 } },
      {
        name: '100k points',
        operation: 'timeseries get',
        query: {
          twinId: TWIN,
          start: new Date(T0).toISOString(),
          end: new Date(T0 + POINTS * 1000).toISOString(),
          'page-size': 10000,
          all: true,
        },
      },
      {
        name: 'first 10k points',
        operation: 'timeseries get',
        query: {
          twinId: TWIN,
          start: new Date(T0).toISOString(),
          end: new Date(T0 + POINTS * 1000).toISOString(),
          'page-size': 10000,
        },
      },
    ],
  },
  null,
  2,
);

interface Case {
  name: string;
  requestFile: () => Promise<number>;
  bare: () => Promise<number>;
}

async function main(): Promise<void> {
  const emulator = await startEmulatorProcess({ args: ['--scale', '2000', '--rate-limit', '1000000/1', '--quiet'] });
  try {
    await seedTwin(emulator.url, TWIN, T0, POINTS);
    const connection = new AbortController();
    const client = new BuildingTwinsClient({
      baseUrl: emulator.url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      rateLimit: false,
      signal: connection.signal,
    });
    // The extension holds the model index in its cache: built once, outside the rounds.
    const index = ModelIndex.fromServiceModels(await client.listModels({ includeModelDefinitions: true }));
    const properties = (modelId: string): string[] => (index.has(modelId) ? [...index.properties(modelId).keys()] : []);
    const signal = new AbortController().signal;
    const viaFile = (name: string) => async (): Promise<number> => {
      const { file, problems } = parseRequestFile(FILE);
      if (problems.length) throw new Error(problems[0]!.message);
      const entry = file.requests.find((r) => r.name === name)!;
      const outcome = await runRequest(entry, { client: () => client, signal });
      if (!outcome.ok) throw new Error(outcome.error);
      const page = new ResultPages(outcome.result).page(properties);
      const message = JSON.stringify({
        kind: 'response',
        id: 1,
        ok: true,
        result: { ...page, id: 1, hasMore: outcome.next !== undefined },
      });
      if (!page.rows.length || !message) throw new Error(`${name}: no rows`);
      return page.totalRows;
    };
    const query = {
      start: new Date(T0).toISOString(),
      end: new Date(T0 + POINTS * 1000).toISOString(),
      pageSize: 10000,
    };
    const cases: Case[] = [
      {
        name: '1,000-twin result',
        requestFile: viaFile('1,000 twins'),
        bare: async () => (await client.listTwins({ pageSize: 1000 })).content.length,
      },
      {
        name: '100k-point series, whole',
        requestFile: viaFile('100k points'),
        bare: async () => (await collect(client.iterateTimeSeries(TWIN, query))).length,
      },
      {
        name: '100k-point series, first page of 10k',
        requestFile: viaFile('first 10k points'),
        bare: async () => (await client.getTimeSeries(TWIN, query)).data?.length ?? 0,
      },
    ];
    const samples = new Map<string, { file: number[]; bare: number[]; rows: number }>();
    for (const c of cases) samples.set(c.name, { file: [], bare: [], rows: 0 });
    // One warm-up round, then rounds alternating which path goes first.
    for (let round = -1; round < ROUNDS; round++) {
      for (const c of cases) {
        const s = samples.get(c.name)!;
        const order = round % 2 === 0 ? [c.requestFile, c.bare] : [c.bare, c.requestFile];
        for (const fn of order) {
          const { result, wallMs } = await timed(fn);
          if (round < 0) continue;
          if (fn === c.requestFile) {
            s.file.push(wallMs);
            s.rows = result;
          } else s.bare.push(wallMs);
        }
      }
    }
    const rows = cases.map((c) => ({
      c,
      s: samples.get(c.name)!,
      file: median(samples.get(c.name)!.file),
      bare: median(samples.get(c.name)!.bare),
    }));
    console.log(
      `ratio Run-to-first-row through the request file / the bare client call (medians): ${rows.map((r) => `${r.c.name} ${ratio(r.file, r.bare)}`).join(', ')}`,
    );
    for (const r of rows) {
      console.log(
        `${r.c.name}: Run to first row ${ms(r.file)} (bare client call ${ms(r.bare)}), ${r.s.rows} rows, ${ROUNDS} rounds`,
      );
    }
    console.log(machineLoad());
    connection.abort();
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
