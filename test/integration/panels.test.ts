import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ResponseMessage } from '../../src/webviews/shared/bridgeProtocol';
import { INSIGHTS_VIEW_TYPE } from '../../src/webviews/insights/insightsProtocol';
import { TIME_SERIES_VIEW_TYPE } from '../../src/webviews/timeSeries/timeSeriesProtocol';
import { MODEL_GRAPH_VIEW_TYPE } from '../../src/webviews/modelGraph/modelGraphProtocol';
import { TWIN_GRAPH_VIEW_TYPE } from '../../src/webviews/twinGraph/twinGraphProtocol';
import { PANEL_RESTORERS } from '../../src/extension/panels/host/panelSerializers';
import { TwinNode } from '../../src/extension/twins/twinNode';
import { clearRequests, emulatorUrl, eventually, extensionApi, LOCAL, requests } from './explorerHelpers';

const CAPABILITY = 'HP-AHU-1-SAT';
const EQUIPMENT = 'HP-AHU-1';

interface Host {
  panel: vscode.WebviewPanel;
  bridge: { handle(message: unknown): Promise<ResponseMessage | undefined> };
}

let nextId = 1;
async function ask<T>(host: Host, method: string, params: unknown = {}): Promise<T> {
  const reply = await host.bridge.handle({ kind: 'request', id: nextId++, method, params });
  assert.ok(reply, `no reply to ${method}`);
  if (!reply.ok) throw new Error(reply.error);
  return reply.result as T;
}

async function twinNode(id: string): Promise<TwinNode> {
  const api = await extensionApi();
  // The tree lists its connections now: an earlier test may have left it empty (an emulator stopped and started).
  await api.context.tree.getChildren();
  const conn = api.context.tree.connectionNode(LOCAL);
  assert.ok(conn, 'the local connection node exists');
  const twin = await (await api.context.getActiveClient()).getTwin(id);
  return new TwinNode(conn, conn, twin, undefined);
}

describe('webview panels', () => {
  const opened: vscode.WebviewPanel[] = [];

  before(function () {
    emulatorUrl(this);
  });

  afterEach(() => {
    for (const panel of opened.splice(0)) panel.dispose();
  });

  async function command(id: string, ...args: unknown[]): Promise<Host> {
    const host = await vscode.commands.executeCommand<Host | undefined>(id, ...args);
    const api = await extensionApi();
    assert.ok(host, `${id} returned no panel (last error: ${api.takeLastError()?.message})`);
    opened.push(host.panel);
    return host;
  }

  it('opens the time series of a capability id; its webview asks the host for data', async function () {
    const url = emulatorUrl(this);
    await clearRequests(url);
    const host = await command('buildingTwins.showTimeSeries', CAPABILITY);
    assert.equal(host.panel.viewType, TIME_SERIES_VIEW_TYPE);
    assert.match(host.panel.webview.html, /default-src 'none'/);
    assert.match(host.panel.webview.html, /script-src 'nonce-[^']+'/);
    assert.doesNotMatch(host.panel.webview.html, /unsafe-inline|unsafe-eval/);
    // The app loads in the webview and requests its range: the host fetches it from the emulator.
    await eventually(async () => {
      const log = await requests(url);
      assert.ok(
        log.some((r) => r.path.includes(`/time-series/${CAPABILITY}`)),
        'time series fetched for the webview',
      );
    }, 30_000);
    const init = await ask<{ series: Array<{ twinId: string; unit?: string }> }>(host, 'init');
    assert.deepEqual(
      init.series.map((s) => [s.twinId, s.unit]),
      [[CAPABILITY, '°C']],
    );
    const end = Date.now();
    const load = await ask<{ series: Array<{ x: number[]; rawCount: number }> }>(host, 'load', {
      start: end - 86_400_000,
      end,
      width: 300,
    });
    assert.ok(load.series[0].rawCount > 0);
    assert.ok(load.series[0].x.length <= 600);
  });

  it('opens the time series of all capabilities of an equipment tree node', async () => {
    const host = await command('buildingTwins.showTimeSeries', await twinNode(EQUIPMENT));
    const init = await ask<{ twinIds: string[] }>(host, 'init');
    assert.ok(init.twinIds.includes(CAPABILITY), `capabilities of ${EQUIPMENT}: ${init.twinIds.join(', ')}`);
    assert.ok(!init.twinIds.includes(EQUIPMENT));
  });

  it("hands the panel each capability's unit, so a room's °C, people and ppm series get an axis each", async () => {
    const host = await command('buildingTwins.showTimeSeries', 'HP-L02-R03');
    const init = await ask<{ series: Array<{ twinId: string; unit?: string }> }>(host, 'init');
    assert.deepEqual([...new Set(init.series.map((s) => s.unit))].sort(), ['people', 'ppm', '°C']);
  });

  it('from the palette, Show Twin Graph… and Show Time Series… look twins up as Go to Twin… does', async () => {
    const api = await extensionApi();
    try {
      let script = api.useScriptedInput([EQUIPMENT]);
      const graph = await command('buildingTwins.showTwinGraph');
      assert.deepEqual(script.kinds, ['pick'], 'a live lookup, not an input box for a bare id');
      assert.deepEqual(script.prompts, ['Graph around which twin?']);
      assert.equal(graph.panel.viewType, TWIN_GRAPH_VIEW_TYPE);
      assert.match(graph.panel.title, new RegExp(EQUIPMENT));

      script = api.useScriptedInput([CAPABILITY]);
      const series = await command('buildingTwins.showTimeSeries');
      assert.deepEqual(script.kinds, ['pick']);
      assert.equal(series.panel.viewType, TIME_SERIES_VIEW_TYPE);

      // Equipment charts the sensors it hosts: a VAV box has no capability of its own, its zone's sensor is hostedBy it.
      api.useScriptedInput(['HP-L03-VAV1']);
      const hosted = await command('buildingTwins.showTimeSeries');
      assert.equal(hosted.panel.viewType, TIME_SERIES_VIEW_TYPE);

      // A twin with no capability is found too, and the command says it has nothing to chart.
      const building = 'BLD-HP';
      api.useScriptedInput([building]);
      const none = await vscode.commands.executeCommand<Host | undefined>('buildingTwins.showTimeSeries');
      if (none) opened.push(none.panel);
      assert.equal(none, undefined, 'no panel for a twin without capabilities');
      assert.match(
        api.takeLastError()?.message ?? '',
        /^No capability twins found for BLD-HP: no twin points at it with isCapabilityOf or hostedBy$/,
      );
    } finally {
      api.useVsCodeInput();
    }
  });

  it("opens Chart, Graph and Insights from an open twin document's title, on that twin", async () => {
    const uri = vscode.Uri.from({ scheme: 'buildingtwins', path: `/${LOCAL}/twins/${EQUIPMENT}.json` });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // The editor title passes the document's URI and an editor group context.
    const graph = await command('buildingTwins.showTwinGraph', uri, { groupId: 1 });
    assert.match(graph.panel.title, new RegExp(EQUIPMENT));
    const series = await command('buildingTwins.showTimeSeries', uri, { groupId: 1 });
    const init = await ask<{ twinIds: string[] }>(series, 'init');
    assert.ok(init.twinIds.includes(CAPABILITY), `capabilities of ${EQUIPMENT}: ${init.twinIds.join(', ')}`);
    const insights = await command('buildingTwins.showInsights', uri, { groupId: 1 });
    assert.equal(insights.panel.viewType, INSIGHTS_VIEW_TYPE);
    assert.equal((await ask<{ scopeTwinId?: string }>(insights, 'init')).scopeTwinId, EQUIPMENT);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('answers a bad request with an error the panel shows, not a crash', async () => {
    const host = await command('buildingTwins.showTimeSeries', CAPABILITY);
    const reply = await host.bridge.handle({
      kind: 'request',
      id: 99,
      method: 'load',
      params: { start: 5, end: 1, width: 100 },
    });
    assert.equal(reply?.ok, false);
    assert.match(reply && !reply.ok ? reply.error : '', /must be before its end/);
  });

  it('opens the insights of the connection from the tree group and pages roots with their children', async () => {
    const api = await extensionApi();
    const host = await command('buildingTwins.showInsights', await api.findNode([LOCAL, 'Insights']));
    assert.equal(host.panel.viewType, INSIGHTS_VIEW_TYPE);
    const page = await ask<{ rows: Array<{ root: { scenarioId: unknown }; children: unknown[] }>; total: number }>(
      host,
      'list',
      { page: 1, pageSize: 10, filters: [] },
    );
    assert.equal(page.rows.length, Math.min(10, page.total));
    assert.ok(page.rows.every((r) => r.root.scenarioId === null || r.root.scenarioId === undefined));
    assert.ok(
      page.rows.some((r) => r.children.length > 0),
      'some roots have children',
    );
  });

  it('opens the insights of one twin (and the twins under it) from a twin node', async () => {
    const host = await command('buildingTwins.showInsights', await twinNode(EQUIPMENT));
    const init = await ask<{ scopeTwinId?: string }>(host, 'init');
    assert.equal(init.scopeTwinId, EQUIPMENT);
    type Row = { root: { twinId?: string }; children: Array<{ twinId?: string }> };
    const page = await ask<{ rows: Row[]; total: number }>(host, 'list', { page: 1, pageSize: 50, filters: [] });
    const client = await (await extensionApi()).context.getActiveClient();
    const scope = new Set([EQUIPMENT]);
    for await (const twin of client.iterateTwins({ locationFilter: { locationId: EQUIPMENT } })) scope.add(twin.id);
    assert.ok(page.rows.length > 0, `${EQUIPMENT} has insights in the sample`);
    for (const row of page.rows) {
      assert.ok(
        [row.root, ...row.children].some((i) => scope.has(i.twinId ?? '')),
        'every row concerns a twin in scope',
      );
    }
    const all = await client.listInsights({ page: 1, pageSize: 1 });
    assert.ok(page.total < all.total, `scoped total ${page.total} is below the connection's ${all.total}`);
  });

  it('opens the insights with one insight in focus from an insight tree node', async () => {
    const api = await extensionApi();
    const group = await api.findNode([LOCAL, 'Insights']);
    const [first] = await group.getChildren();
    const insightId = (first as unknown as { insight?: { id: string } }).insight?.id;
    assert.ok(insightId, 'the Insights group lists insight nodes');
    const host = await command('buildingTwins.showInsights', first);
    const init = await ask<{ focusInsightId?: string; scopeTwinId?: string }>(host, 'init');
    assert.equal(init.focusInsightId, insightId);
    assert.equal(init.scopeTwinId, undefined);
    assert.equal((await ask<{ id: string }>(host, 'insight', { id: insightId })).id, insightId);
  });

  it('opens the twin graph from an id and from a tree node, root always present', async () => {
    const byId = await command('buildingTwins.showTwinGraph', EQUIPMENT);
    assert.equal(byId.panel.viewType, TWIN_GRAPH_VIEW_TYPE);
    const graph = await ask<{ rootId: string; nodes: Array<{ id: string }> }>(byId, 'graph', {
      rootId: EQUIPMENT,
      hops: { relationshipNames: ['isCapabilityOf'], direction: 'Incoming', depth: 1 },
    });
    assert.equal(graph.rootId, EQUIPMENT);
    assert.ok(graph.nodes.some((n) => n.id === CAPABILITY));
    const byNode = await command('buildingTwins.showTwinGraph', await twinNode(CAPABILITY));
    const lonely = await ask<{ nodes: Array<{ id: string }> }>(byNode, 'graph', {
      rootId: CAPABILITY,
      hops: { relationshipNames: ['hasLease'], direction: 'Outgoing', depth: 1 },
    });
    assert.deepEqual(
      lonely.nodes.map((n) => n.id),
      [CAPABILITY],
    );
  });

  it('exports the drawn twins for ADT Explorer and the canvas as a PNG, to the file the user picks, and nothing else', async () => {
    const api = await extensionApi();
    const dir = mkdtempSync(join(tmpdir(), 'graph-export-'));
    const host = await command('buildingTwins.showTwinGraph', EQUIPMENT);
    const graph = await ask<{ nodes: Array<{ id: string }> }>(host, 'graph', {
      rootId: EQUIPMENT,
      hops: { relationshipNames: ['isCapabilityOf'], direction: 'Incoming', depth: 1 },
    });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const script = api.useScriptedInput([join(dir, 'graph.json'), join(dir, 'graph.png')]);
    try {
      const twinIds = graph.nodes.map((n) => n.id);
      const saved = await ask<{ saved: boolean; twins: number; relationships: number }>(host, 'exportJson', {
        twinIds,
      });
      assert.deepEqual(saved, { saved: true, twins: twinIds.length, relationships: twinIds.length - 1 });
      const file = JSON.parse(readFileSync(join(dir, 'graph.json'), 'utf8'));
      assert.deepEqual(file.digitalTwinsFileInfo, { fileVersion: '1.0.0' });
      assert.ok(file.digitalTwinsGraph.digitalTwins.some((t: { $dtId: string }) => t.$dtId === EQUIPMENT));
      assert.ok(file.digitalTwinsGraph.relationships.every((r: { $targetId: string }) => r.$targetId === EQUIPMENT));
      assert.ok(file.digitalTwinsModels.length > 0, 'the models the twins need');
      await ask(host, 'exportPng', { png: `data:image/png;base64,${png.toString('base64')}` });
      assert.deepEqual(readFileSync(join(dir, 'graph.png')), png);
      for (const [method, params] of [
        ['exportJson', { twinIds: ['NOT-DRAWN'] }],
        ['exportPng', { png: 'data:text/html;base64,PHNjcmlwdD4=' }],
      ] as const) {
        const reply = await host.bridge.handle({ kind: 'request', id: nextId++, method, params });
        assert.equal(reply?.ok, false, `${method} was answered`);
      }
      assert.equal(script.remaining, 0, 'no dialog for a refused export');
      assert.deepEqual(readdirSync(dir).sort(), ['graph.json', 'graph.png']);
    } finally {
      api.useVsCodeInput();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws several roots together from a multi-selection', async () => {
    const [a, b] = [await twinNode(EQUIPMENT), await twinNode(CAPABILITY)];
    const host = await command('buildingTwins.showTwinGraph', a, [a, b]);
    const init = await ask<{ rootId: string; otherRootIds: string[] }>(host, 'init');
    assert.deepEqual([init.rootId, init.otherRootIds], [EQUIPMENT, [CAPABILITY]]);
    assert.equal(host.panel.title, `Twin graph: ${EQUIPMENT} and 1 more`);
    const alone = await command('buildingTwins.showTwinGraph', b, [a]);
    assert.deepEqual(
      (await ask<{ otherRootIds: string[] }>(alone, 'init')).otherRootIds,
      [],
      'a row outside the selection is drawn alone',
    );
  });

  it('asks for a twin id when run from the palette without arguments', async () => {
    const api = await extensionApi();
    const script = api.useScriptedInput([EQUIPMENT]);
    try {
      const host = await command('buildingTwins.showTwinGraph');
      assert.equal((await ask<{ rootId: string }>(host, 'init')).rootId, EQUIPMENT);
      assert.equal(script.remaining, 0);
    } finally {
      api.useVsCodeInput();
    }
  });

  it('restores each panel kind from its saved webview state', async () => {
    const api = await extensionApi();
    const manifest = vscode.extensions.getExtension('building-twins.building-twins')!.packageJSON as {
      activationEvents: string[];
    };
    const states: Record<string, unknown> = {
      [TIME_SERIES_VIEW_TYPE]: { connection: LOCAL, twinIds: [CAPABILITY], preset: '7d' },
      [INSIGHTS_VIEW_TYPE]: { connection: LOCAL, scopeTwinId: EQUIPMENT, scopeLabel: 'AHU 1' },
      [TWIN_GRAPH_VIEW_TYPE]: {
        connection: LOCAL,
        rootId: EQUIPMENT,
        otherRootIds: [CAPABILITY, 7, EQUIPMENT],
        hops: { relationshipNames: [], direction: 'Outgoing', depth: 2 },
      },
      [MODEL_GRAPH_VIEW_TYPE]: {
        connection: LOCAL,
        rootIds: ['dtmi:com:buildingtwins:sample:VAVBox;1', 7, 'not a dtmi'],
        options: { depth: 3, direction: 'both', kinds: ['extends'] },
      },
    };
    for (const [viewType, restore] of PANEL_RESTORERS) {
      assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${viewType}`), `activation event for ${viewType}`);
      const panel = vscode.window.createWebviewPanel(viewType, 'restored', vscode.ViewColumn.Active, {
        enableScripts: true,
      });
      opened.push(panel);
      const host = restore(api.context, panel, states[viewType]) as Host;
      const init = await ask<Record<string, unknown>>(host, 'init');
      const source = init.source as { connection?: string } | undefined;
      assert.equal(viewType === MODEL_GRAPH_VIEW_TYPE ? source?.connection : init.connection, LOCAL);
      if (viewType === TIME_SERIES_VIEW_TYPE) assert.deepEqual(init.twinIds, [CAPABILITY]);
      if (viewType === INSIGHTS_VIEW_TYPE) assert.equal(init.scopeTwinId, EQUIPMENT);
      if (viewType === TWIN_GRAPH_VIEW_TYPE)
        assert.deepEqual(
          [init.hops, init.otherRootIds],
          [{ relationshipNames: [], direction: 'Outgoing', depth: 2 }, [CAPABILITY]],
        );
      if (viewType === MODEL_GRAPH_VIEW_TYPE)
        assert.deepEqual(
          [init.rootIds, init.options],
          [['dtmi:com:buildingtwins:sample:VAVBox;1'], { depth: 3, direction: 'both', kinds: ['extends'] }],
        );
    }
    const outside = vscode.window.createWebviewPanel(MODEL_GRAPH_VIEW_TYPE, 'outside', vscode.ViewColumn.Active, {});
    opened.push(outside);
    assert.throws(
      () =>
        PANEL_RESTORERS.find(([v]) => v === MODEL_GRAPH_VIEW_TYPE)![1](api.context, outside, {
          folder: '/',
          rootIds: [],
        }),
      /folder outside the workspace/,
    );
    const broken = vscode.window.createWebviewPanel(TWIN_GRAPH_VIEW_TYPE, 'broken', vscode.ViewColumn.Active, {});
    opened.push(broken);
    assert.throws(
      () => PANEL_RESTORERS.find(([v]) => v === TWIN_GRAPH_VIEW_TYPE)![1](api.context, broken, {}),
      /names no root twin/,
    );
  });
});
