// Bulk patch benchmark: one change to 100 twins of the emulator's sample building, at the service's published rate
// limit (20 requests per 10 s, on the emulator and in the client, as against a real instance). Prints the ratio of
// the rate achieved to the limit first, then requests sent (from the emulator's own count), seconds, 429s and how
// many questions were asked (the whole run is confirmed in one). Nothing is timed against a goal.
// Run after `npx tsc -p tsconfig.test.json`:  node out/bench/bulkPatch.bench.js [--twins N] [--smoke]
import { BuildingTwinsClient } from '../src/core/api/client';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../src/core/api/localEmulator';
import { DEFAULT_RATE_LIMIT } from '../src/core/api/rateLimiter';
import { memoryReportStore } from '../src/core/bulk/importReport';
import { planTwinPatches } from '../src/core/bulk/patchPlan';
import { runTwinPatches } from '../src/core/bulk/patchRunner';
import { ModelIndex } from '../src/core/dtdl/modelIndex';
import { startEmulator } from '../src/emulator/emulator';
import { machineLoad, size } from './benchStats';

const args = process.argv.slice(2);
const twinsOption = args.indexOf('--twins');
const twins = Number(twinsOption >= 0 ? args[twinsOption + 1] : size(100, 10));
/** Models of the sample whose twins have a `name`: rooms first, then sensors, enough for 100. */
const MODELS = ['Room', 'TemperatureSensor', 'Co2Sensor', 'OccupancySensor'].map(
  (name) => `dtmi:com:buildingtwins:sample:${name};1`,
);

async function main(): Promise<void> {
  const limit = DEFAULT_RATE_LIMIT;
  const emulator = await startEmulator({ port: 0, log: false, rateLimit: limit });
  try {
    let served = 0;
    let throttled = 0;
    const client = new BuildingTwinsClient({
      baseUrl: emulator.url,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
      rateLimit: limit,
      onRequest: (e) => {
        if (e.status === 429) throttled++;
        else if (e.method === 'PATCH' || e.path.includes('/twins')) served++;
      },
    });
    // The listing that chooses the twins counts against the limit: its window is let pass before the run starts (a
    // smoke run's few requests fit in one window with it).
    const ids: string[] = [];
    for (const modelId of MODELS) {
      if (ids.length >= twins) break;
      const page = await client.listTwins({
        modelFilter: { modelIds: [modelId], exactModelMatch: true },
        pageSize: 1000,
      });
      ids.push(...page.content.map((t) => t.id).slice(0, twins - ids.length));
    }
    if (ids.length < twins) throw new Error(`the sample has only ${ids.length} twins of ${MODELS.join(', ')}`);
    const index = ModelIndex.fromServiceModels(await client.listModels({ includeModelDefinitions: true }));
    await new Promise((resolve) => setTimeout(resolve, size(limit.seconds * 1000, 0)));
    served = 0;
    throttled = 0;
    let questions = 0;
    let asked = 0;
    const started = performance.now();
    const plan = await planTwinPatches(
      ids,
      { kind: 'set', property: 'name', value: 'Checked by the bulk patch' },
      { client, index },
    );
    const planned = performance.now();
    if (plan.patches.length !== twins) throw new Error(`bench data: ${plan.refused[0]?.reason ?? 'unchanged twins'}`);
    const result = await runTwinPatches(plan, client, {
      connection: 'bench',
      report: memoryReportStore(),
      confirm: async (question) => {
        questions++;
        asked = question.requests.length;
        return true;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.counts.done !== twins) throw new Error(`${result.counts.failed} twins failed`);
    const perSecond = served / seconds;
    const limitPerSecond = limit.count / limit.seconds;
    console.log(
      `ratio requests/s of the bulk patch / the rate limit: ${(perSecond / limitPerSecond).toFixed(2)}x (${served} requests in ${seconds.toFixed(1)} s; limit ${limit.count}/${limit.seconds} s)`,
    );
    console.log(
      `Bulk patch of ${twins} twins (set name) at the service's limit, on the emulator and in the client; ${machineLoad()}`,
    );
    console.log(
      `  requests sent: ${served} (${result.sent} PATCH, ${served - result.sent} to read the twins), 429 answers: ${throttled}`,
    );
    console.log(`  seconds: ${seconds.toFixed(1)} (planning ${((planned - started) / 1000).toFixed(1)} s)`);
    console.log(`  questions asked: ${questions}, listing ${asked} requests; twins changed: ${result.counts.done}`);
  } finally {
    await emulator.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
