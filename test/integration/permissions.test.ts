import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ResponseMessage } from '../../src/webviews/shared/bridgeProtocol';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import { extensionApi, setSetting, useLocalEmulator } from './explorerHelpers';

// A second emulator, started by the extension itself with buildingTwins.emulator.clientsFile, serves two
// restricted clients: one without Insights.Read and limited to the HP building, one without any permission.
const RESTRICTED = 'Restricted client';
const NOTHING = 'Client without permissions';
const SECRET = 'it-permissions-secret-3b8e';
const EVERY_PERMISSION_BUT_INSIGHTS = [
  'Models.Read',
  'Twins.Read',
  'Twins.Write',
  'TimeSeries.Read',
  'TimeSeries.Write',
  'Tickets.Read',
  'Tickets.Write',
  'Events.Read',
  'Events.Write',
];

interface Host {
  panel: vscode.WebviewPanel;
  bridge: { handle(message: unknown): Promise<ResponseMessage | undefined> };
}

async function labels(nodes: TreeNode[]): Promise<string[]> {
  return Promise.all(
    nodes.map(async (n) => {
      const label = (await n.getTreeItem()).label;
      return typeof label === 'string' ? label : (label?.label ?? '');
    }),
  );
}

async function childLabels(names: string[]): Promise<string[]> {
  return labels(await (await (await extensionApi()).findNode(names)).getChildren());
}

describe('connections whose client lacks permissions', function () {
  this.timeout(120_000);
  let dir: string;
  const opened: vscode.WebviewPanel[] = [];

  before(async () => {
    const api = await extensionApi();
    dir = mkdtempSync(path.join(tmpdir(), 'bt-it-clients-'));
    const file = path.join(dir, 'clients.json');
    writeFileSync(
      file,
      JSON.stringify({
        clients: [
          { id: 'it-restricted', secret: SECRET, permissions: EVERY_PERMISSION_BUT_INSIGHTS, location: 'BLD-HP' },
          { id: 'it-nothing', secret: SECRET, permissions: [] },
        ],
      }),
    );
    await setSetting('emulator.clientsFile', file);
    const url = await vscode.commands.executeCommand<string | undefined>('buildingTwins.startEmulator', { port: 0 });
    assert.ok(url, `the emulator did not start: ${api.takeLastError()?.message}`);
    for (const [name, clientId] of [
      [RESTRICTED, 'it-restricted'],
      [NOTHING, 'it-nothing'],
    ]) {
      await vscode.commands.executeCommand('buildingTwins.addConnection', {
        name,
        baseUrl: url,
        clientId,
        clientSecret: SECRET,
      });
      assert.equal(api.takeLastError(), undefined);
    }
    await vscode.commands.executeCommand('buildingTwins.setActiveConnection', RESTRICTED);
  });

  afterEach(() => {
    for (const panel of opened.splice(0)) panel.dispose();
  });

  after(async () => {
    const api = await extensionApi();
    await useLocalEmulator();
    for (const name of [RESTRICTED, NOTHING]) {
      if (api.context.connections.configured().some((p) => p.name === name)) await api.context.connections.remove(name);
    }
    await vscode.commands.executeCommand('buildingTwins.stopEmulator');
    await setSetting('emulator.clientsFile', undefined);
    api.context.tree.refresh();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows one permission row in the refused branch and keeps every other branch working', async () => {
    const api = await extensionApi();
    assert.deepEqual(await childLabels([RESTRICTED, 'Insights']), [`No permission to read insights on ${RESTRICTED}`]);
    const models = await (await api.findNode([RESTRICTED, 'Models'])).getChildren();
    assert.ok(
      models.length > 0 &&
        (await Promise.all(models.map((m) => m.getTreeItem()))).every((i) => i.contextValue === 'model'),
      'models load',
    );
    const twinGroups = await (await api.findNode([RESTRICTED, 'Twins'])).getChildren();
    assert.ok(
      (await Promise.all(twinGroups.map((g) => g.getTreeItem()))).every((i) => i.contextValue === 'twinModelGroup'),
      'twins group by model',
    );
    for (const group of ['Events', 'Tickets (preview)']) {
      const rows = await childLabels([RESTRICTED, group]);
      assert.ok(
        rows.length > 0 && !rows.some((r) => /No permission|Failed to load/.test(r)),
        `${group}: ${rows.join(', ')}`,
      );
    }
    const state = api.context.connections.state(RESTRICTED);
    assert.equal(state.kind, 'connected', `a 403 does not fail the connection: ${JSON.stringify(state)}`);
    const [root] = (await api.treeSnapshot()).filter((r) => r.label === RESTRICTED);
    assert.doesNotMatch(`${root.description ?? ''} ${root.tooltip ?? ''}`, /error|client id and secret/i);
  });

  it('lists both sites by location but refuses what is inside the site outside the scope', async () => {
    const api = await extensionApi();
    const sites = await (await api.findNode([RESTRICTED, 'By location'])).getChildren();
    const byId = new Map(sites.map((s) => [(s as unknown as { twinId?: string }).twinId, s]));
    assert.ok(
      byId.has('BLD-HP') && byId.has('BLD-RL'),
      `the twin list is not limited by location: ${[...byId.keys()].join(', ')}`,
    );
    const inside = await labels(await byId.get('BLD-HP')!.getChildren());
    assert.ok(
      inside.length > 0 && !inside.some((l) => l.startsWith('No permission')),
      `inside the scope: ${inside.join(', ')}`,
    );
    assert.deepEqual(await labels(await byId.get('BLD-RL')!.getChildren()), [
      `No permission to read twins on ${RESTRICTED}`,
    ]);
  });

  it('opens twin documents inside the scope and refuses the others with "No permission"', async () => {
    const api = await extensionApi();
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>(
      'buildingTwins.openTwin',
      RESTRICTED,
      'HP-L01',
    );
    assert.ok(uri, `HP-L01 opens: ${api.takeLastError()?.message}`);
    assert.equal((JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as { id: string }).id, 'HP-L01');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const refused = await vscode.commands.executeCommand<vscode.Uri | undefined>(
      'buildingTwins.openTwin',
      RESTRICTED,
      'RL-L01',
    );
    assert.equal(refused, undefined);
    assert.match(api.takeLastError()?.message ?? '', new RegExp(`No permission to read twins/RL-L01 on ${RESTRICTED}`));
  });

  it('says "No permission" in panels, and charts series inside the scope', async () => {
    const api = await extensionApi();
    let nextId = 1;
    const ask = (host: Host, method: string, params: unknown = {}) =>
      host.bridge.handle({ kind: 'request', id: nextId++, method, params });
    const insights = await vscode.commands.executeCommand<Host>(
      'buildingTwins.showInsights',
      await api.findNode([RESTRICTED, 'Insights']),
    );
    assert.ok(insights, `the insights panel opens: ${api.takeLastError()?.message}`);
    opened.push(insights.panel);
    const list = await ask(insights, 'list', { page: 1, pageSize: 10, filters: [] });
    assert.equal(list?.ok, false);
    assert.match(list && !list.ok ? list.error : '', /^No permission to read insights: /);

    const series = await vscode.commands.executeCommand<Host>('buildingTwins.showTimeSeries', 'HP-AHU-1-SAT');
    assert.ok(series, `a series inside the scope opens: ${api.takeLastError()?.message}`);
    opened.push(series.panel);
    const init = await ask(series, 'init');
    assert.ok(init?.ok, JSON.stringify(init));
    assert.deepEqual(
      (init.result as { series: Array<{ twinId: string }> }).series.map((s) => s.twinId),
      ['HP-AHU-1-SAT'],
    );

    const outside = await vscode.commands.executeCommand<Host | undefined>(
      'buildingTwins.showTimeSeries',
      'RL-AHU-1-SAT',
    );
    assert.equal(outside, undefined, 'no panel for a twin outside the scope');
    assert.match(api.takeLastError()?.message ?? '', /^No permission to read twins: /);
  });

  it('gives every branch of a client without permissions its own row', async () => {
    const rows: Record<string, string> = {
      Models: 'models',
      Twins: 'models',
      'By location': 'models',
      Insights: 'insights',
      Events: 'events',
      'Tickets (preview)': 'tickets',
    };
    for (const [group, what] of Object.entries(rows)) {
      assert.deepEqual(await childLabels([NOTHING, group]), [`No permission to read ${what} on ${NOTHING}`], group);
    }
    const metadata = await (
      await (await extensionApi()).findNode([NOTHING, 'Ticket metadata (preview)'])
    ).getChildren();
    for (const kind of metadata) {
      assert.deepEqual(await labels(await kind.getChildren()), [`No permission to read ticket metadata on ${NOTHING}`]);
    }
    assert.equal((await extensionApi()).context.connections.state(NOTHING).kind, 'connected');
  });
});
