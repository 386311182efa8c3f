// Every panel from 400 px to the full window, in one workbench: at 400, 500 and 734 px wide each panel shows its
// columns, legend entries and labels with a readable width (none 0 px) and none past the panel's edge, and it redraws
// for the new width when the panel grows again.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { repoRoot } from '../harness/harnessPaths';
import { Workbench } from './workbench';

const WIDTHS = [400, 500, 734];
/** Temperature, occupancy and CO2 sensors are hosted by it; they are named after it ("Level 2 Meeting room 1 …"). */
const MEETING_ROOM = 'HP-L02-R03';
/** A VAV box: its level above it and the air handler that feeds it. */
const VAV = 'HP-L03-VAV1';
const EQUIPMENT = 'HP-AHU-1';

/** What an element occupies in the panel, for the messages of a failed check. */
interface Box {
  what: string;
  left: number;
  right: number;
  width: number;
}

interface GraphNodeView {
  id: string;
  label: string;
  /** The label's width in the node's font, and the width the graph draws labels within (wider ones are cut). */
  labelPx: number;
  maxLabelPx: number;
  inView: boolean;
  ring: boolean;
  root: boolean;
}

interface GraphSnapshot {
  width: number;
  hostWidth: number;
  height: number;
  nodes: GraphNodeView[];
  /** Centre of the root and its first ring on screen, as a fraction of the canvas (0.5: the middle). */
  ringCentre: { x: number; y: number };
}

describe('panels at 400, 500 and 734 px', () => {
  let workbench: Workbench;

  before(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'widths-e2e-'));
    writeFileSync(
      join(folder, 'sample-building.twinq.json'),
      readFileSync(join(repoRoot, 'media', 'samples', 'sample-building.twinq.json')),
    );
    workbench = await Workbench.open({ theme: 'dark', folder });
    await workbench.openView();
  });

  after(async () => workbench?.close());

  afterEach(async () => {
    await workbench.page.setViewportSize({ width: 1400, height: 900 });
    await workbench.runCommand('View: Close All Editors');
  });

  async function openWith(title: string, twinId: string): Promise<void> {
    await workbench.runCommand(title);
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill(twinId);
    await workbench.quickInput.locator('.monaco-list-row', { hasText: twinId }).first().waitFor({ timeout: 30_000 });
    await workbench.page.keyboard.press('Enter');
  }

  async function ready(panel: string): Promise<FrameLocator> {
    const frame = await workbench.webview(`body[data-panel="${panel}"]`, 60_000);
    await frame.locator('body[data-state="ready"]').first().waitFor({ timeout: 60_000 });
    return frame;
  }

  /** Sizes the browser window until the panel's page is `width` px wide (the workbench around it takes the rest). */
  async function setPanelWidth(frame: FrameLocator, width: number): Promise<void> {
    const page = workbench.page;
    let ratio = 1;
    let inner = await frame.locator('html').evaluate(() => window.innerWidth);
    for (let attempt = 0; attempt < 8 && Math.abs(inner - width) > 1; attempt++) {
      const viewport = page.viewportSize()!;
      const next = Math.round(viewport.width + (width - inner) / ratio);
      await page.setViewportSize({ width: next, height: viewport.height });
      let now = inner;
      for (let wait = 0; wait < 20 && now === inner; wait++) {
        await page.waitForTimeout(100);
        now = await frame.locator('html').evaluate(() => window.innerWidth);
      }
      if (now !== inner && next !== viewport.width) ratio = Math.max(0.2, (now - inner) / (next - viewport.width));
      inner = now;
    }
    assert.ok(Math.abs(inner - width) <= 1, `panel ${inner} px wide, wanted ${width}`);
  }

  /**
   * The boxes of the elements `selector` matches that are shown, and the problems among them: narrower than `minPx`,
   * or reaching past the panel's right edge (or left of its left edge); the page itself never scrolls sideways.
   */
  async function layoutProblems(frame: FrameLocator, selector: string, minPx: number): Promise<string[]> {
    const { boxes, edge, pageWidth } = await frame.locator('body').evaluate((body, sel) => {
      const shown = [...document.querySelectorAll<HTMLElement>(sel)].filter(
        (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden',
      );
      return {
        boxes: shown.map((e): Box => {
          const r = e.getBoundingClientRect();
          const what = `${e.tagName.toLowerCase()}${e.dataset.field ? `[${e.dataset.field}]` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
          return { what, left: r.left, right: r.right, width: r.width };
        }),
        edge: document.documentElement.clientWidth,
        pageWidth: body.ownerDocument.documentElement.scrollWidth,
      };
    }, selector);
    const problems: string[] = [];
    if (boxes.length === 0) problems.push(`nothing matches ${selector}`);
    if (pageWidth > edge + 1) problems.push(`the page scrolls sideways: ${pageWidth} > ${edge} px`);
    for (const b of boxes) {
      if (b.width < minPx) problems.push(`${b.what} is ${Math.round(b.width)} px wide (< ${minPx})`);
      if (b.right > edge + 1 || b.left < -1)
        problems.push(`${b.what} spans ${Math.round(b.left)}–${Math.round(b.right)} px, past the edge at ${edge}`);
    }
    return problems;
  }

  it('insights: every column keeps a readable width, cut values have an ellipsis and a title, statuses in words', async () => {
    await workbench.runCommand('Building Twins: Show Insights');
    const frame = await ready('insights');
    const widths: string[] = [];
    const found: Record<string, unknown> = {};
    for (const width of [...WIDTHS, 1100]) {
      await setPanelWidth(frame, width);
      await frame.locator('body').evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      const problems = [
        ...(await layoutProblems(frame, 'table.insights thead th[data-field]', 40)),
        ...(await layoutProblems(
          frame,
          'table.insights thead th[data-field="name"], table.insights thead th[data-field="twinName"]',
          72,
        )),
      ];
      const cells = await frame.locator('table.insights').evaluate((table) => {
        const cutWithoutTitle: string[] = [];
        const rawWords: string[] = [];
        for (const td of table.querySelectorAll<HTMLElement>('tbody tr:not([hidden]) td[data-field]')) {
          if (td.getClientRects().length === 0) continue;
          const text = td.textContent ?? '';
          if (
            td.scrollWidth > td.clientWidth + 1 &&
            (getComputedStyle(td).textOverflow !== 'ellipsis' || !td.title.includes(text))
          )
            cutWithoutTitle.push(text);
          if (['status', 'type'].includes(td.dataset.field ?? '') && /^[a-z]+[A-Z]|^[a-z]/.test(text))
            rawWords.push(text);
        }
        const columns = [...table.querySelectorAll<HTMLElement>('thead th[data-field]')].map((th) =>
          th.getClientRects().length
            ? `${th.dataset.field}=${Math.round(th.getBoundingClientRect().width)}`
            : `${th.dataset.field}=hidden`,
        );
        return { cutWithoutTitle, rawWords: [...new Set(rawWords)], columns };
      });
      widths.push(`${width}: ${cells.columns.join(' ')}`);
      const wrong = [...problems, ...cells.cutWithoutTitle.map((t) => `cut without a title: ${t}`), ...cells.rawWords];
      if (wrong.length) found[width] = wrong;
    }
    console.log(`[metric] insightsColumns ${widths.join(' | ')}`);
    assert.deepEqual(found, {}, 'problems by panel width');
  });

  it('time series: the legend keeps each series on one line within the panel, and the chart follows the width', async () => {
    await openWith('Building Twins: Show Time Series…', MEETING_ROOM);
    const frame = await ready('timeSeries');
    const seen: string[] = [];
    const found: Record<string, string[]> = {};
    for (const width of [...WIDTHS, 1100]) {
      await setPanelWidth(frame, width);
      await frame.locator(`body[data-chart-width]`).waitFor();
      // The chart is drawn again for the width (its canvas within the panel, not much narrower).
      const chartWidth = async () =>
        frame
          .locator('.uplot')
          .first()
          .evaluate((u) => Math.round(u.getBoundingClientRect().width));
      for (let i = 0; i < 30 && Math.abs((await chartWidth()) - (width - 24)) > 30; i++)
        await workbench.page.waitForTimeout(100);
      const drawn = await chartWidth();
      const legend = await frame.locator('.u-legend').evaluate((table) =>
        [...table.querySelectorAll<HTMLElement>('.u-series')]
          .filter((s) => s.getClientRects().length > 0)
          .map((s) => {
            const parts = [...s.children].map((c) => c.getBoundingClientRect());
            const tops = parts.map((r) => Math.round(r.top));
            return { text: (s.textContent ?? '').trim(), lines: new Set(tops).size };
          }),
      );
      seen.push(`${width}: chart ${drawn}, legend lines ${legend.map((l) => l.lines).join(',')}`);
      const problems = [
        ...(await layoutProblems(frame, '.u-legend .u-series', 60)),
        ...(await layoutProblems(frame, '.uplot', 300)),
        ...(await layoutProblems(frame, '.toolbar > *', 16)),
        ...legend.filter((l) => l.lines > 1).map((l) => `legend entry on ${l.lines} lines: ${l.text}`),
      ];
      if (Math.abs(drawn - (width - 24)) > 30) problems.push(`chart ${drawn} px in a ${width} px panel`);
      if (problems.length) found[width] = problems;
    }
    console.log(`[metric] timeSeriesWidths ${seen.join(' | ')}`);
    assert.deepEqual(found, {}, 'problems by panel width');
  });

  /** What the graph shows now (its canvas has no DOM of its own: read from its cytoscape instance). */
  async function graphSnapshot(frame: FrameLocator): Promise<GraphSnapshot> {
    return frame.locator('.graph').evaluate((host) => {
      type Node = {
        id(): string;
        data(key: string): unknown;
        style(key: string): string;
        renderedPosition(): { x: number; y: number };
      };
      type Nodes = { map<T>(f: (n: Node) => T): T[] };
      const cy = (
        host as unknown as {
          _cyreg: {
            cy: {
              width(): number;
              height(): number;
              nodes(): Nodes;
              getElementById(id: string): { closedNeighborhood(): { nodes(): Nodes } };
            };
          };
        }
      )._cyreg.cy;
      const root = document.body.dataset.rootId ?? '';
      const ring = new Set(
        cy
          .getElementById(root)
          .closedNeighborhood()
          .nodes()
          .map((n) => n.id()),
      );
      const context = document.createElement('canvas').getContext('2d')!;
      const nodes = cy.nodes().map((n) => {
        context.font = `${n.style('font-weight')} ${n.style('font-size')} ${n.style('font-family')}`;
        const label = String(n.style('label') ?? '');
        const p = n.renderedPosition();
        return {
          id: n.id(),
          label,
          labelPx: context.measureText(label).width,
          maxLabelPx: parseFloat(n.style('text-max-width')),
          inView: p.x >= 0 && p.x <= cy.width() && p.y >= 0 && p.y <= cy.height(),
          ring: ring.has(n.id()),
          root: n.id() === root,
        };
      });
      const shown = nodes
        .filter((n) => n.ring)
        .map((n) =>
          cy
            .nodes()
            .map((m) => m)
            .find((m) => m.id() === n.id)!
            .renderedPosition(),
        );
      const xs = shown.map((p) => p.x);
      const ys = shown.map((p) => p.y);
      return {
        width: cy.width(),
        hostWidth: host.clientWidth,
        height: cy.height(),
        nodes,
        ringCentre: {
          x: (Math.min(...xs) + Math.max(...xs)) / 2 / cy.width(),
          y: (Math.min(...ys) + Math.max(...ys)) / 2 / cy.height(),
        },
      };
    });
  }

  it('twin graph: not squeezed at 400 px, labels that tell twins apart, fitted again after widening', async () => {
    await openWith('Building Twins: Show Twin Graph…', MEETING_ROOM);
    const frame = await ready('twinGraph');
    const seen: string[] = [];
    const found: Record<string, string[]> = {};
    for (const width of WIDTHS) {
      await setPanelWidth(frame, width);
      await workbench.page.waitForTimeout(400);
      const graph = await graphSnapshot(frame);
      seen.push(`${width}: canvas ${graph.width}×${graph.height}`);
      const problems = await layoutProblems(frame, '.graph, .side, .toolbar > *', 16);
      if (graph.width < Math.min(width - 24, 360)) problems.push(`the graph is squeezed to ${graph.width} px`);
      if (Math.abs(graph.width - graph.hostWidth) > 2)
        problems.push(`canvas ${graph.width} px in a ${graph.hostWidth} px box`);
      if (!graph.nodes.find((n) => n.root)?.inView) problems.push('the root is out of view');
      if (problems.length) found[width] = problems;
    }
    // Back to a wide panel: the canvas takes the new width and the root's neighbourhood is fitted again (centred).
    await setPanelWidth(frame, 1100);
    await workbench.page.waitForTimeout(600);
    const wide = await graphSnapshot(frame);
    seen.push(
      `1100: canvas ${wide.width}×${wide.height}, ring centre ${wide.ringCentre.x.toFixed(2)},${wide.ringCentre.y.toFixed(2)}`,
    );
    console.log(`[metric] graphWidths ${seen.join(' | ')}`);
    assert.deepEqual(found, {}, 'problems by panel width');
    assert.ok(Math.abs(wide.width - wide.hostWidth) <= 2, `canvas ${wide.width} in ${wide.hostWidth}`);
    assert.ok(
      wide.ringCentre.x > 0.3 && wide.ringCentre.x < 0.7,
      `the root's neighbourhood is centred again after widening: ${wide.ringCentre.x.toFixed(2)}`,
    );
    assert.deepEqual(
      wide.nodes.filter((n) => n.ring && !n.inView).map((n) => n.id),
      [],
      'the root and its first ring in view',
    );
    // The room and its three sensors share the start of their names: each label is drawn whole (never cut at its end
    // by the canvas) and the four read differently.
    const ring = wide.nodes.filter((n) => n.ring);
    const cut = ring.filter((n) => n.labelPx > n.maxLabelPx + 1).map((n) => `${n.label} (${Math.round(n.labelPx)} px)`);
    assert.deepEqual(cut, [], 'labels fit the width the graph draws them in');
    const labels = ring.map((n) => n.label);
    assert.equal(new Set(labels).size, labels.length, `labels tell the twins apart: ${labels.join(' | ')}`);
  });

  it('twin graph: a model keeps its colour in another graph (other models, another order) and in the light theme', async () => {
    await openWith('Building Twins: Show Twin Graph…', VAV);
    const frame = await ready('twinGraph');
    const oneHop = await frame.locator('body').getAttribute('data-node-count');
    await frame.locator('vscode-textfield.depth').evaluate((field) => {
      (field as HTMLInputElement).value = '2';
    });
    await frame.locator('vscode-button', { hasText: 'Draw' }).click();
    await frame.locator(`body[data-state="ready"]:not([data-node-count="${oneHop}"])`).waitFor();
    // The hierarchy at 734 px opens with the twin's first ring around it: its level and air handler above it
    // (dagre had put them 1,600 px apart), its zone and sensors below.
    await setPanelWidth(frame, 734);
    await frame.locator('.layout-choice').evaluate((select) => {
      (select as HTMLSelectElement).value = 'hierarchical';
      select.dispatchEvent(new Event('change'));
    });
    await frame.locator('body[data-layout="hierarchical"]').waitFor();
    const ring = (await graphSnapshot(frame)).nodes.filter((n) => n.ring);
    console.log(`[metric] hierarchyRingInView=${ring.filter((n) => n.inView).length}/${ring.length}`);
    const outOfView = ring.filter((n) => !n.inView).map((n) => n.id);
    for (const id of [VAV, 'HP-L03', EQUIPMENT]) assert.ok(!outOfView.includes(id), `${id} is out of view`);
    assert.ok(outOfView.length <= ring.length / 4, `the first ring in view: out of view ${outOfView.join(', ')}`);

    // The same model has the same colour in another graph (another order of models) and in the light theme.
    const dark = await modelColours(frame);
    await workbench.runCommand('View: Close All Editors');
    await workbench.setTheme('light');
    try {
      await openWith('Building Twins: Show Twin Graph…', EQUIPMENT);
      const light = await modelColours(await ready('twinGraph'));
      const shared = [...light.keys()].filter((model) => dark.has(model));
      console.log(`[metric] graphModelsShared=${shared.length}`);
      assert.ok(shared.length > 0, 'the two graphs share models');
      assert.deepEqual(
        shared.filter((m) => dark.get(m) !== light.get(m)).map((m) => `${m}: ${dark.get(m)} → ${light.get(m)}`),
        [],
      );
    } finally {
      await workbench.setTheme('dark');
    }
  });

  /** Each model's colour, as the legend beside the graph shows it (the nodes take the same colour). */
  async function modelColours(frame: FrameLocator): Promise<Map<string, string>> {
    const pairs = await frame
      .locator('.legend li')
      .evaluateAll((items) =>
        items.map((li) => [
          li.getAttribute('title') ?? '',
          getComputedStyle(li.querySelector('.swatch')!).backgroundColor,
        ]),
      );
    return new Map(pairs as Array<[string, string]>);
  }

  it('request results: tabs, toolbar and table columns within the panel at each width', async () => {
    const page = workbench.page;
    await page.keyboard.press('Control+P');
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill('sample-building.twinq.json');
    await workbench.quickInput.locator('.monaco-list-row').first().waitFor();
    await page.keyboard.press('Enter');
    const run = page.locator('.codelens-decoration a', { hasText: /^Run$/ }).first();
    await run.waitFor({ timeout: 60_000 });
    await run.click();
    const frame = await workbench.webview('body[data-panel="requestResults"]', 60_000);
    await frame.locator('body[data-state="ready"]').waitFor({ timeout: 60_000 });
    for (const width of WIDTHS) {
      await setPanelWidth(frame, width);
      const problems = [
        ...(await layoutProblems(frame, '.tabs .tab, .toolbar .group > *, .table-wrap', 16)),
        ...(await layoutProblems(frame, '#results-table thead th', 24)).filter((p) => !/past the edge/.test(p)),
      ];
      assert.deepEqual(problems, [], `at ${width} px`);
    }
  });
});
