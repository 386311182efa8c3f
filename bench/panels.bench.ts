// Panel benchmarks in headless chromium (playwright-core), printing numbers and ratios (the ratio line first):
//  1. 1,000,000 points drawn by uPlot (goal <= 300 ms) next to Chart.js with its decimation plugin on (LTTB to
//     the canvas width, parsing off: its fast path) and a naive Chart.js line chart, each in a fresh page,
//     several runs each, alternating;
//  2. 100,000 points fetched from the emulator, LTTB-downsampled in the "host" and drawn by the real
//     time series webview bundle, end to end (goal <= 1.5 s); then the host's fetch alone, pages one after
//     another vs time slices side by side, against the emulator and against it with a remote-like latency;
//  3. the real insights webview bundle rendering a page of 1,000 roots x 5 children.
// Run after `npm run build && npx tsc -p tsconfig.test.json`: node out/bench/panels.bench.js [draw|timeseries|insights]
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BuildingTwinsClient } from '../src/core/api/client';
import type { Insight } from '../src/core/api/types';
import { createInsightsHandlers } from '../src/extension/panels/insights/insightsHandlers';
import { fetchRange } from '../src/core/timeSeries/timeSeriesFetch';
import { createTimeSeriesHandlers } from '../src/extension/panels/timeSeries/timeSeriesHandlers';
import { WebviewBridge } from '../src/extension/panels/host/webviewBridge';
import type { Handlers, MethodMap } from '../src/webviews/shared/bridgeProtocol';
import { launchChromium } from '../test/harness/browser';
import { startEmulatorProcess } from '../test/harness/emulatorProcess';
import { machineLoad, median, ratio, size } from './benchStats';
import { seedTwin } from './seriesSeed';

const repoRoot = path.resolve(__dirname, '..', '..');
const nodeModules = path.join(repoRoot, 'node_modules');
const dist = path.join(repoRoot, 'dist', 'panels');

/** What the sections print, held until the ratio line is out. */
const out: string[] = [];
const say = (text: string): void => {
  out.push(text);
};
/** The figures the ratio line is made of, as the sections find them. */
const figures: { uplot?: number; decimated?: number; naive?: number; endToEnd?: number } = {};
const DRAW_RUNS = size(Number(process.env.BENCH_RUNS ?? 5), 1);
const DRAW_POINTS = size(1_000_000, 10_000);

function line(label: string, ms: number, goal?: number): void {
  const verdict = goal === undefined ? '' : ` (goal <= ${goal} ms: ${ms <= goal ? 'met' : 'MISSED'})`;
  say(`  ${label.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms${verdict}`);
}

async function blankPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.setContent(
    '<!DOCTYPE html><html><body style="margin:0"><div id="chart" style="width:1200px;height:600px"></div></body></html>',
  );
  return page;
}

/** One draw of `count` generated points in a fresh page: uPlot, or Chart.js with or without its decimation plugin. */
async function drawOnce(browser: Browser, kind: 'uplot' | 'decimated' | 'naive', count: number): Promise<number> {
  const page = await blankPage(browser);
  try {
    if (kind === 'uplot') {
      await page.addStyleTag({ path: path.join(nodeModules, 'uplot', 'dist', 'uPlot.min.css') });
      await page.addScriptTag({ path: path.join(nodeModules, 'uplot', 'dist', 'uPlot.iife.min.js') });
      return await page.evaluate(async (n) => {
        const x = new Float64Array(n);
        const y = new Float64Array(n);
        const t0 = Date.UTC(2024, 0, 1);
        for (let i = 0; i < n; i++) {
          x[i] = t0 + i * 1000;
          y[i] = Math.sin(i / 5000) * 10 + Math.random();
        }
        const started = performance.now();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const U = (window as any).uPlot;
        new U(
          {
            width: 1200,
            height: 600,
            ms: 1,
            scales: { x: { time: true } },
            series: [{}, { stroke: 'blue', width: 1 }],
          },
          [x, y],
          document.getElementById('chart'),
        );
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
        return performance.now() - started;
      }, count);
    }
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.id = 'canvas';
      canvas.width = 1200;
      canvas.height = 600;
      document.getElementById('chart')!.append(canvas);
    });
    await page.addScriptTag({ path: path.join(nodeModules, 'chart.js', 'dist', 'chart.umd.min.js') });
    return await page.evaluate(
      async ({ n, decimate }) => {
        const data = new Array(n);
        const t0 = Date.UTC(2024, 0, 1);
        for (let i = 0; i < n; i++) data[i] = { x: t0 + i * 1000, y: Math.sin(i / 5000) * 10 + Math.random() };
        const started = performance.now();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const Chart = (window as any).Chart;
        new Chart(document.getElementById('canvas'), {
          type: 'line',
          data: { datasets: [{ data, borderColor: 'blue', borderWidth: 1, pointRadius: 0 }] },
          options: {
            animation: false,
            responsive: false,
            parsing: false,
            normalized: true,
            indexAxis: 'x',
            scales: { x: { type: 'linear' } },
            // Decimation needs parsing off, a linear or time x axis and sorted data: all given here.
            plugins: { decimation: { enabled: decimate, algorithm: 'lttb', samples: 2400 } },
          },
        });
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
        return performance.now() - started;
      },
      { n: count, decimate: kind === 'decimated' },
    );
  } finally {
    await page.close();
  }
}

async function uplotVersusChartJs(browser: Browser): Promise<void> {
  const n = DRAW_POINTS;
  say(
    `\n1. Drawing ${n.toLocaleString()} points in one series, a fresh page each, ${DRAW_RUNS} runs each, alternating (medians)`,
  );
  const kinds = ['uplot', 'decimated', 'naive'] as const;
  const times: Record<(typeof kinds)[number], number[]> = { uplot: [], decimated: [], naive: [] };
  for (let run = 0; run < DRAW_RUNS; run++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(k + run) % kinds.length]!;
      times[kind].push(await drawOnce(browser, kind, n));
    }
  }
  figures.uplot = median(times.uplot);
  figures.decimated = median(times.decimated);
  figures.naive = median(times.naive);
  line('uPlot', figures.uplot, 300);
  line('Chart.js, decimation plugin on (LTTB to 2,400 samples)', figures.decimated);
  line('Chart.js, naive line chart (animation off)', figures.naive);
  say(
    `  ratio Chart.js with decimation / uPlot: ${ratio(figures.decimated, figures.uplot)}; naive Chart.js / uPlot: ${ratio(figures.naive, figures.uplot)}`,
  );
}

/** Loads a real webview bundle in a page whose acquireVsCodeApi talks to `handlers` in this process. */
/**
 * `answers` (method -> result) are replied inside the page without a round trip through this process,
 * to time the app alone; other requests go to `handlers`.
 */
async function webviewPage<M extends MethodMap>(
  browser: Browser,
  bundle: string,
  handlers: Handlers<M>,
  state: unknown,
  answers: Record<string, unknown> = {},
): Promise<{ page: Page; run: () => Promise<number> }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const bridge = new WebviewBridge<M>(
    { postMessage: async () => true, onDidReceiveMessage: () => ({ dispose() {} }) },
    handlers,
  );
  await page.exposeFunction('benchHost', (message: unknown) => bridge.handle(message));
  await page.setContent(
    `<!DOCTYPE html><html><head><style>${readFileSync(path.join(dist, `${bundle}.css`), 'utf8')}</style></head><body data-panel="${bundle}"></body></html>`,
  );
  await page.evaluate(
    ({ saved, canned }) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const w = window as any;
      w.acquireVsCodeApi = () => ({
        postMessage: (m: { id: number; method: string }) =>
          m.method in canned
            ? setTimeout(
                () => window.postMessage({ kind: 'response', id: m.id, ok: true, result: canned[m.method] }, '*'),
                0,
              )
            : w.benchHost(m).then((reply: unknown) => window.postMessage(reply, '*')),
        getState: () => saved,
        setState: () => undefined,
      });
      // In-page clock: from the script starting to the app marking itself ready (or failed).
      new MutationObserver(() => {
        if (document.body.dataset.state && document.body.dataset.state !== 'loading') w.benchDone ??= performance.now();
      }).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
    },
    { saved: state, canned: answers as Record<string, unknown> },
  );
  const script = readFileSync(path.join(dist, `${bundle}.js`), 'utf8');
  return {
    page,
    run: async () => {
      await page.evaluate(() => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        (window as any).benchStart = performance.now();
      });
      await page.addScriptTag({ content: script });
      await page.waitForSelector('body[data-state="ready"], body[data-state="error"], body[data-state="empty"]', {
        timeout: 120_000,
      });
      const state = await page.getAttribute('body', 'data-state');
      if (state !== 'ready') throw new Error(`${bundle} ended in state ${state}: ${await page.textContent('.status')}`);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return page.evaluate(() => (window as any).benchDone - (window as any).benchStart);
    },
  };
}

async function timeSeriesEndToEnd(browser: Browser): Promise<void> {
  const n = size(100_000, 5_000);
  say(`\n2. ${n.toLocaleString()} points: emulator -> client paging -> LTTB in the host -> time series webview`);
  // Its own process, as in real use (the extension host and the emulator never share a thread).
  const emulator = await startEmulatorProcess({ args: ['--rate-limit', '100000/1'] });
  const twinId = 'BENCH-CAP-100K';
  const t0 = Date.UTC(2024, 0, 1);
  try {
    const insertStarted = Date.now();
    await seedTwin(emulator.url, twinId, t0, n);
    line('(setup) insert 100,000 points', Date.now() - insertStarted);
    // A fresh client, as a panel opened later would use: the setup's requests do not count against its rate limiter.
    const reader = new BuildingTwinsClient({
      baseUrl: emulator.url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
    });
    let hostMs = 0;
    const handlers = createTimeSeriesHandlers({
      connection: 'bench',
      twinIds: [twinId],
      api: async () => reader,
      chooseCsvPath: async () => undefined,
      writeFile: async () => undefined,
    });
    const timedHandlers: typeof handlers = {
      ...handlers,
      load: async (params) => {
        const started = Date.now();
        const result = await handlers.load(params);
        hostMs = Date.now() - started;
        return result;
      },
      latest: async () => ({ points: [] }),
    };
    const { page, run } = await webviewPage(browser, 'timeSeries', timedHandlers, {
      twinIds: [twinId],
      range: { start: t0, end: t0 + n * 1000 },
    });
    const total = await run();
    const drawn = Number(await page.getAttribute('body', 'data-point-count'));
    figures.endToEnd = total;
    line('end to end (script start -> chart ready)', total, 1500);
    line('  of which host: fetch all pages + LTTB', hostMs);
    say(`  ${n.toLocaleString()} points downsampled to ${drawn.toLocaleString()} (${(n / drawn).toFixed(0)}:1)`);
    await page.close();
    await compareLanes(emulator.url, twinId, { start: t0, end: t0 + n * 1000 }, 'local emulator');
  } finally {
    await emulator.stop();
  }
  // A remote service answers each page after a network round trip: the emulator's --latency stands in for it.
  const remote = await startEmulatorProcess({
    args: ['--rate-limit', '100000/1', '--latency', String(REMOTE_LATENCY_MS)],
  });
  try {
    await seedTwin(remote.url, twinId, t0, n);
    await compareLanes(remote.url, twinId, { start: t0, end: t0 + n * 1000 }, `${REMOTE_LATENCY_MS} ms per request`);
  } finally {
    await remote.stop();
  }
}

const REMOTE_LATENCY_MS = 150;

/** A capability twin (modelled on a sample one) with `n` points, one per second from `t0`. */
/** The host's fetch alone: pages one after another (1 lane) vs time slices side by side, interleaved rounds, medians. */
async function compareLanes(
  url: string,
  twinId: string,
  range: { start: number; end: number },
  where: string,
): Promise<void> {
  const api = new BuildingTwinsClient({
    baseUrl: url,
    clientId: 'local-dev',
    clientSecret: 'local-dev-secret',
    rateLimit: false,
  });
  await api.getTwin(twinId);
  const rounds = size(5, 1);
  const wall: Record<string, number[]> = { 1: [], 4: [] };
  const cpu: Record<string, number[]> = { 1: [], 4: [] };
  for (let round = 0; round < rounds; round++) {
    for (const lanes of [1, 4]) {
      const started = performance.now();
      const usage = process.cpuUsage();
      await fetchRange(api, [twinId], range, { lanes });
      const used = process.cpuUsage(usage);
      wall[lanes].push(performance.now() - started);
      cpu[lanes].push((used.user + used.system) / 1000);
    }
  }
  say(`  host fetch of the 100,000 points alone (${where}), median of ${rounds} interleaved rounds:`);
  line('    pages one after another (1 lane)', median(wall[1]));
  line('    time slices side by side (up to 4 lanes)', median(wall[4]));
  line('    host CPU, 1 lane', median(cpu[1]));
  line('    host CPU, up to 4 lanes', median(cpu[4]));
  say(`    ratio 1 lane / 4 lanes (wall): ${(median(wall[1]) / median(wall[4])).toFixed(2)}x`);
}

async function insightsPage(browser: Browser): Promise<void> {
  const roots = size(1000, 50);
  const children = 5;
  say(
    `\n3. Insights table: ${roots.toLocaleString()} roots x ${children} children (${(roots * (children + 1)).toLocaleString()} rows)`,
  );
  const items: Insight[] = [];
  for (let r = 0; r < roots; r++) {
    const id = `root-${r}`;
    items.push({
      id,
      scenarioId: null,
      name: `Root insight ${r}`,
      twinId: `T-${r}`,
      twinName: `Twin ${r}`,
      type: 'fault',
      priority: (r % 4) + 1,
      status: 'open',
      occurrenceCount: r,
      updatedDate: new Date(Date.UTC(2024, 0, 1) + r * 60_000).toISOString(),
    });
    for (let c = 0; c < children; c++)
      items.push({
        id: `${id}-c${c}`,
        scenarioId: id,
        name: `Child ${c} of ${r}`,
        twinId: `T-${r}-${c}`,
        type: 'fault',
        priority: 2,
        status: 'open',
      });
  }
  const fake = { listInsights: async () => ({ before: 0, after: 0, total: roots, items }) };
  const handlers = createInsightsHandlers({
    connection: 'bench',
    scopeLabel: 'bench',
    api: async () => fake as never,
    openTwin: async () => undefined,
    openTicket: async () => undefined,
  });
  const query = { page: 1, pageSize: roots, filters: [] };
  const hostStarted = Date.now();
  const list = await handlers.list(query);
  line('host: request mapping + nesting children under roots', Date.now() - hostStarted);
  const { page, run } = await webviewPage(
    browser,
    'insights',
    handlers,
    { query },
    { init: await handlers.init({}), list },
  );
  const ms = await run();
  const rows = await page.locator('tbody tr').count();
  line(`webview: script start -> table ready (${rows.toLocaleString()} root rows, children built on expand)`, ms);
  const expandMs = await page.evaluate(async () => {
    const started = performance.now();
    for (const b of document.querySelectorAll<HTMLButtonElement>('button.toggle')) b.click();
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    return performance.now() - started;
  });
  line(
    `expand all ${roots.toLocaleString()} roots (${(await page.locator('tbody tr').count()).toLocaleString()} rows shown)`,
    expandMs,
  );
  await page.close();
}

async function main(): Promise<void> {
  const browser = await launchChromium();
  try {
    const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
    if (!only || only === 'draw') await uplotVersusChartJs(browser);
    if (!only || only === 'timeseries') await timeSeriesEndToEnd(browser);
    if (!only || only === 'insights') await insightsPage(browser);
  } finally {
    await browser.close();
  }
  const parts = [
    figures.uplot !== undefined
      ? `drawing ${(DRAW_POINTS / 1e6).toLocaleString('en-US')}M points, Chart.js with decimation / uPlot ${ratio(figures.decimated!, figures.uplot)} (naive Chart.js ${ratio(figures.naive!, figures.uplot)})`
      : '',
    figures.endToEnd !== undefined
      ? `time series panel end to end / its 1.5 s goal ${ratio(figures.endToEnd, 1500)}`
      : '',
  ].filter(Boolean);
  console.log(`ratio ${parts.join('; ') || 'none (no section ran)'}`);
  console.log(`Panel benchmarks (headless chromium); ${machineLoad()}`);
  for (const text of out) console.log(text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
