import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { readOpenInsights } from '../../src/core/api/openInsights';
import type { DigitalTwin } from '../../src/core/api/types';
import { resourceUri, rowResourceUri } from '../../src/extension/documents/resourceUri';
import { EditedDocumentDecorations, InsightBadgeDecorations } from '../../src/extension/explorer/explorerDecorations';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import {
  clearRequests,
  emulatorUrl,
  freshExplorer,
  extensionApi,
  LOCAL,
  requests,
  SAMPLE,
  setSetting,
} from './explorerHelpers';

const token = (): vscode.CancellationToken => new vscode.CancellationTokenSource().token;

/** The twin rows under Twins > <model>, the first page. */
async function twinRows(modelLabel: string): Promise<TreeNode[]> {
  const api = await extensionApi();
  const group = await api.findNode([LOCAL, 'Twins', modelLabel]);
  return (await group.getChildren()).filter((n) => (n as unknown as { twin?: DigitalTwin }).twin !== undefined);
}

function markdownOf(tooltip: vscode.TreeItem['tooltip']): vscode.MarkdownString {
  assert.ok(tooltip instanceof vscode.MarkdownString, `a Markdown tooltip, got ${typeof tooltip}`);
  return tooltip;
}

describe('explorer details: tooltips and badges', () => {
  before(async function () {
    await freshExplorer(this);
  });

  it("resolves a twin row's tooltip on hover: model, relationship counts, open insights, links to three commands only", async () => {
    const api = await extensionApi();
    const client = await api.context.connections.getClient(LOCAL);
    const open = await readOpenInsights(client);
    const index = await api.context.models.getIndex(LOCAL);
    const rows = await twinRows(index.displayName(`${SAMPLE}:Room;1`));
    const row = rows.find((r) => open.byTwin.has((r as unknown as { twin: DigitalTwin }).twin.id)) ?? rows[0];
    const twin = (row as unknown as { twin: DigitalTwin }).twin;
    const item = await api.context.tree.getTreeItem(row);
    assert.equal(item.tooltip, undefined, 'left for resolveTreeItem');
    const resolved = await api.context.tree.resolveTreeItem(item, row, token());
    const md = markdownOf(resolved.tooltip);
    const plain = md.value.replace(/\\(.)/g, '$1');
    const [outgoing, incoming] = await Promise.all([
      client.listOutgoingRelationships(twin.id),
      client.listIncomingRelationships(twin.id),
    ]);
    assert.ok(plain.includes(`Relationships: ${outgoing.length} outgoing, ${incoming.length} incoming`), plain);
    assert.ok(plain.includes(`Model: Room (${SAMPLE}:Room;1)`), plain);
    const entry = open.byTwin.get(twin.id);
    assert.ok(entry ? plain.includes(`${entry.count} open insight`) : plain.includes('No open insights'), plain);
    assert.deepEqual(md.isTrusted, {
      enabledCommands: ['buildingTwins.openTwin', 'buildingTwins.showTimeSeries', 'buildingTwins.showTwinGraph'],
    });
    assert.deepEqual(
      [...md.value.matchAll(/\(command:([\w.]+)\?/g)].map((m) => m[1]),
      ['buildingTwins.openTwin', 'buildingTwins.showTimeSeries', 'buildingTwins.showTwinGraph'],
    );
  });

  it('reads no relationship list again for a row whose lists are loaded', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const [row] = await twinRows(index.displayName(`${SAMPLE}:Room;1`));
    for (const group of await row.getChildren()) await group.getChildren();
    await api.context.openInsights.of(LOCAL);
    const url = emulatorUrl();
    await clearRequests(url);
    const resolved = await api.context.tree.resolveTreeItem(await api.context.tree.getTreeItem(row), row, token());
    assert.match(markdownOf(resolved.tooltip).value, /Relationships/);
    assert.deepEqual(
      (await requests(url)).filter((r) => r.path.includes('/relationships')),
      [],
    );
  });

  it('describes a model on hover with its inherited properties from the model index', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const roomId = `${SAMPLE}:Room;1`;
    const stack = await (await api.findNode([LOCAL, 'Models'])).getChildren();
    let room: TreeNode | undefined;
    while (stack.length && !room) {
      const node = stack.shift()!;
      if ((node as unknown as { modelId?: string }).modelId === roomId) room = node;
      else stack.push(...(await node.getChildren()));
    }
    assert.ok(room, 'the Room model row');
    const item = await api.context.tree.getTreeItem(room);
    assert.equal(item.tooltip, undefined);
    const plain = markdownOf((await api.context.tree.resolveTreeItem(item, room, token())).tooltip).value.replace(
      /\\(.)/g,
      '$1',
    );
    const inherited = [...index.properties(roomId).values()].find((p) => p.definedIn !== roomId);
    assert.ok(inherited, 'Room inherits a property in the sample');
    assert.ok(
      plain.includes(`**${inherited.name}**`) && plain.includes(`(from ${index.displayName(inherited.definedIn)})`),
      plain,
    );
  });

  it('badges twin rows with open insights, coloured by the most urgent priority, and nothing else (no tab)', async () => {
    const api = await extensionApi();
    const open = await readOpenInsights(await api.context.connections.getClient(LOCAL));
    const decorations = new InsightBadgeDecorations(api.context.openInsights, api.context.log);
    try {
      const [twinId, entry] = [...open.byTwin].sort((a, b) => b[1].count - a[1].count)[0];
      const badge = await decorations.provideFileDecoration(rowResourceUri(LOCAL, 'twins', twinId));
      assert.equal(badge?.badge, entry.count > 9 ? '9+' : String(entry.count));
      assert.match(String(badge?.tooltip), /open insight/);
      assert.equal(
        await decorations.provideFileDecoration(resourceUri(LOCAL, 'twins', twinId)),
        undefined,
        "the twin document's tab shows no number that would read as a problem count",
      );
      const expected =
        entry.topPriority === 1
          ? 'list.errorForeground'
          : entry.topPriority === 2
            ? 'list.warningForeground'
            : 'charts.blue';
      assert.equal((badge?.color as vscode.ThemeColor | undefined)?.id, expected);
      assert.equal(
        await decorations.provideFileDecoration(rowResourceUri(LOCAL, 'twins', 'no-such-twin-anywhere')),
        undefined,
      );
      assert.equal(
        await decorations.provideFileDecoration(rowResourceUri(LOCAL, 'models', `${SAMPLE}:Room;1`)),
        undefined,
      );
    } finally {
      decorations.dispose();
    }
  });

  it('marks the row of a twin document with unsaved edits until they are reverted, not its tab', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const [row] = await twinRows(index.displayName(`${SAMPLE}:Room;1`));
    const uri = resourceUri(LOCAL, 'twins', (row as unknown as { twin: DigitalTwin }).twin.id);
    const rowUri = (await row.getTreeItem()).resourceUri!;
    assert.equal(rowUri.with({ fragment: '' }).toString(), uri.toString(), "the row carries its document's URI");
    const decorations = new EditedDocumentDecorations();
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      assert.equal(decorations.provideFileDecoration(rowUri), undefined);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, new vscode.Position(0, 0), ' ');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.equal(decorations.provideFileDecoration(rowUri)?.badge, '●');
      assert.equal(
        decorations.provideFileDecoration(doc.uri),
        undefined,
        "the editor tab (the document's URI) shows VS Code's own dot only",
      );
      await vscode.commands.executeCommand('workbench.action.files.revert');
      assert.equal(decorations.provideFileDecoration(rowUri), undefined);
    } finally {
      decorations.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('copies ids, JSON, cURL and .http requests of a multi-selection, the token never inline', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const rows = (await twinRows(index.displayName(`${SAMPLE}:Room;1`))).slice(0, 3);
    const twins = rows.map((r) => (r as unknown as { twin: DigitalTwin }).twin);
    const ids = await vscode.commands.executeCommand<string>('buildingTwins.copyId', rows[1], rows);
    assert.equal(ids, twins.map((t) => t.id).join('\n'));
    assert.equal(await vscode.env.clipboard.readText(), ids);
    const json = JSON.parse(
      await vscode.commands.executeCommand<string>('buildingTwins.copyJson', rows[0], rows),
    ) as DigitalTwin[];
    assert.deepEqual(
      json.map((t) => t.id),
      twins.map((t) => t.id),
    );
    assert.equal(
      await vscode.commands.executeCommand<string>('buildingTwins.copyId', rows[2], [rows[0], rows[1]]),
      twins[2].id,
      'a row outside the selection acts alone',
    );

    const accessToken = (await (await api.context.connections.getClient(LOCAL)).getToken()).access_token;
    const base = emulatorUrl().replace(/\/+$/, '');
    const curl = await vscode.commands.executeCommand<string>('buildingTwins.copyAsCurl', rows[0], rows);
    assert.ok(!curl.includes(accessToken), 'no token in the cURL commands');
    const lines = curl.split('\n\n');
    assert.equal(lines.length, 3);
    lines.forEach((line, i) => {
      assert.ok(
        line.startsWith(`curl -sS --fail-with-body -X GET '${base}/twins/${encodeURIComponent(twins[i].id)}'`),
        line,
      );
      assert.ok(
        line.endsWith(
          '-H "Authorization: Bearer ${BUILDING_TWINS_TOKEN:?set BUILDING_TWINS_TOKEN to an access token first (Building Twins: Copy Access Token)}"',
        ),
        line,
      );
    });
    const http = await vscode.commands.executeCommand<string>('buildingTwins.copyAsHttp', rows[0], rows);
    assert.ok(!http.includes(accessToken), 'no token in the .http requests');
    assert.equal(http.split('\n###\n').length, 3);
    assert.ok(
      http.includes(`@baseUrl = ${base}`) &&
        http.includes(`GET {{baseUrl}}/twins/${encodeURIComponent(twins[0].id)}`) &&
        http.includes('Authorization: Bearer {{token}}'),
    );
    assert.ok(http.includes('@token = {{$processEnv BUILDING_TWINS_TOKEN}}'), http);
  });

  it('refuses to copy a request for a row that is not a resource, and copies nothing', async () => {
    const api = await extensionApi();
    await vscode.env.clipboard.writeText('unchanged');
    const twinsGroup = await api.findNode([LOCAL, 'Twins']);
    await vscode.commands.executeCommand('buildingTwins.copyAsCurl', twinsGroup);
    assert.match(
      api.takeLastError()?.message ?? '',
      /Copy as Curl Command works on twins, relationships, models and insights/,
    );
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
  });

  it('sorts the loaded twins of a model group by id, last update or name without reading them again; refuses an unknown order', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const label = index.displayName(`${SAMPLE}:Room;1`);
    await twinRows(label);
    const url = emulatorUrl();
    await clearRequests(url);
    const order = async (): Promise<DigitalTwin[]> =>
      (await twinRows(label)).map((r) => (r as unknown as { twin: DigitalTwin }).twin);
    try {
      const group = async (): Promise<{ description?: string; tooltip?: string }> =>
        (await api.treeSnapshot(await api.findNode([LOCAL, 'Twins']))).find((g) => g.label === label)!;
      assert.doesNotMatch((await group()).description ?? '', / · /, 'by name (the default) adds nothing to the count');
      assert.equal(await vscode.commands.executeCommand('buildingTwins.sortTwins', 'id'), 'id');
      // The order in force shows on the group, and its hover says it orders what is loaded.
      assert.match((await group()).description ?? '', /^\d+ twins.* · by id$/);
      assert.match(
        (await group()).tooltip ?? '',
        /Order: by id, of the loaded twins \(the service lists twins in no set order/,
      );
      const byId = (await order()).map((t) => t.id);
      assert.deepEqual(
        byId,
        [...byId].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      await vscode.commands.executeCommand('buildingTwins.sortTwins', 'lastUpdate');
      const times = (await order()).map((t) => Date.parse(t.lastUpdateTime ?? ''));
      assert.ok(
        times.every((t, i) => i === 0 || t <= times[i - 1]),
        'newest first',
      );
      const script = api.useScriptedInput(['Name']);
      assert.equal(await vscode.commands.executeCommand('buildingTwins.sortTwins'), 'name');
      assert.deepEqual(script.prompts, ['Sort twins by']);
      const names = (await order()).map((t) => String(t.contents?.name ?? t.id));
      assert.deepEqual(
        names,
        [...names].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })),
      );
      assert.deepEqual(
        (await requests(url)).filter((r) => r.path.includes('/twins')),
        [],
        'reordering reads nothing',
      );
      await vscode.commands.executeCommand('buildingTwins.sortTwins', 'lastUpdate');
      api.context.tree.setFilter({ nameText: 'o' });
      try {
        assert.match((await group()).description ?? '', / · newest first · filtered$/);
        assert.match((await group()).tooltip ?? '', /Filter: /);
      } finally {
        api.context.tree.setFilter(undefined);
      }
      await vscode.commands.executeCommand('buildingTwins.sortTwins', 'name');
      await vscode.commands.executeCommand('buildingTwins.sortTwins', 'size');
      assert.match(api.takeLastError()?.message ?? '', /Sort twins by one of name, id, lastUpdate, got "size"/);
      assert.equal(vscode.workspace.getConfiguration('buildingTwins').get('twins.sortBy'), 'name');
    } finally {
      await setSetting('twins.sortBy', undefined);
    }
  });

  it('opens every selected twin in an editor of its own', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const rows = (await twinRows(index.displayName(`${SAMPLE}:Room;1`))).slice(0, 3);
    try {
      const uris = await vscode.commands.executeCommand<vscode.Uri[]>('buildingTwins.openTwin', rows[1], rows);
      const expected = rows.map((r) =>
        resourceUri(LOCAL, 'twins', (r as unknown as { twin: DigitalTwin }).twin.id).toString(),
      );
      assert.deepEqual(
        uris.map((u) => u.toString()),
        expected,
      );
      const tabs = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => (t.input as { uri?: vscode.Uri }).uri?.toString());
      for (const uri of expected) assert.ok(tabs.includes(uri), `a tab for ${uri}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('exports the selected twins and their outgoing relationships, and nothing else', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex(LOCAL);
    const rows = (await twinRows(index.displayName(`${SAMPLE}:Room;1`))).slice(0, 2);
    const ids = rows.map((r) => (r as unknown as { twin: DigitalTwin }).twin.id);
    const dir = await mkdtemp(join(tmpdir(), 'bt-export-'));
    const target = join(dir, 'selected.json');
    api.useScriptedInput(['JSON (import format)', target]);
    try {
      const result = await vscode.commands.executeCommand<{ twins: number; relationships: number; filter: string }>(
        'buildingTwins.exportTwins',
        rows[0],
        rows,
      );
      assert.equal(api.takeLastError(), undefined);
      assert.equal(result.twins, 2);
      assert.equal(result.filter, '2 twins selected');
      const items = JSON.parse(await readFile(target, 'utf8')) as Array<{ id?: string; sourceId?: string }>;
      const client = await api.context.connections.getClient(LOCAL);
      const outgoing = (await Promise.all(ids.map((id) => client.listOutgoingRelationships(id)))).flat();
      assert.deepEqual(
        items.filter((i) => i.id !== undefined && i.sourceId === undefined).map((i) => i.id),
        ids,
      );
      assert.equal(items.filter((i) => i.sourceId !== undefined).length, outgoing.length);
      assert.ok(items.filter((i) => i.sourceId !== undefined).every((r) => ids.includes(r.sourceId!)));
    } finally {
      api.useVsCodeInput();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
