import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { BuildingTwinsClient } from '../../src/core/api/client';
import { Workbench } from './workbench';

const CAPABILITY = 'HP-AHU-1-SAT';
const EQUIPMENT = 'HP-AHU-1';
/** Temperature (°C), occupancy (people) and CO2 (ppm) capabilities point at it. */
const MEETING_ROOM = 'HP-L02-R03';
const XSS_TWIN = 'XSS-CAP-1';
/** Insight ids are GUIDs. */
const XSS_ROOT_INSIGHT = '5e5e5e5e-0000-4000-8000-000000000001';
const XSS_CHILD_INSIGHT = '5e5e5e5e-0000-4000-8000-000000000002';
// Each payload would set window.__xss (or open a dialog) if it were ever parsed as HTML.
const PAYLOADS = {
  name: '<img src=x onerror="window.__xss=1;alert(1)">',
  unit: '</script><script>window.__xss=2</script>',
  site: '"><svg onload="window.__xss=3">',
};

/** The panel pictures the README shows (docs/images). */
const README_PANEL_IMAGES = ['timeseries-dark', 'insights-light', 'graph-dark'];

interface GraphView {
  zoom: number;
  width: number;
  height: number;
  nodes: Array<{
    id: string;
    root: boolean;
    /** One hop from the root. */
    ring: boolean;
    label: string;
    fontPx: number;
    model: { x: number; y: number };
    screen: { x: number; y: number };
  }>;
}

describe('webview panels in the workbench', () => {
  let workbench: Workbench;
  let client: BuildingTwinsClient;
  const dialogs: string[] = [];
  const consoleHits: string[] = [];

  before(async () => {
    workbench = await Workbench.open({ theme: 'dark' });
    workbench.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    workbench.page.on('console', (m) => {
      if (/__xss/.test(m.text())) consoleHits.push(m.text());
    });
    client = new BuildingTwinsClient({
      baseUrl: workbench.emulator!.url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
    });
    await workbench.openView();
  });

  after(async () => workbench?.close());

  afterEach(async () => {
    await workbench.runCommand('View: Close All Editors');
  });

  async function openWith(title: string, twinId?: string): Promise<void> {
    await workbench.runCommand(title);
    if (twinId === undefined) return;
    const input = workbench.quickInput.locator('input[type="text"]').first();
    await input.waitFor({ state: 'visible' });
    await input.fill(twinId);
    // The live lookup (as in Go to Twin…) lists the twin once the typing has paused: pick it.
    await workbench.quickInput.locator('.monaco-list-row', { hasText: twinId }).first().waitFor({ timeout: 30_000 });
    await workbench.page.keyboard.press('Enter');
  }

  async function ready(panel: string): Promise<FrameLocator> {
    const frame = await workbench.webview(`body[data-panel="${panel}"]`, 60_000);
    await frame
      .locator('body[data-state="ready"], body[data-state="empty"], body[data-state="error"]')
      .first()
      .waitFor({ timeout: 60_000 });
    const state = await frame.locator('body').getAttribute('data-state');
    const status = await frame.locator('.status').first().textContent();
    assert.equal(state, 'ready', `panel ${panel} ended in state ${state}: ${status}`);
    return frame;
  }

  /** The toolkit's controls are defined and their shadow styles applied under the panel's strict CSP. */
  async function assertStyledControls(frame: FrameLocator): Promise<void> {
    const styled = await frame
      .locator('vscode-button:not([secondary])')
      .first()
      .evaluate((button) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--vscode-button-background)';
        document.body.append(probe);
        const expected = getComputedStyle(probe).backgroundColor;
        probe.remove();
        const face = button.shadowRoot?.querySelector('.base');
        return {
          defined: customElements.get('vscode-button') !== undefined,
          sheets: button.shadowRoot?.adoptedStyleSheets.length ?? 0,
          background: face ? getComputedStyle(face).backgroundColor : 'no face',
          expected,
        };
      });
    assert.ok(
      styled.defined && styled.sheets > 0,
      `vscode-button defined with adopted styles: ${JSON.stringify(styled)}`,
    );
    assert.equal(
      styled.background,
      styled.expected,
      `the button face takes the theme's button colour: ${JSON.stringify(styled)}`,
    );
    assert.notEqual(styled.background, 'rgba(0, 0, 0, 0)');
  }

  /** Each panel's picture in both themes; the README's (README_PANEL_IMAGES) are also copied for it (readmeImage). */
  async function screenshots(name: string): Promise<void> {
    for (const theme of ['dark', 'light'] as const) {
      const file = `${name}-${theme}`;
      await (README_PANEL_IMAGES.includes(file)
        ? workbench.readmeImage(file, theme)
        : workbench.screenshot(file, theme));
    }
    await workbench.setTheme('dark');
  }

  it('draws the chart canvas with data for a sample capability', async () => {
    await openWith('Building Twins: Show Time Series…', CAPABILITY);
    const frame = await ready('timeSeries');
    const points = Number(await frame.locator('body').getAttribute('data-point-count'));
    assert.ok(points > 0, `points drawn: ${points}`);
    const inked = await frame
      .locator('.uplot canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const ctx = canvas.getContext('2d')!;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
    assert.ok(inked > 500, `painted pixels on the chart canvas: ${inked}`);
    assert.match((await frame.locator('.u-legend').textContent()) ?? '', /°C/);
    await assertStyledControls(frame);
    await screenshots('timeseries');

    // Drag across the middle of the chart: the panel fetches that finer range.
    const before = await frame.locator('input[aria-label^="Custom range start"]').inputValue();
    const box = (await frame.locator('.uplot .u-over').boundingBox())!;
    await workbench.page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await workbench.page.mouse.down();
    await workbench.page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await workbench.page.mouse.up();
    await frame.locator('vscode-button[data-preset="24h"][aria-pressed="false"]').waitFor();
    await frame.locator('body[data-state="ready"]').waitFor();
    const after = await frame.locator('input[aria-label^="Custom range start"]').inputValue();
    assert.ok(Date.parse(after) > Date.parse(before), `zoomed range starts later: ${before} -> ${after}`);

    // A narrower window refetches the range for the new chart width once the resize settles.
    const width = Number(await frame.locator('body').getAttribute('data-chart-width'));
    const viewport = workbench.page.viewportSize()!;
    await workbench.page.setViewportSize({ width: viewport.width - 400, height: viewport.height });
    let narrower = width;
    try {
      await frame.locator(`body[data-state="ready"]:not([data-chart-width="${width}"])`).waitFor({ timeout: 30_000 });
      narrower = Number(await frame.locator('body').getAttribute('data-chart-width'));
      assert.ok(narrower < width - 300, `chart width after the resize: ${width} -> ${narrower}`);
    } finally {
      await workbench.page.setViewportSize(viewport);
    }
    await frame.locator(`body[data-state="ready"]:not([data-chart-width="${narrower}"])`).waitFor({ timeout: 30_000 });

    // Live mode picks up a value sent after the panel opened.
    await frame.locator('vscode-checkbox#live').click();
    await frame.locator('vscode-checkbox#live[checked]').waitFor();
    // It says it is polling, for as long as it does.
    await frame.locator('.status', { hasText: /^Live: new values are read every 5 s$/ }).waitFor();
    await client.sendTimeSeries([
      { connectorId: 'CON-E2E', dtId: CAPABILITY, sourceTimestamp: new Date().toISOString(), scalarValue: 99.5 },
    ]);
    await frame.locator('.latest li', { hasText: '99.50 °C' }).waitFor({ timeout: 30_000 });
    await frame.locator('vscode-checkbox#live').click();
    await frame.locator('vscode-checkbox#live:not([checked])').waitFor();
    assert.equal(await frame.locator('.status', { hasText: /^Live/ }).count(), 0, 'no sign once it stops');
  });

  it('shows impact scores as a table, resizes a column and finds text in the loaded rows without a request', async () => {
    await openWith('Building Twins: Show Insights');
    const frame = await ready('insights');
    await frame.locator('tbody tr.root').first().click();
    const impact = frame.locator('.detail table.impact');
    await impact.waitFor();
    assert.ok((await impact.locator('tbody tr').count()) > 0);
    assert.match((await impact.textContent()) ?? '', /USD|kWh/);
    assert.equal(await frame.locator('.detail pre', { hasText: '"value"' }).count(), 0, 'no raw JSON of the scores');

    const nameHeader = frame.locator('th[data-field="name"]');
    const before = (await nameHeader.boundingBox())!.width;
    await frame.locator('th[data-field="name"] .col-resizer').focus();
    for (let i = 0; i < 3; i++) await frame.locator('th[data-field="name"] .col-resizer').press('ArrowRight');
    const after = (await nameHeader.boundingBox())!.width;
    assert.ok(after > before + 30, `name column ${before} -> ${after} px`);

    const name = (await frame.locator('tbody tr.root td[data-field="name"]').first().textContent()) ?? '';
    const needle = name.split(/\s+/).find((w) => w.length >= 4) ?? name.slice(0, 4);
    const find = frame.locator('input[aria-label="Find in the loaded rows"]');
    await find.fill(needle.toUpperCase());
    await frame.locator('body[data-find-matches]:not([data-find-matches="0"])').waitFor();
    assert.equal(
      await frame.locator('body').getAttribute('data-state'),
      'ready',
      'find sends no request (the panel never went loading)',
    );
    // A row shown either matches or is a root opened to show a matching child.
    const shown = await frame
      .locator('table.insights tbody tr:not(.find-miss):not([hidden])')
      .evaluateAll((trs) =>
        trs.map((tr) => ({ text: tr.textContent ?? '', open: tr.getAttribute('aria-expanded') === 'true' })),
      );
    assert.ok(shown.some((r) => r.text.toLowerCase().includes(needle.toLowerCase())));
    for (const row of shown)
      assert.ok(
        row.open || row.text.toLowerCase().includes(needle.toLowerCase()),
        `"${row.text}" contains "${needle}"`,
      );
    assert.ok((await frame.locator('table.insights tbody mark').count()) > 0, 'matches highlighted');
    await workbench.screenshot('insights-find');
    assert.match((await frame.locator('.find-count').textContent()) ?? '', /\d+ match(es)? in \d+ of \d+ loaded rows/);
    await find.fill('');
    await frame.locator('body[data-find-matches="0"]').waitFor();
    assert.equal(await frame.locator('table.insights tbody tr.find-miss').count(), 0);
  });

  it('shows 10 root insights with their children by default', async () => {
    await openWith('Building Twins: Show Insights');
    const frame = await ready('insights');
    assert.equal(await frame.locator('tbody tr.root').count(), 10);
    const expandable = frame.locator('tbody tr.root[aria-expanded="false"]').first();
    const children = Number(await expandable.locator('.count').textContent());
    assert.ok(children > 0, 'roots show how many children they have');
    await expandable.locator('button.toggle').click();
    await frame.locator('tbody tr.root[aria-expanded="true"]').first().waitFor();
    assert.equal(
      await frame.locator('tbody tr.child:visible').count(),
      children,
      'the expanded root shows its children under it',
    );
    await frame.locator('tbody tr.root').first().click();
    await frame.locator('.detail dt', { hasText: 'scenarioId' }).waitFor();
    await assertStyledControls(frame);
    // At the panel's default width: every header whole, no word broken across lines (a line may end after a hyphen),
    // a cut value ends in an ellipsis and its whole text is in the cell's title.
    const layout = await frame.locator('table.insights').evaluate((table) => {
      const cutHeaders = [...table.querySelectorAll<HTMLElement>('th button.sort')]
        .filter((b) => b.scrollWidth > b.clientWidth + 1)
        .map((b) => b.textContent);
      const brokenWords: string[] = [];
      const cutWithoutTitle: string[] = [];
      for (const td of table.querySelectorAll<HTMLElement>('tbody tr:not([hidden]) td[data-field]')) {
        if (td.offsetParent === null) continue;
        const style = getComputedStyle(td);
        if (
          td.scrollWidth > td.clientWidth + 1 &&
          (style.textOverflow !== 'ellipsis' || !td.title.includes(td.textContent ?? ''))
        )
          cutWithoutTitle.push(td.textContent ?? '');
        const node = td.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) brokenWords.push(m[0]);
        }
      }
      // Every column within the panel's visible width: none runs past its edge (to be scrolled to).
      const visibleRight = Math.min(
        document.documentElement.clientWidth,
        table.parentElement!.getBoundingClientRect().right,
      );
      const pastEdge = [...table.querySelectorAll<HTMLElement>('thead th')]
        .filter((th) => th.getBoundingClientRect().right > visibleRight + 1)
        .map(
          (th) => `${th.textContent} (${Math.round(th.getBoundingClientRect().right)} > ${Math.round(visibleRight)})`,
        );
      // Name and Twin share what the short columns leave (each short column as wide as its header needs).
      const wide = ['name', 'twinName'].map((f) =>
        Math.round(table.querySelector(`thead th[data-field="${f}"]`)!.getBoundingClientRect().width),
      );
      return { cutHeaders, brokenWords, cutWithoutTitle, pastEdge, wide };
    });
    const { wide, ...whole } = layout;
    assert.deepEqual(whole, { cutHeaders: [], brokenWords: [], cutWithoutTitle: [], pastEdge: [] });
    console.log(`[metric] insightsNameTwinPx=${wide.join(',')}`);
    assert.ok(
      wide.every((px) => px >= 95),
      `Name and Twin are at least 95 px wide at the default width: ${wide}`,
    );
    await screenshots('insights');

    // A filter typed into the toolkit text field (default field "status", operator "="), added with Enter.
    const value = frame.locator('input[aria-label="Filter value"]');
    await value.fill('open');
    await value.press('Enter');
    await frame.locator('button.chip', { hasText: 'status = open' }).waitFor();
    await frame.locator('body[data-state="ready"]').waitFor();
    const statuses = await frame.locator('tbody tr.root td[data-field="status"]').allTextContents();
    assert.ok(
      statuses.length > 0 && statuses.every((s) => s === 'Open'),
      `statuses after the filter: ${statuses.join(', ')}`,
    );
  });

  it('shows the root of the twin graph', async () => {
    await openWith('Building Twins: Show Twin Graph…', EQUIPMENT);
    const frame = await ready('twinGraph');
    assert.equal(await frame.locator('body').getAttribute('data-root-id'), EQUIPMENT);
    await frame.locator(`.node-list button[data-id="${EQUIPMENT}"]`).waitFor();
    assert.ok(Number(await frame.locator('body').getAttribute('data-node-count')) > 1);
    await assertStyledControls(frame);
    await screenshots('graph');
    // Find in graph marks the VAV boxes; the table beside the graph lists every drawn relationship.
    await frame.locator('vscode-textfield.search input').fill('VAV');
    await frame.locator('body[data-match-count="10"]').waitFor();
    assert.equal(await frame.locator('.node-list button.match').count(), 10);
    const rows = await frame.locator('table.relationships tbody tr').count();
    assert.match(String(await frame.locator('.status').textContent()), /^10 of \d+ twins match "VAV"$/);
    assert.ok(rows >= 14, `relationship rows: ${rows}`);
    await workbench.screenshot('graph-find-vav');
    await frame.locator('vscode-textfield.search input').fill('');
    // The other layouts, chosen in the panel: the whole graph is laid out again, nothing is fetched.
    const count = await frame.locator('body').getAttribute('data-node-count');
    for (const layout of ['hierarchical', 'forceDirected']) {
      await frame.locator('.layout-choice').evaluate((select, value) => {
        (select as HTMLSelectElement).value = value;
        select.dispatchEvent(new Event('change'));
      }, layout);
      await frame.locator(`body[data-layout="${layout}"]`).waitFor();
      assert.equal(await frame.locator('body').getAttribute('data-node-count'), count);
      await screenshots(`graph-${layout}`);
    }
  });

  /** Whether a point on screen is inside the graph's canvas. */
  function inViewOf(view: GraphView, p: { x: number; y: number }): boolean {
    return p.x >= 0 && p.x <= view.width && p.y >= 0 && p.y <= view.height;
  }

  /** What the graph's canvas shows now, read from its cytoscape instance (the canvas has no DOM of its own). */
  async function graphView(frame: FrameLocator): Promise<GraphView> {
    return frame.locator('.graph').evaluate((host) => {
      type Node = {
        id(): string;
        data(key: string): unknown;
        style(key: string): string;
        position(): { x: number; y: number };
        renderedPosition(): { x: number; y: number };
      };
      type Nodes = { map<T>(f: (n: Node) => T): T[] };
      const cy = (
        host as unknown as {
          _cyreg: {
            cy: {
              zoom(): number;
              width(): number;
              height(): number;
              nodes(): Nodes;
              getElementById(id: string): { neighborhood(): { nodes(): Nodes } };
            };
          };
        }
      )._cyreg.cy;
      const root = document.body.dataset.rootId ?? '';
      const ring = new Set(
        cy
          .getElementById(root)
          .neighborhood()
          .nodes()
          .map((n) => n.id()),
      );
      return {
        zoom: cy.zoom(),
        width: cy.width(),
        height: cy.height(),
        nodes: cy.nodes().map((n) => ({
          id: n.id(),
          root: n.id() === root,
          ring: ring.has(n.id()),
          label: String(n.data('label') ?? ''),
          fontPx: parseFloat(n.style('font-size')),
          model: n.position(),
          screen: n.renderedPosition(),
        })),
      };
    });
  }

  it('opens the twin graph at 2 hops with legible labels around the root, and wraps wide hierarchy rows', async () => {
    await openWith('Building Twins: Show Twin Graph…', EQUIPMENT);
    const frame = await ready('twinGraph');
    const oneHop = Number(await frame.locator('body').getAttribute('data-node-count'));
    await frame.locator('vscode-textfield.depth').evaluate((field) => {
      (field as HTMLInputElement).value = '2';
    });
    await frame.locator('vscode-button', { hasText: 'Draw' }).click();
    await frame.locator('body[data-state="ready"]').waitFor();
    await frame.locator(`body:not([data-node-count="${oneHop}"])`).waitFor();

    const rings = await graphView(frame);
    const root = rings.nodes.find((n) => n.root)!;
    assert.ok(rings.nodes.length > oneHop, `2 hops show more twins: ${rings.nodes.length} > ${oneHop}`);
    assert.ok(root.label.length > 0, 'the root has its label');
    const labelPx = root.fontPx * rings.zoom;
    assert.ok(labelPx >= 9.5, `labels on screen at the opening zoom: ${labelPx.toFixed(1)} px (zoom ${rings.zoom})`);
    const inView = (p: { x: number; y: number }): boolean => inViewOf(rings, p);
    assert.ok(
      inView(root.screen),
      `the root is in view: ${JSON.stringify(root.screen)} of ${rings.width}×${rings.height}`,
    );
    const ring = rings.nodes.filter((n) => n.ring);
    const ringShown = ring.filter((n) => inView(n.screen)).length;
    assert.ok(ringShown >= ring.length * 0.75, `the first ring is in view: ${ringShown} of ${ring.length}`);
    await screenshots('graph-2-hops');

    await frame.locator('.layout-choice').evaluate((select) => {
      (select as HTMLSelectElement).value = 'hierarchical';
      select.dispatchEvent(new Event('change'));
    });
    await frame.locator('body[data-layout="hierarchical"]').waitFor();
    const hierarchy = await graphView(frame);
    const rows = new Map<number, number[]>();
    for (const n of hierarchy.nodes)
      rows.set(Math.round(n.model.y), [...(rows.get(Math.round(n.model.y)) ?? []), n.model.x]);
    const widest = Math.max(...[...rows.values()].map((xs) => Math.max(...xs) - Math.min(...xs)));
    const fullest = Math.max(...[...rows.values()].map((xs) => xs.length));
    assert.ok(fullest <= 6, `at most 6 twins side by side in a hierarchy row: ${fullest}`);
    assert.ok(widest <= 700, `the widest hierarchy row at zoom 1: ${Math.round(widest)} px`);
    const hierarchyPx = hierarchy.nodes[0].fontPx * hierarchy.zoom;
    assert.ok(hierarchyPx >= 9.5, `hierarchy labels on screen: ${hierarchyPx.toFixed(1)} px`);
    // The root sits at the end of its row: the view shows its first ring, with the root still in view.
    const hierarchyRoot = hierarchy.nodes.find((n) => n.root)!;
    const hierarchyRing = hierarchy.nodes.filter((n) => n.ring);
    const shown = hierarchyRing.filter((n) => inViewOf(hierarchy, n.screen)).length;
    assert.ok(
      inViewOf(hierarchy, hierarchyRoot.screen),
      `the root is in view: ${JSON.stringify(hierarchyRoot.screen)}`,
    );
    console.log(`[metric] hierarchyRingInView=${shown}/${hierarchyRing.length}`);
    await screenshots('graph-2-hops-hierarchical');
  });

  it("gives each unit of a room's capabilities its own y-axis, left and right in turn", async () => {
    await openWith('Building Twins: Show Time Series…', MEETING_ROOM);
    const frame = await ready('timeSeries');
    const axes = ((await frame.locator('.chart').getAttribute('data-y-axes')) ?? '').split('|');
    assert.deepEqual([...axes].sort(), ['left:°C', 'left:ppm', 'right:people'].sort(), `axes: ${axes.join(', ')}`);
    assert.deepEqual(
      axes.map((a) => a.split(':')[0]),
      ['left', 'right', 'left'],
    );
    assert.match(
      (await frame.locator('.chart').getAttribute('aria-description')) ?? '',
      /left axis: °C|left axis: ppm/,
    );
  });

  it('shows the drawn points of the visible range as a data table, one column per series', async () => {
    await openWith('Building Twins: Show Time Series…', MEETING_ROOM);
    const frame = await ready('timeSeries');
    assert.equal(await frame.locator('.data-table table').count(), 0);
    await frame.locator('#data-table-toggle').click();
    const table = frame.locator('.data-table table');
    await table.waitFor();
    assert.equal(await frame.locator('#data-table-toggle').getAttribute('aria-pressed'), 'true');
    const headings = await table.locator('thead th').allTextContents();
    assert.equal(headings.length, 4, `headings: ${headings.join(' | ')}`);
    assert.ok(
      headings.some((h) => h.endsWith('[ppm]')) && headings.some((h) => h.endsWith('[°C]')),
      headings.join(' | '),
    );
    const rows = await table.locator('tbody tr').count();
    const drawn = Number(await frame.locator('body').getAttribute('data-point-count'));
    assert.ok(rows > 0 && rows <= drawn, `table rows ${rows}, points drawn ${drawn}`);
    await workbench.screenshot('timeseries-units-table');
    assert.match(
      (await table.locator('caption').textContent()) ?? '',
      /points the chart draws \(downsampled from [\d,.\s]+ in range\)|all [\d,.\s]+ points in range \(none left out by downsampling\)/,
    );
    await frame.locator('#data-table-toggle').click();
    await frame.locator('.data-table[hidden]').waitFor({ state: 'attached' });
  });

  it('shows service strings literally and runs none of them', async () => {
    // Stored only now, so the screenshots of the earlier tests show the sample building alone.
    const capability = await client.getTwin(CAPABILITY);
    await client.putTwin({
      id: XSS_TWIN,
      modelId: capability.modelId,
      contents: { ...capability.contents, name: PAYLOADS.name, unit: PAYLOADS.unit, externalID: 'XSS-EXT-1' },
    });
    await client.putRelationship({ sourceId: XSS_TWIN, targetId: EQUIPMENT, name: 'isCapabilityOf' });
    const now = Date.now();
    await client.sendTimeSeries(
      Array.from({ length: 20 }, (_, i) => ({
        connectorId: 'CON-XSS',
        dtId: XSS_TWIN,
        sourceTimestamp: new Date(now - (20 - i) * 60_000).toISOString(),
        scalarValue: i,
      })),
    );
    await openWith('Building Twins: Show Time Series…', XSS_TWIN);
    const series = await ready('timeSeries');
    await series.locator('.latest .series-name', { hasText: PAYLOADS.name }).waitFor();
    assert.match((await series.locator('.u-legend').textContent()) ?? '', /<\/script><script>window.__xss=2<\/script>/);
    assert.equal(
      await series.locator('body').evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      undefined,
    );
    assert.equal(await series.locator('img[src="x"], svg[onload]').count(), 0);
    assert.equal(
      await series.locator('body').evaluate(() => [...document.scripts].filter((s) => s.text.includes('__xss')).length),
      0,
    );
    await workbench.runCommand('View: Close All Editors');

    await openWith('Building Twins: Show Twin Graph…', XSS_TWIN);
    const graph = await ready('twinGraph');
    const rootButton = graph.locator(`.node-list button[data-id="${XSS_TWIN}"]`);
    assert.equal(await rootButton.textContent(), PAYLOADS.name);
    assert.equal(await graph.locator('.details h2').textContent(), PAYLOADS.name);
    assert.equal(
      await graph.locator('body').evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      undefined,
    );
    assert.equal(await graph.locator('img[src="x"], svg[onload]').count(), 0);
    await workbench.runCommand('View: Close All Editors');

    // Insight text (seeded through the emulator's admin route: the service has no insight write) and a ticket
    // whose fields carry payloads, linked from the insight.
    const ticket = await client.createTicket({
      summary: PAYLOADS.name,
      description: PAYLOADS.unit,
      notes: PAYLOADS.site,
      twinId: XSS_TWIN,
    });
    const seeded = await fetch(`${workbench.emulator!.url.replace(/\/api\/v3$/, '')}/_emulator/insights`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${(await client.getToken()).access_token}`,
      },
      body: JSON.stringify([
        {
          id: XSS_ROOT_INSIGHT,
          scenarioId: null,
          name: `xss ${PAYLOADS.name}`,
          description: PAYLOADS.unit,
          recommendation: PAYLOADS.site,
          twinId: XSS_TWIN,
          twinName: PAYLOADS.name,
          type: PAYLOADS.site,
          status: 'open',
          priority: 1,
          ticketIds: [ticket.id],
        },
        {
          id: XSS_CHILD_INSIGHT,
          scenarioId: XSS_ROOT_INSIGHT,
          name: `xss child ${PAYLOADS.unit}`,
          twinId: XSS_TWIN,
          status: 'open',
          priority: 1,
        },
      ]),
    });
    assert.equal(seeded.status, 200, await seeded.text());
    await openWith('Building Twins: Show Insights');
    const insights = await ready('insights');
    await insights.locator('input[aria-label="Search insight names"]').fill('xss');
    const root = insights.locator('tbody tr.root', { hasText: PAYLOADS.name });
    await root.waitFor({ timeout: 30_000 });
    await root.locator('button.toggle').click();
    assert.equal(
      await insights.locator('tbody tr.child td[data-field="name"]').first().textContent(),
      `xss child ${PAYLOADS.unit}`,
    );
    await root.click();
    await insights.locator('.detail dd', { hasText: PAYLOADS.unit }).first().waitFor();
    await insights.locator('.detail vscode-button', { hasText: `Open ticket ${ticket.id}` }).waitFor();
    assert.equal(
      await insights.locator('body').evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      undefined,
    );
    assert.equal(await insights.locator('img[src="x"], svg[onload]').count(), 0);
    assert.equal(
      await insights
        .locator('body')
        .evaluate(() => [...document.scripts].filter((s) => s.text.includes('__xss')).length),
      0,
    );
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleHits, []);
  });
});
