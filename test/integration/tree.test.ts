import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/extension/explorer/treeNode';
import {
  clearRequests,
  emulatorUrl,
  freshExplorer,
  eventually,
  extensionApi,
  LOCAL,
  requests,
  SAMPLE,
  setSetting,
} from './explorerHelpers';
import { restoreSettings } from './windowState';

async function labelled(children: TreeNode[], label: string): Promise<TreeNode> {
  for (const child of children) {
    const item = await child.getTreeItem();
    if ((typeof item.label === 'string' ? item.label : item.label?.label) === label) return child;
  }
  throw new Error(`no child labelled "${label}"`);
}

describe('explorer tree', () => {
  // Each test starts from the explorer a fresh run shows: the default page size, no filter, no group loaded or
  // expanded (a group an earlier test paged with pageSize 10 would otherwise say "10 of 41 twins").
  beforeEach(async function () {
    await restoreSettings();
    await freshExplorer(this);
  });

  after(restoreSettings);

  it('shows the active local emulator with its groups', async () => {
    const api = await extensionApi();
    const [root] = await api.treeSnapshot(undefined, 1);
    assert.equal(root.label, LOCAL);
    assert.match(root.contextValue ?? '', /^connection\.local\.active$/);
    const groups = (root.children ?? []).map((c) => c.label);
    for (const g of ['Models', 'Twins', 'By location', 'Insights'])
      assert.ok(groups.includes(g), `group ${g} in ${groups.join(', ')}`);
  });

  it('lists models by their extends hierarchy and counts twins on demand', async () => {
    const api = await extensionApi();
    const models = await api.findNode([LOCAL, 'Models']);
    const roots = await models.getChildren();
    const rootItems = await Promise.all(roots.map((r) => r.getTreeItem()));
    assert.ok(rootItems.every((i) => i.contextValue === 'model'));
    // Room sits below Space in the sample ontology: find it by walking down.
    const stack = [...roots];
    let room: TreeNode | undefined;
    while (stack.length && !room) {
      const node = stack.shift()!;
      if ((node as unknown as { modelId?: string }).modelId === `${SAMPLE}:Room;1`) room = node;
      else stack.push(...(await node.getChildren()));
    }
    assert.ok(room, 'Room model in the hierarchy');
    assert.notEqual(room.parent, models, 'Room is not a root model (it extends another)');
    const client = await api.context.getActiveClient();
    const expected = await client.countTwins({ modelFilter: { modelIds: [`${SAMPLE}:Room;1`] } });
    assert.equal(await vscode.commands.executeCommand('buildingTwins.countTwins', room), expected);
    assert.match(String((await room.getTreeItem()).description), new RegExp(`^${expected} twins`));
  });

  it('groups twins by model with counts and pages to the end with continuation tokens, no page fetched twice', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('twins.pageSize', 10);
    api.context.tree.refresh();
    const twins = await api.findNode([LOCAL, 'Twins']);
    const room = await labelled(await twins.getChildren(), 'Room');
    const client = await api.context.getActiveClient();
    const total = await client.countTwins({ modelFilter: { modelIds: [`${SAMPLE}:Room;1`], exactModelMatch: true } });
    assert.ok(total > 20, `the sample has more than two pages of rooms (${total})`);
    const twinsText = `${total.toLocaleString('en-US')} twins`;
    assert.equal((await room.getTreeItem()).description, twinsText);

    await clearRequests(url);
    let children = await room.getChildren();
    assert.equal(children.length, 11, 'one page and "Load more…"');
    assert.equal(
      (await children[10].getTreeItem()).label,
      `Load more… (10 of ${total.toLocaleString('en-US')} loaded)`,
      'drawn with the first page, the row says how much is loaded',
    );
    assert.equal(
      (await room.getTreeItem()).description,
      `${twinsText} (10 loaded)`,
      'the total first, as on a group with everything loaded',
    );
    let more = children[children.length - 1];
    while ((await more.getTreeItem()).contextValue === 'loadMore') {
      await vscode.commands.executeCommand('buildingTwins.loadMore', more);
      children = await room.getChildren();
      more = children[children.length - 1];
    }
    assert.equal(children.length, total, 'every twin once, no "Load more…" at the end');
    assert.equal(new Set(children.map((c) => c.id)).size, total);
    assert.equal((await room.getTreeItem()).description, twinsText);
    const pages = (await requests(url)).filter((r) => r.method === 'POST' && /\/twins(\?|$)/.test(r.path));
    assert.equal(pages.length, Math.ceil(total / 10), 'one request per page');
  });

  it('says what a count counts ("2 twins", "1 twin", "N models") and keeps a group\'s count after its inline refresh', async () => {
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const twins = await api.findNode([LOCAL, 'Twins']);
    for (const group of await twins.getChildren()) {
      const item = await group.getTreeItem();
      const total = await client.countTwins({
        modelFilter: { modelIds: [(group as unknown as { modelId: string }).modelId], exactModelMatch: true },
      });
      assert.equal(
        item.description,
        `${total.toLocaleString('en-US')} ${total === 1 ? 'twin' : 'twins'}`,
        String(item.label),
      );
    }
    const models = await api.findNode([LOCAL, 'Models']);
    assert.match(String((await models.getTreeItem()).description), /^\d[\d,]* models?$/);

    const level = await labelled(await twins.getChildren(), 'Level');
    const before = (await level.getTreeItem()).description;
    assert.match(String(before), /^\d+ twins?$/);
    await vscode.commands.executeCommand('buildingTwins.refreshNode', level);
    assert.equal((await level.getTreeItem()).description, before, 'the count survives the refresh');
    await level.getChildren();
    assert.equal((await level.getTreeItem()).description, before);
  });

  it('expands a twin to its counted relationships, each naming the twin at the other end, and a relationship to that twin', async () => {
    const api = await extensionApi();
    const level = await labelled(await (await api.findNode([LOCAL, 'Twins'])).getChildren(), 'Level');
    // A sample level (twins created by other suites may sort first by name).
    const firstLevel = await labelled(await level.getChildren(), 'Level 1');
    const levelItem = await firstLevel.getTreeItem();
    assert.match(levelItem.contextValue ?? '', /^twin/);
    assert.equal(levelItem.resourceUri?.scheme, 'buildingtwins');
    const [outgoing, incoming] = await firstLevel.getChildren();
    assert.equal((await outgoing.getTreeItem()).label, 'Outgoing');
    assert.equal((await incoming.getTreeItem()).label, 'Incoming');
    const client = await api.context.getActiveClient();
    const levelId = (firstLevel as unknown as { twin: { id: string } }).twin.id;
    assert.equal(
      (await outgoing.getTreeItem()).description,
      String((await client.listOutgoingRelationships(levelId)).length),
      'counted before expanding',
    );
    assert.equal(
      (await incoming.getTreeItem()).description,
      String((await client.listIncomingRelationships(levelId)).length),
    );
    const partOf = (await outgoing.getChildren())[0];
    const relItem = await partOf.getTreeItem();
    const [building] = await partOf.getChildren();
    const buildingTwin = (building as unknown as { twin: { id: string; modelId: string; contents: { name: string } } })
      .twin;
    assert.equal(buildingTwin.modelId, `${SAMPLE}:Building;1`);
    assert.equal(relItem.label, `isPartOf → ${buildingTwin.contents.name}`, 'the other twin by name');
    assert.match(String(relItem.description), new RegExp(`^${buildingTwin.id}`), 'and its id beside it');
    assert.ok((await incoming.getChildren()).length > 0, 'rooms are part of the level');
  });

  it('shows Building -> Level -> Room by location', async () => {
    const api = await extensionApi();
    const buildings = await (await api.findNode([LOCAL, 'By location'])).getChildren();
    const hp = await labelled(buildings, 'Harbour Point');
    const levels = await hp.getChildren();
    const models = levels.map((l) => (l as unknown as { twin?: { modelId: string } }).twin?.modelId);
    assert.ok(models.includes(`${SAMPLE}:Level;1`), `levels under the building: ${models.join(', ')}`);
    const level = levels[models.indexOf(`${SAMPLE}:Level;1`)];
    const rooms = await level.getChildren();
    assert.ok(rooms.some((r) => (r as unknown as { twin?: { modelId: string } }).twin?.modelId === `${SAMPLE}:Room;1`));
  });

  it('lists root insights with their children', async () => {
    const api = await extensionApi();
    const insights = await (await api.findNode([LOCAL, 'Insights'])).getChildren();
    const items = await Promise.all(insights.map((i) => i.getTreeItem()));
    assert.ok(
      items.length > 0 && items.every((i) => i.contextValue === 'insight.root' || i.contextValue === 'loadMore'),
    );
  });

  it('filters twins by name, by one and by two property conditions, and clears the filter', async () => {
    const api = await extensionApi();
    const filter = await vscode.commands.executeCommand('buildingTwins.filterTwins', { nameText: 'Lobby' });
    assert.deepEqual(filter, { nameText: 'Lobby' });
    assert.match(api.context.tree.view.message ?? '', /name contains "Lobby"/);
    const groups = await (await api.findNode([LOCAL, 'Twins'])).getChildren();
    const labels = await Promise.all(groups.map(async (g) => String((await g.getTreeItem()).label)));
    assert.ok(labels.includes('Room') && !labels.includes('Level'), `groups with lobby twins: ${labels.join(', ')}`);
    for (const group of groups) {
      for (const twin of await group.getChildren()) assert.match(String((await twin.getTreeItem()).label), /Lobby/);
    }

    api.useScriptedInput(['Level', '', 'levelNumber >= 2']);
    const prompted = await vscode.commands.executeCommand('buildingTwins.filterTwins');
    assert.deepEqual(prompted, {
      modelId: `${SAMPLE}:Level;1`,
      nameText: undefined,
      properties: [{ field: 'levelNumber', operator: '>=', value: 2 }],
    });
    const levels = await (
      await labelled(await (await api.findNode([LOCAL, 'Twins'])).getChildren(), 'Level')
    ).getChildren();
    for (const l of levels)
      assert.ok(
        Number((l as unknown as { twin: { contents: { levelNumber: number } } }).twin.contents.levelNumber) >= 2,
      );

    api.useScriptedInput(['Level', '', 'levelNumber >= 1; levelNumber <= 2']);
    const two = await vscode.commands.executeCommand('buildingTwins.filterTwins');
    assert.deepEqual(two, {
      modelId: `${SAMPLE}:Level;1`,
      nameText: undefined,
      properties: [
        { field: 'levelNumber', operator: '>=', value: 1 },
        { field: 'levelNumber', operator: '<=', value: 2 },
      ],
    });
    assert.equal(
      api.context.tree.view.message,
      'Filtered: model Level, levelNumber >= 1, levelNumber <= 2',
      'one line, with the model by its name',
    );
    const levelGroup = await labelled(await (await api.findNode([LOCAL, 'Twins'])).getChildren(), 'Level');
    const hover = String((await levelGroup.getTreeItem()).tooltip);
    assert.match(hover, new RegExp(`Filter: model ${SAMPLE}:Level;1, levelNumber >= 1`), 'the DTMI is on the hover');
    assert.match(hover, /may compare levelNumber as text/, 'so is how a real instance may read it');
    const between = await (
      await labelled(await (await api.findNode([LOCAL, 'Twins'])).getChildren(), 'Level')
    ).getChildren();
    const numbers = between.map((l) =>
      Number((l as unknown as { twin: { contents: { levelNumber: number } } }).twin.contents.levelNumber),
    );
    assert.ok(numbers.length > 0 && numbers.every((n) => n >= 1 && n <= 2), `levels ${numbers.join(', ')}`);
    const client = await api.context.getActiveClient();
    const all = await client.countTwins({ modelFilter: { modelIds: [`${SAMPLE}:Level;1`], exactModelMatch: true } });
    assert.ok(numbers.length < all, 'the two conditions narrow the list');

    await vscode.commands.executeCommand('buildingTwins.clearFilter');
    assert.equal(api.context.tree.view.message, undefined);
    assert.ok((await (await api.findNode([LOCAL, 'Twins'])).getChildren()).length > 3);
  });

  it('goes to a twin by external id: opens it and reveals it in the tree', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.explorer.focus');
    const client = await api.context.getActiveClient();
    const page = await client.listTwins({
      propertyFilter: { field: 'externalID', operator: 'isNotNull' },
      pageSize: 1,
    });
    const target = page.content[0];
    const externalId = String(target.contents?.externalID);
    api.useScriptedInput([externalId]);
    const twin = await vscode.commands.executeCommand<{ id: string }>('buildingTwins.goToTwin');
    assert.equal(api.takeLastError(), undefined);
    assert.equal(twin.id, target.id);
    await eventually(() =>
      assert.equal(vscode.window.activeTextEditor?.document.uri.path, `/${LOCAL}/twins/${target.id}.json`),
    );
    await eventually(() =>
      assert.ok(
        api.context.tree.view.selection.some((n) => n.id.endsWith(`/${encodeURIComponent(target.id)}`)),
        'revealed and selected',
      ),
    );
  });

  it('Go to twin lists each match with its model by name, not by id', async () => {
    const api = await extensionApi();
    const script = api.useScriptedInput(['HP-AHU-1']);
    const twin = await vscode.commands.executeCommand<{ id: string }>('buildingTwins.goToTwin');
    assert.equal(api.takeLastError(), undefined);
    const offered = script.offered[0]!.find((item) => item.description === twin.id);
    assert.ok(offered, JSON.stringify(script.offered));
    assert.match(String(offered.detail), /^Air handling unit\b/);
    assert.doesNotMatch(String(offered.detail), /dtmi:/);
  });

  it('reports an unknown twin id clearly', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.goToTwin', 'NO-SUCH-TWIN');
    assert.match(api.takeLastError()?.message ?? '', /No twin with id or external id "NO-SUCH-TWIN"/);
  });
});
