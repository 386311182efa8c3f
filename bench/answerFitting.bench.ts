// Answer fitting benchmark (src/core/agentTools/toolAnswer.ts): how long fitAnswer takes on a 1 MB twin, a
// 50,000-point series and a 10,000-twin page, next to serialising the same raw answer once with JSON.stringify,
// and the longest the event loop was held by one fit (fitting is synchronous).
// The ratio line comes first. Run: npm run bench -- answerFitting
import { agentTool } from '../src/core/agentTools/agentToolTable';
import { fitAnswer } from '../src/core/agentTools/toolAnswer';
import { largePageAnswer, largeTwinAnswer, longSeriesAnswer } from '../test/shared/largeAnswers';
import { machineLoad, median, ms } from './benchStats';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const CASES = [
  { label: '1 MB twin (get_twin)', tool: 'get_twin', make: largeTwinAnswer },
  { label: '50,000-point series (time_series)', tool: 'time_series', make: longSeriesAnswer },
  { label: '10,000-twin page (find_twins)', tool: 'find_twins', make: largePageAnswer },
];

const elapsed = (fn: () => void): number => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};
const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function main(): Promise<void> {
  const rows: string[] = [];
  const ratios: string[] = [];
  for (const c of CASES) {
    const data = c.make();
    const schema = agentTool(c.tool)!.outputSchema;
    const fit: number[] = [];
    const raw: number[] = [];
    let chars = 0;
    for (let i = 0; i < RUNS; i++) {
      raw.push(
        elapsed(() => {
          chars = JSON.stringify(data).length;
        }),
      );
      await pause();
      fit.push(elapsed(() => fitAnswer(data, 'ask for less', undefined, schema)));
      await pause();
    }
    const answer = fitAnswer(data, 'ask for less', undefined, schema);
    ratios.push(`${c.tool} ${(median(fit) / median(raw)).toFixed(2)}x`);
    rows.push(
      `${c.label.padEnd(36)} ${String(chars).padStart(9)} chars -> ${String(answer.text.length).padStart(6)}  fit median ${ms(median(fit)).padStart(9)} max ${ms(Math.max(...fit)).padStart(9)}` +
        `  JSON.stringify once ${ms(median(raw)).padStart(9)}  event loop held at most ${ms(Math.max(...fit)).padStart(9)}`,
    );
  }
  console.log(
    `ratio fitAnswer / JSON.stringify of the raw answer (medians of ${RUNS}): ${ratios.join(', ')} (${machineLoad()})`,
  );
  for (const row of rows) console.log(row);
  console.log('fitting is synchronous and never awaits: the event loop is held exactly as long as the longest fit');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
