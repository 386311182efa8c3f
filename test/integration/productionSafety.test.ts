// Daily work on a production instance: read-only connections, writes shown before they go, compare on conflict,
// and requests that stop when nobody wants their answer any more. The emulator's request log proves what was sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import { SERVICE_VERSION_SCHEME } from '../../src/extension/documents/serviceVersions';
import { TIME_SERIES_VIEW_TYPE } from '../../src/webviews/timeSeries/timeSeriesProtocol';
import { clearRequests, emulatorUrl, eventually, extensionApi, LOCAL, requests, setSetting } from './explorerHelpers';
import { removeConnectionIfAny, resetAfterWriteTest, writesIn } from './productionHelpers';

// Twins no other test file opens: their documents are read from the service here, whatever ran before.
const TWIN = 'RL-L01-PLANT';
const CAPABILITY = 'HP-AHU-1-SAT';
const READ_ONLY = 'Production (read-only)';

async function openDoc(connection: string, id = TWIN): Promise<vscode.TextDocument> {
  const uri = await vscode.commands.executeCommand<vscode.Uri>('buildingTwins.openTwin', connection, id);
  return vscode.workspace.openTextDocument(uri);
}

async function setCapacity(doc: vscode.TextDocument, capacity: number): Promise<void> {
  const twin = JSON.parse(doc.getText()) as { contents: Record<string, unknown> };
  twin.contents.capacity = capacity;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    doc.uri,
    new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)),
    JSON.stringify(twin, null, 2),
  );
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** With buildingTwins.confirmWrites "always": the twin's document on the Local emulator with a new capacity, the log cleared. */
async function editedUnderConfirmation(url: string, capacity: number): Promise<vscode.TextDocument> {
  await setSetting('confirmWrites', 'always');
  const doc = await openDoc(LOCAL);
  await setCapacity(doc, capacity);
  await clearRequests(url);
  return doc;
}

/** The diff editors open now, by their left side's scheme. */
const diffLefts = (): vscode.Uri[] =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .map((t) => t.input)
    .filter((input): input is vscode.TabInputTextDiff => input instanceof vscode.TabInputTextDiff)
    .map((input) => input.original);

/** A Markdown tooltip's text as the hover shows it (appendText escapes punctuation and spaces). */
const shownText = (markdown: string | undefined): string =>
  (markdown ?? '').replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');

describe('production safety', () => {
  let original: unknown;

  before(async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    original = (await (await api.context.getActiveClient()).getTwin(TWIN)).contents?.capacity;
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: READ_ONLY,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      readOnly: true,
    });
    assert.equal(api.takeLastError(), undefined);
  });

  afterEach(resetAfterWriteTest);

  after(async () => {
    const api = await extensionApi();
    await (
      await api.context.getActiveClient()
    ).patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: original }]);
    await removeConnectionIfAny(READ_ONLY);
  });

  it('a read-only connection: documents open read-only, a save is refused and sends nothing, write menus are hidden', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    assert.equal(api.context.connections.require(READ_ONLY).readOnly, true);
    const stored = vscode.workspace
      .getConfiguration('buildingTwins')
      .get<Array<{ name: string; readOnly?: boolean }>>('connections');
    assert.equal(stored?.find((p) => p.name === READ_ONLY)?.readOnly, true, 'the flag is in the connection profile');

    const doc = await openDoc(READ_ONLY);
    const stat = await vscode.workspace.fs.stat(doc.uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);

    await clearRequests(url);
    await setCapacity(doc, 123);
    assert.equal(await doc.save(), false, 'the editor refuses to save');
    // The workbench refuses to write a read-only file; the provider itself refuses too, saying why.
    const edited = new TextEncoder().encode(doc.getText());
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(doc.uri, edited)), /NoPermissions/);
    await assert.rejects(
      api.context.documents.writeFile(doc.uri, edited, { create: false, overwrite: true }),
      /Not saved: the connection "Production \(read-only\)" is read-only, nothing was sent/,
    );
    api.takeLastError();
    assert.deepEqual(await writesIn(url), []);

    // The client refuses on its own too, before any request.
    const client = await api.context.connections.getClient(READ_ONLY);
    await assert.rejects(
      client.patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: 1 }]),
      /patchTwin refused: the connection "Production \(read-only\)" is read-only; nothing was sent/,
    );
    assert.deepEqual(await writesIn(url), [], 'the emulator saw no write');

    const row = (await api.treeSnapshot(undefined, 0)).find((r) => r.label === READ_ONLY);
    assert.match(row?.contextValue ?? '', /^connection\.custom.*\.readOnly$/);
    // Read-only shows on the row and in its hover, as the status bar's lock does for the active connection.
    assert.match(row?.description ?? '', /(^| · )read-only( · |$)/);
    assert.match(shownText(row?.tooltip), /Read-only: every write is refused before it is sent\./);
    const twins = await api.treeSnapshot(await api.findNode([READ_ONLY, 'Twins']), 0);
    assert.ok(
      twins.length > 0 && twins.every((r) => (r.contextValue ?? '').endsWith('.readOnly')),
      JSON.stringify(twins.map((r) => r.contextValue)),
    );

    await vscode.commands.executeCommand('buildingTwins.allowConnectionWrites', READ_ONLY);
    assert.equal(api.takeLastError(), undefined);
    assert.equal(api.context.connections.require(READ_ONLY).readOnly, undefined);
    const writable = await api.treeSnapshot(await api.findNode([READ_ONLY, 'Twins']), 0);
    assert.ok(writable.every((r) => !(r.contextValue ?? '').endsWith('.readOnly')));
    const writableRow = (await api.treeSnapshot(undefined, 0)).find((r) => r.label === READ_ONLY);
    assert.doesNotMatch(writableRow?.description ?? '', /(^| · )read-only( · |$)/);
    assert.doesNotMatch(shownText(writableRow?.tooltip), /Read-only: every write/);
    await vscode.commands.executeCommand('buildingTwins.makeConnectionReadOnly', READ_ONLY);
    assert.equal(api.context.connections.require(READ_ONLY).readOnly, true);
  });

  it('confirmWrites: the save shows the JSON Patch and the target; Compare opens a diff; Send sends one patch', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await editedUnderConfirmation(url, 12);
    const script = api.useScriptedInput(['Compare', 'Send']);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(script.kinds, ['choose', 'choose']);
    assert.equal(script.prompts[0], `Send 1 change to twin ${TWIN} on "${LOCAL}"?`);
    const patchBytes = Buffer.byteLength(JSON.stringify([{ op: 'replace', path: '/capacity', value: 12 }]));
    assert.equal(
      script.details[0],
      `PATCH ${api.context.connections.require(LOCAL).baseUrl}/twins/${TWIN}\n\nreplace /capacity: 12\n\n` +
        `1 request, ${patchBytes} bytes of body: "Show Everything" opens all of it beside, read-only.`,
    );
    // The save does not wait for the diff editor (it may open only after the save): it shows up.
    await eventually(() =>
      assert.ok(
        diffLefts().some(
          (left) => left.scheme === SERVICE_VERSION_SCHEME && left.path === resourceUri(LOCAL, 'twins', TWIN).path,
        ),
        'a diff of the opened version and the edits',
      ),
    );
    assert.deepEqual(await writesIn(url), [`PATCH /api/v3/twins/${TWIN}`]);
  });

  it('confirmWrites: Cancel sends nothing and keeps the edits; remoteOnly spares the local emulator', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await editedUnderConfirmation(url, 13);
    api.useScriptedInput([undefined]);
    assert.equal(await doc.save(), false);
    assert.match(
      api.takeLastError()?.message ?? '',
      new RegExp(`Not sent: saving twin ${TWIN} to "Local emulator" was cancelled`),
    );
    assert.equal(doc.isDirty, true);
    assert.deepEqual(await writesIn(url), []);

    await setSetting('confirmWrites', 'remoteOnly');
    const script = api.useScriptedInput([]);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.deepEqual(script.prompts, [], 'no question for a service on this machine');
    assert.deepEqual(await writesIn(url), [`PATCH /api/v3/twins/${TWIN}`]);
  });

  it('Save to Service (Ctrl+S in a document of the service): a declined write is information and keeps the edits; Send saves once', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await editedUnderConfirmation(url, 14);
    api.useScriptedInput([undefined]);
    await vscode.commands.executeCommand('buildingTwins.saveDocument', doc.uri);
    assert.match(api.takeLastError()?.message ?? '', /^Not sent: saving twin .* was cancelled/);
    assert.equal(doc.isDirty, true, 'the edits stay in the editor');
    assert.deepEqual(await writesIn(url), []);

    const script = api.useScriptedInput(['Send']);
    await vscode.commands.executeCommand('buildingTwins.saveDocument', doc.uri);
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.prompts.length, 1, 'asked once: the save that follows sends nothing again');
    assert.equal(doc.isDirty, false);
    assert.deepEqual(await writesIn(url), [`PATCH /api/v3/twins/${TWIN}`]);
    assert.equal((await (await api.context.getActiveClient()).getTwin(TWIN)).contents?.capacity, 14);
  });

  it("a change on the service since opening: Compare shows the service's version, Revert takes it and sends nothing", async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openDoc(LOCAL);
    await setCapacity(doc, 21);
    await (await api.context.getActiveClient()).patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: 77 }]);
    const script = api.useScriptedInput(['Compare', 'Revert']);
    await clearRequests(url);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal(script.prompts[0], `Twin ${TWIN} was changed on the service after you opened it.`);
    assert.deepEqual(script.kinds, ['choose', 'choose']);
    const left = await eventually(() => {
      const found = diffLefts().find((uri) => uri.scheme === SERVICE_VERSION_SCHEME);
      assert.ok(found, "a diff with the service's version on the left");
      return found;
    });
    const serviceSide = await vscode.workspace.openTextDocument(left);
    assert.equal((JSON.parse(serviceSide.getText()) as { contents: { capacity: number } }).contents.capacity, 77);
    assert.deepEqual(await writesIn(url), [], 'Revert sends nothing');
    await eventually(() =>
      assert.equal(
        (JSON.parse(doc.getText()) as { contents: { capacity: number } }).contents.capacity,
        77,
        "the editor shows the service's version",
      ),
    );
    assert.equal(doc.isDirty, false);
  });

  it('Go to twin: typing a 12-character id sends one lookup (the exact id and one filter)', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const id = 'RL-AHU-1-SAT';
    assert.equal(id.length, 12);
    api.useScriptedInput([id]);
    await clearRequests(url);
    const twin = await vscode.commands.executeCommand<{ id: string } | undefined>('buildingTwins.goToTwin');
    assert.equal(twin?.id, id, api.takeLastError()?.message);
    const log = await requests(url);
    const opened = log.findIndex((r) => r.method === 'GET' && r.path.endsWith(`/twins/${id}`));
    assert.ok(opened > 0, JSON.stringify(log));
    const lookups = log.slice(0, opened).filter((r) => r.method === 'POST' && /\/twins(\/ids)?(\?|$)/.test(r.path));
    console.log(`[metric] goToTwinLookups=${lookups.length}`);
    // One lookup is two requests: the exact id (POST /twins/ids) and the combined filter (POST /twins).
    assert.deepEqual(
      lookups.map((r) => r.path.replace(/^.*\/twins/, '/twins')).sort(),
      ['/twins/ids', '/twins?pageSize=20'],
      JSON.stringify(log.slice(0, opened)),
    );
  });

  it('tree refreshes asked for in one turn reach the view once, and none below a node refreshed with them', async () => {
    const api = await extensionApi();
    const tree = api.context.tree;
    const twins = await api.findNode([LOCAL, 'Twins']);
    const [first, second] = await twins.getChildren();
    assert.ok(first && second, 'two model groups under Twins');
    const events: unknown[] = [];
    const listening = tree.onDidChangeTreeData((e) => events.push(e));
    try {
      const heard = new Promise<void>((resolve) => {
        const once = tree.onDidChangeTreeData(() => {
          once.dispose();
          resolve();
        });
      });
      tree.refresh(first);
      tree.refresh(first);
      tree.refresh(second);
      tree.refresh(twins);
      assert.deepEqual(events, [], 'nothing is sent within the turn');
      await heard;
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(events, [twins], 'one event, for the group that holds the others');
      events.length = 0;
      const all = new Promise<void>((resolve) => {
        const once = tree.onDidChangeTreeData(() => {
          once.dispose();
          resolve();
        });
      });
      tree.refresh(first);
      tree.refresh();
      await all;
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(events, [undefined], 'a refresh of everything swallows the single ones');
    } finally {
      listening.dispose();
    }
  });

  it('closing a panel mid-request aborts it: its time-series request never reaches the service', async function () {
    const url = emulatorUrl(this);
    type Host = {
      panel: vscode.WebviewPanel;
      bridge: { handle(message: unknown): Promise<{ ok: boolean } | undefined> };
    };
    // Whole seconds: the panel asks the service for whole-second bounds, which the filter below looks for.
    const end = Math.floor(Date.now() / 1000) * 1000;
    const start = end - 7 * 86_400_000;
    const load = { kind: 'request', id: 9001, method: 'load', params: { start, end, width: 600 } };
    // The request log keeps the query: this request's pages are told from the app's own by their start.
    const mine = async (): Promise<unknown[]> =>
      (await requests(url)).filter(
        (r) => r.path.includes('/time-series/') && r.path.includes(encodeURIComponent(new Date(start).toISOString())),
      );

    const open = await vscode.commands.executeCommand<Host>('buildingTwins.showTimeSeries', CAPABILITY);
    assert.equal(open.panel.viewType, TIME_SERIES_VIEW_TYPE);
    await clearRequests(url);
    assert.equal((await open.bridge.handle(load))?.ok, true, 'on an open panel the request is answered');
    assert.ok((await mine()).length >= 1, 'and reaches the service');
    open.panel.dispose();

    const closing = await vscode.commands.executeCommand<Host>('buildingTwins.showTimeSeries', CAPABILITY);
    await clearRequests(url);
    const reply = closing.bridge.handle({ ...load, id: 9002 });
    closing.panel.dispose();
    assert.equal((await reply)?.ok, false);
    assert.deepEqual(await mine(), [], 'closed before it was sent: the service never saw it');
  });
});
