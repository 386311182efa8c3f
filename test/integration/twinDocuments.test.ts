import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { replaceAll } from './documentEdits';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import { clearRequests, emulatorUrl, eventually, extensionApi, LOCAL, requests, SAMPLE } from './explorerHelpers';
import { removeConnectionIfAny } from './productionHelpers';

const TWIN = 'HP-L01-PLANT';

async function openTwin(id = TWIN): Promise<vscode.TextDocument> {
  const uri = await vscode.commands.executeCommand<vscode.Uri>('buildingTwins.openTwin', id);
  return vscode.workspace.openTextDocument(uri);
}

function edited(
  doc: vscode.TextDocument,
  change: (twin: { modelId: string; contents: Record<string, unknown> }) => void,
): string {
  const twin = JSON.parse(doc.getText()) as { modelId: string; contents: Record<string, unknown> };
  change(twin);
  return JSON.stringify(twin, null, 2);
}

describe('twins as documents', () => {
  let original: unknown;

  before(async function () {
    emulatorUrl(this);
    const client = await (await extensionApi()).context.getActiveClient();
    original = (await client.getTwin(TWIN)).contents?.capacity;
  });

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  after(async () => {
    const client = await (await extensionApi()).context.getActiveClient();
    await client.patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: original }]);
  });

  it('opens a twin as pretty JSON with a stable key order under a query-free buildingtwins: URI', async () => {
    const doc = await openTwin();
    assert.equal(doc.uri.toString(true), `buildingtwins:/${LOCAL}/twins/${TWIN}.json`);
    assert.equal(doc.uri.query, '');
    assert.equal(doc.languageId, 'json');
    const twin = JSON.parse(doc.getText()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(twin), ['id', 'modelId', 'lastUpdateTime', 'contents']);
    assert.equal(twin.id, TWIN);
    assert.match(doc.getText(), /^\{\n {2}"id"/);
  });

  it('reads a twin once when its document opens (the content and the stat share one request)', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    // A connection of its own: no earlier open in this window has loaded a document under its name.
    const name = `Open once ${Date.now().toString(36)}`;
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
    });
    try {
      assert.equal(api.takeLastError(), undefined);
      await (await api.context.connections.getClient(name)).getTwin(TWIN); // the token, fetched before counting
      await clearRequests(url);
      const doc = await vscode.workspace.openTextDocument(resourceUri(name, 'twins', TWIN));
      assert.equal((JSON.parse(doc.getText()) as { id: string }).id, TWIN);
      const reads = (await requests(url)).filter((r) => r.method === 'GET' && r.path === `/api/v3/twins/${TWIN}`);
      assert.equal(reads.length, 1, `one GET of the twin on open, not ${reads.length}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await removeConnectionIfAny(name);
    }
  });

  it('saves an edit as a JSON Patch, then keeps the twin as the service holds it', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openTwin();
    const openedAt = (JSON.parse(doc.getText()) as { lastUpdateTime: string }).lastUpdateTime;
    await replaceAll(
      doc,
      edited(doc, (t) => {
        t.contents.capacity = 7;
      }),
    );
    await clearRequests(url);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal(doc.isDirty, false);
    const client = await api.context.getActiveClient();
    const now = await client.getTwin(TWIN);
    assert.equal(now.contents?.capacity, 7);
    const sent = (await requests(url))
      .filter((r) => r.path.split('?')[0] === `/api/v3/twins/${TWIN}`)
      .map((r) => `${r.method} ${r.status}`);
    assert.deepEqual(
      sent.slice(0, 3),
      ['GET 200', 'PATCH 200', 'GET 200'],
      'conflict check, one patch (paths at the properties), read back',
    );
    const kept = api.context.documents.loaded(doc.uri)?.value as {
      lastUpdateTime: string;
      contents: { capacity: number };
    };
    assert.equal(kept.lastUpdateTime, now.lastUpdateTime, 'the next save diffs against the twin read back');
    assert.notEqual(kept.lastUpdateTime, openedAt);
    assert.equal(kept.contents.capacity, 7);
  });

  it('asks before saving over a newer version and keeps the edits when declined', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openTwin();
    await replaceAll(
      doc,
      edited(doc, (t) => {
        t.contents.capacity = 11;
      }),
    );
    const client = await api.context.getActiveClient();
    await client.patchTwin(TWIN, [{ op: 'replace', path: '/capacity', value: 99 }]);

    const script = api.useScriptedInput([undefined]);
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.equal(script.remaining, 0, 'the conflict was asked about');
    assert.equal(doc.isDirty, true, 'the edits stay in the editor');
    assert.match(api.takeLastError()?.message ?? '', /changed on the service/);
    assert.equal((await client.getTwin(TWIN)).contents?.capacity, 99);
    assert.ok(!(await requests(url)).some((r) => r.method === 'PATCH'), 'nothing was sent');

    api.useScriptedInput(['Overwrite']);
    assert.equal(await doc.save(), true);
    assert.equal((await client.getTwin(TWIN)).contents?.capacity, 11);
  });

  it('refuses bad JSON with line and column, sends nothing and leaves the document dirty', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openTwin();
    const broken = doc.getText().replace('"modelId":', '"modelId" ');
    await replaceAll(doc, broken);
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.equal(doc.isDirty, true);
    assert.match(
      api.takeLastError()?.message ?? '',
      /is not valid JSON: \w+ at line 3, column \d+\. Nothing was sent\./,
    );
    assert.deepEqual(
      (await requests(url)).filter((r) => r.method !== 'GET' && r.path.startsWith('/api/')),
      [],
    );
  });

  it('asks before sending a document that shows errors; declined sends nothing, "Send anyway" shows the refusal', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openTwin();
    await vscode.window.showTextDocument(doc);
    await replaceAll(
      doc,
      edited(doc, (t) => {
        t.contents.capacity = 'lots';
      }),
    );
    // The authoring schema marks the value ("Incorrect type. Expected "integer"."), as the editor shows it.
    await eventually(
      () =>
        assert.ok(
          vscode.languages.getDiagnostics(doc.uri).some((d) => /integer/i.test(d.message)),
          JSON.stringify(vscode.languages.getDiagnostics(doc.uri)),
        ),
      30_000,
    );
    const sentWrites = async (): Promise<string[]> =>
      (await requests(url))
        .filter((r) => r.method !== 'GET' && r.path.startsWith('/api/'))
        .map((r) => `${r.method} ${r.path}`);

    for (const declined of [undefined, 'Show Problems']) {
      const script = api.useScriptedInput([declined]);
      await clearRequests(url);
      assert.equal(await doc.save(), false);
      assert.equal(script.remaining, 0, 'the problems were asked about');
      assert.match(script.prompts[0], /^1 problem in twin HP-L01-PLANT\. Send anyway\?$/);
      assert.match(script.details[0] ?? '', /^line \d+: .*integer/im, 'the problem is listed with its line');
      assert.equal(doc.isDirty, true, 'the edits stay in the editor');
      assert.match(api.takeLastError()?.message ?? '', /^Not sent: 1 problem in twin HP-L01-PLANT\./);
      assert.deepEqual(await sentWrites(), [], 'a declined send sends nothing');
    }

    api.useScriptedInput(['Send anyway']);
    assert.equal(await doc.save(), false);
    assert.equal(doc.isDirty, true);
    assert.match(api.takeLastError()?.message ?? '', /The service refused twin HP-L01-PLANT: .*capacity/i);
  });

  it('asks before a full replace when the model changes (declined: nothing sent)', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const doc = await openTwin();
    await replaceAll(
      doc,
      edited(doc, (t) => {
        t.modelId = `${SAMPLE}:Space;1`;
      }),
    );
    const script = api.useScriptedInput([false]);
    await clearRequests(url);
    assert.equal(await doc.save(), false);
    assert.equal(script.remaining, 0);
    assert.match(api.takeLastError()?.message ?? '', /needs a full replace/);
    assert.ok(!(await requests(url)).some((r) => r.method === 'PUT' || r.method === 'PATCH'));
  });

  it('opens models read-only as pretty DTDL and relationships as JSON', async () => {
    const modelUri = resourceUri(LOCAL, 'models', `${SAMPLE}:Room;1`);
    const stat = await vscode.workspace.fs.stat(modelUri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    const model = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(modelUri)).toString('utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(model['@id'], `${SAMPLE}:Room;1`);
    assert.equal(Object.keys(model)[0], '@context');

    const rel = resourceUri(LOCAL, 'relationships', TWIN, `${TWIN}_isPartOf_HP-L01`);
    const relationship = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(rel)).toString('utf8')) as Record<
      string,
      unknown
    >;
    assert.deepEqual([relationship.sourceId, relationship.name, relationship.targetId], [TWIN, 'isPartOf', 'HP-L01']);
  });
});
