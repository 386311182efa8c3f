// The streaming downsampler (LttbStream, fed page by page as the time-series panel feeds it) next to the
// whole-array one (lttbOverRange over the same points held at once), on the same 1,000,000 points of a noisy
// series with gaps, to 1,600 points (an 800-pixel chart). Rounds alternate which goes first; medians of CPU.
// Goal: the stream within 2x the whole-array version. Both give the same points (checked every round).
// Run: npm run bench -- lttb   [--points N] [--rounds N]   (--smoke: a short run that only shows it works)
import { lttbOverRange, type XYSeries } from '../src/core/timeSeries/lttb';
import { LttbStream } from '../src/core/timeSeries/lttbStream';
import { machineLoad, median, ms, ratio, size } from './benchStats';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const POINTS = arg('points', size(1_000_000, 50_000));
const ROUNDS = arg('rounds', size(15, 3));
const PAGE_SIZE = 10_000;
const BUDGET = 1600;
const T0 = Date.UTC(2024, 0, 1);

/** A minute apart, a random walk with a gap (no points) every ~20,000. */
function series(points: number): XYSeries {
  const x = new Float64Array(points);
  const y = new Float64Array(points);
  let t = T0;
  let v = 20;
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < points; i++) {
    t += i % 20_000 === 19_999 ? 3_600_000 : 60_000;
    v += random() - 0.5;
    x[i] = t;
    y[i] = v;
  }
  return { x, y };
}

/**
 * CPU milliseconds of one run of `fn`: runs it until at least MIN_SPAN_MS have passed and divides. The process's
 * CPU clock advances in steps of a few milliseconds on some kernels, so a run shorter than that (the smoke run's
 * 50,000 points take under a millisecond) measured alone reads 0 or a whole step.
 */
const MIN_SPAN_MS = 25;
const cpuMs = (fn: () => void): number => {
  const before = process.cpuUsage();
  const started = performance.now();
  let runs = 0;
  do {
    fn();
    runs++;
  } while (performance.now() - started < MIN_SPAN_MS);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / runs;
};

function main(): void {
  const data = series(POINTS);
  const range = { start: data.x[0]!, end: data.x[POINTS - 1]! + 1 };
  // The pages as the panel receives them: columns of one page each.
  const pages: XYSeries[] = [];
  for (let from = 0; from < POINTS; from += PAGE_SIZE)
    pages.push({ x: data.x.slice(from, from + PAGE_SIZE), y: data.y.slice(from, from + PAGE_SIZE) });
  let whole: XYSeries | undefined;
  let streamed: XYSeries | undefined;
  const runWhole = (): void => {
    whole = lttbOverRange(data, BUDGET, range);
  };
  const runStream = (): void => {
    const stream = new LttbStream(BUDGET, range);
    for (const page of pages) stream.pushAll(page.x, page.y, 0, page.x.length);
    streamed = stream.finish();
  };
  // Warm-up: long enough for both to be optimised, in the smoke run too.
  for (let i = 0; i < Math.max(3, Math.ceil(2_000_000 / POINTS)); i++) {
    runWhole();
    runStream();
  }
  const times = { whole: [] as number[], stream: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? (['whole', 'stream'] as const) : (['stream', 'whole'] as const);
    for (const which of order) times[which].push(cpuMs(which === 'whole' ? runWhole : runStream));
    if (
      whole!.x.length !== streamed!.x.length ||
      whole!.x.some((v, i) => v !== streamed!.x[i] || whole!.y[i] !== streamed!.y[i])
    ) {
      throw new Error('the stream and the whole-array version chose different points');
    }
  }
  const w = median(times.whole);
  const s = median(times.stream);
  console.log(
    `ratio streaming LTTB / whole-array LTTB, CPU: ${ratio(s, w)} (goal <= 2x; medians of ${ROUNDS} alternating rounds, ${(POINTS / 1e6).toFixed(2)}M points in pages of ${PAGE_SIZE} to ${BUDGET})`,
  );
  console.log(`${machineLoad()}; this process's CPU`);
  console.log(
    `  whole-array (lttbOverRange)    median ${ms(w, 2)}  min ${ms(Math.min(...times.whole), 2)}  max ${ms(Math.max(...times.whole), 2)}`,
  );
  console.log(
    `  streaming (LttbStream)         median ${ms(s, 2)}  min ${ms(Math.min(...times.stream), 2)}  max ${ms(Math.max(...times.stream), 2)}`,
  );
  console.log(`  per million points: stream ${ms((s * 1e6) / POINTS)}, whole ${ms((w * 1e6) / POINTS)}`);
}

main();
