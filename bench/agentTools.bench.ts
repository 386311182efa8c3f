// Agent tools benchmark: how many characters (about 4 per token) the tools answer typical questions with,
// next to the raw API JSON the same question costs through the client; and latency per tool on the sample
// building and on a --scale 100000 emulator (both in this process, rate limit off, the same client setup).
// The ratio line comes first. Run: npm run bench -- agentTools
import type { BuildingTwinsClient } from '../src/core/api/client';
import { agentTool } from '../src/core/agentTools/agentToolTable';
import { createToolContext } from '../src/core/agentTools/toolContext';
import { invokeAgentTool } from '../src/core/agentTools/toolInvocation';
import type { AgentToolContext } from '../src/core/agentTools/agentTool';
import { EmulatorHarness } from '../test/unit/api/emulatorHarness';
import { machineLoad, median, size, timed } from './benchStats';

const RUNS = size(Number(process.env.BENCH_RUNS ?? 5), 1);
const SCALE = size(100_000, 1_000);
const VAV = 'dtmi:com:buildingtwins:sample:VAVBox;1';
const AHU = 'dtmi:com:buildingtwins:sample:AirHandlingUnit;1';
const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';
const DAY = 86_400_000;

interface Question {
  asked: string;
  tool: string;
  input: Record<string, unknown>;
  /** The same question through the client, as a script without the tools would ask it: its JSON is what a model would read. */
  raw(client: BuildingTwinsClient, now: number): Promise<unknown>;
}

const all = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

const QUESTIONS: Question[] = [
  {
    asked: 'Which models describe sensors?',
    tool: 'list_models',
    input: { search: 'sensor' },
    raw: (c) => c.listModels({ includeModelDefinitions: true }),
  },
  { asked: 'What is an air handling unit?', tool: 'get_model', input: { id: AHU }, raw: (c) => c.getModel(AHU) },
  {
    asked: 'What may a room twin hold?',
    tool: 'model_vocabulary',
    input: { models: [ROOM] },
    raw: (c) => c.listModels({ includeModelDefinitions: true }),
  },
  {
    asked: 'Which VAV boxes are on level 3?',
    tool: 'find_twins',
    input: { model: VAV, locationId: 'HP-L03' },
    raw: async (c) => [
      await c.listTwins({ modelFilter: { modelIds: [VAV] }, locationFilter: { locationId: 'HP-L03' }, pageSize: 20 }),
      await c.countTwins({ modelFilter: { modelIds: [VAV] }, locationFilter: { locationId: 'HP-L03' } }),
    ],
  },
  {
    asked: 'Tell me about AHU-1',
    tool: 'get_twin',
    input: { id: 'HP-AHU-1' },
    raw: async (c) => [
      await c.getTwin('HP-AHU-1'),
      await c.listOutgoingRelationships('HP-AHU-1'),
      await c.listIncomingRelationships('HP-AHU-1'),
    ],
  },
  {
    asked: 'What does AHU-1 feed, two hops out?',
    tool: 'walk_graph',
    input: { id: 'HP-AHU-1', hops: 2, direction: 'Incoming' },
    raw: (c) =>
      c.getTwinGraph({
        id: 'HP-AHU-1',
        relationships: [{ direction: 'Incoming', relationship: { direction: 'Incoming' } }],
      }),
  },
  {
    asked: 'Supply air temperature of AHU-1 last week',
    tool: 'time_series',
    input: { twinIds: ['HP-AHU-1-SAT'], range: '7d' },
    raw: (c, now) =>
      all(
        c.iterateTimeSeries('HP-AHU-1-SAT', {
          start: new Date(now - 7 * DAY).toISOString(),
          end: new Date(now).toISOString(),
        }),
      ),
  },
  {
    asked: '… as a chart of 50 points',
    tool: 'time_series',
    input: { twinIds: ['HP-AHU-1-SAT'], range: '7d', points: 50 },
    raw: (c, now) =>
      all(
        c.iterateTimeSeries('HP-AHU-1-SAT', {
          start: new Date(now - 7 * DAY).toISOString(),
          end: new Date(now).toISOString(),
        }),
      ),
  },
  {
    asked: 'Room temperatures on level 1 now',
    tool: 'latest_values',
    input: { twinIds: ['HP-L01-R01-TEMP', 'HP-L01-R02-TEMP', 'HP-L01-R03-TEMP', 'HP-L01-R04-TEMP', 'HP-L01-R05-TEMP'] },
    raw: (c) =>
      c.getLatestTimeSeriesByIds([
        'HP-L01-R01-TEMP',
        'HP-L01-R02-TEMP',
        'HP-L01-R03-TEMP',
        'HP-L01-R04-TEMP',
        'HP-L01-R05-TEMP',
      ]),
  },
  {
    asked: 'Which insights are still open?',
    tool: 'insights',
    input: { openOnly: true },
    raw: (c) =>
      c.listInsights(
        {
          pageSize: 20,
          filterSpecifications: [
            { field: 'status', operator: 'in', value: ['new', 'open', 'inProgress', 'readyToResolve'] },
          ],
        },
        { addFloor: true },
      ),
  },
  {
    asked: 'Recent events',
    tool: 'events',
    input: { limit: 20 },
    raw: (c) => c.listEvents({ pageSize: 20, sortSpecifications: [{ field: 'startTime', sort: 'desc' }] }),
  },
  {
    asked: 'Latest tickets',
    tool: 'tickets',
    input: { limit: 20 },
    raw: (c) => c.listTickets({ pageSize: 20, sortSpecifications: [{ field: 'createdDate', sort: 'desc' }] }),
  },
  {
    asked: 'Every room (first page)',
    tool: 'find_twins',
    input: { model: ROOM, limit: 50 },
    raw: async (c) => [
      await c.listTwins({ modelFilter: { modelIds: [ROOM] }, pageSize: 50 }),
      await c.countTwins({ modelFilter: { modelIds: [ROOM] } }),
    ],
  },
  {
    asked: 'Everything in Harbour Point, 3 hops in',
    tool: 'walk_graph',
    input: { id: 'BLD-HP', hops: 3, direction: 'Incoming' },
    raw: (c) =>
      c.getTwinGraph({
        id: 'BLD-HP',
        relationships: [
          { direction: 'Incoming', relationship: { direction: 'Incoming', relationship: { direction: 'Incoming' } } },
        ],
      }),
  },
  {
    asked: 'Ticket statuses',
    tool: 'ticket_metadata',
    input: { kind: 'statuses' },
    raw: (c) => c.listTicketStatuses(),
  },
];

interface Site {
  label: string;
  emu: EmulatorHarness;
  client: BuildingTwinsClient;
  ctx: AgentToolContext;
  now: number;
}

async function site(label: string, scale?: number): Promise<Site> {
  const emu = await EmulatorHarness.start(scale ? { scale } : {});
  const client = emu.client().client;
  const now = Date.now();
  return { label, emu, client, ctx: createToolContext(client, label), now };
}

async function main(): Promise<void> {
  const sample = await site('sample');
  const scaled = await site(`scale ${SCALE.toLocaleString('en-US')}`, SCALE);
  const rows: string[] = [];
  const charRatios: number[] = [];
  const slow: number[] = [];
  for (const q of QUESTIONS) {
    const tool = agentTool(q.tool)!;
    const answer = await invokeAgentTool(tool, q.input, sample.ctx);
    if (answer.isError) throw new Error(`${q.tool}: ${answer.text}`);
    const raw = JSON.stringify(await q.raw(sample.client, sample.now)).length;
    charRatios.push(answer.text.length / raw);
    const times = async (s: Site): Promise<number> => {
      await invokeAgentTool(tool, q.input, s.ctx); // warm (models read once per context)
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push((await timed(() => invokeAgentTool(tool, q.input, s.ctx))).wallMs);
      return median(ms);
    };
    const t = { sample: await times(sample), scaled: await times(scaled) };
    slow.push(t.scaled / t.sample);
    const scaledAnswer = await invokeAgentTool(tool, q.input, scaled.ctx);
    rows.push(
      `${q.asked.padEnd(44)} ${q.tool.padEnd(16)} ${String(answer.text.length).padStart(6)} chars (~${String(Math.ceil(answer.text.length / 4)).padStart(5)} tokens)  raw API ${String(raw).padStart(8)} chars  ${(answer.text.length / raw).toFixed(3).padStart(6)}x  ` +
        `${t.sample.toFixed(1).padStart(7)} ms  scaled ${t.scaled.toFixed(1).padStart(7)} ms (${String(scaledAnswer.text.length).padStart(6)} chars)`,
    );
  }
  console.log(
    `ratio agent answer / raw API JSON characters: median ${median(charRatios).toFixed(3)}x, worst ${Math.max(...charRatios).toFixed(3)}x over ${QUESTIONS.length} questions; latency scale ${SCALE.toLocaleString('en-US')} / sample: median ${median(slow).toFixed(2)}x (${machineLoad()})`,
  );
  console.log(
    `question${' '.repeat(37)}tool             answer (sample)                 raw                        ratio   latency (median of ${RUNS})`,
  );
  for (const row of rows) console.log(row);
  console.log("every answer at most 12,000 characters; latencies include the in-process emulator's work");
  await sample.emu.close();
  await scaled.emu.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
