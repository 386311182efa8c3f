// Twin request files in the extension host: CodeLens over each request, a run returns the twins the service
// holds, completion offers the request's model's properties, and the results panel pages to the end.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RunReport } from '../../src/extension/requestFiles/requestRunController';
import type { ResultDetail } from '../../src/webviews/requestResults/requestResultsProtocol';
import { clearRequests, emulatorUrl, eventually, extensionApi, requests, SAMPLE, setSetting } from './explorerHelpers';
import { shownEverything } from './productionHelpers';

const CO2 = `${SAMPLE}:Co2Sensor;1`;
const FILE = `{
  // CO2 sensors of the sample building
  "variables": { "co2": "${CO2}" },
  "requests": [
    { "name": "CO2 sensors", "operation": "twins list", "query": { "model": "\${co2}", "page-size": 1000 } },
    { "name": "all twins", "operation": "twins list", "query": { "page-size": 25 } },
    { "name": "by name", "operation": "twins list",
      "body": { "modelFilter": { "modelIds": ["\${co2}"] }, "propertyFilter": { "field": "", "operator": "contains", "value": "Lobby" } } }
  ]
}
`;

async function requestFile(text: string): Promise<vscode.TextDocument> {
  const path = join(mkdtempSync(join(tmpdir(), 'twinq-')), 'checks.twinq.json');
  writeFileSync(path, text);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
  await vscode.window.showTextDocument(document);
  return document;
}

async function run(...args: unknown[]): Promise<RunReport> {
  const report = await vscode.commands.executeCommand<RunReport | undefined>('buildingTwins.runRequest', ...args);
  const api = await extensionApi();
  assert.ok(report, `no report (last error: ${api.takeLastError()?.message})`);
  return report;
}

describe('twin request files', function () {
  this.timeout(60_000);

  before(function () {
    emulatorUrl(this);
  });

  after(async () => {
    (await extensionApi()).context.requestResults.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows Run all above the requests and Run over each', async () => {
    const document = await requestFile(FILE);
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
      );
      assert.ok(found && found.length >= 4, `lenses: ${found?.length}`);
      return found;
    });
    const commands = lenses.map((l) => [l.command?.title, l.command?.command, l.command?.arguments?.[1]]);
    assert.deepEqual(commands, [
      ['Run all (3)', 'buildingTwins.runAllRequests', undefined],
      ['Run', 'buildingTwins.runRequest', 'CO2 sensors'],
      ['Run', 'buildingTwins.runRequest', 'all twins'],
      ['Run', 'buildingTwins.runRequest', 'by name'],
    ]);
    assert.equal(lenses[1]!.range.start.line, 4, 'Run sits on the line where its request starts');
  });

  it('runs a request: the twins the service holds for the same filter', async () => {
    const document = await requestFile(FILE);
    const report = await run(document.uri, 'CO2 sensors');
    assert.equal(report.connection, 'Local emulator');
    assert.equal(report.runs.length, 1);
    const outcome = report.runs[0]!.outcome;
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
    const ids = (outcome.result as { content: Array<{ id: string }> }).content.map((t) => t.id).sort();
    const client = await (await extensionApi()).context.connections.getClient('Local emulator');
    const expected = (await client.listTwins({ modelFilter: { modelIds: [CO2] }, pageSize: 1000 })).content
      .map((t) => t.id)
      .sort();
    assert.ok(expected.length > 0);
    assert.deepEqual(ids, expected);
  });

  it('refuses a file with a problem before sending anything, naming the line', async function () {
    const url = emulatorUrl(this);
    const document = await requestFile(
      '{ "requests": [\n  { "name": "bad", "operation": "twins list", "query": { "page-size": "ten" } }\n] }',
    );
    await clearRequests(url);
    const report = await vscode.commands.executeCommand<RunReport | undefined>(
      'buildingTwins.runRequest',
      document.uri,
      'bad',
    );
    assert.equal(report, undefined);
    const error = (await extensionApi()).takeLastError();
    assert.match(
      error?.message ?? '',
      /Nothing was sent: .*checks\.twinq\.json:2:\d+: query\["page-size"\]: must be an integer/,
    );
    assert.deepEqual(
      (await requests(url)).filter((r) => !r.path.startsWith('/oauth')),
      [],
    );
  });

  it('sends a write only after the write confirmation, which shows every byte, and nothing when it is declined', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const hidden = 'x'.repeat(30_000) + 'HIDDEN-PAST-THE-CUT';
    const twin = { id: 'REQ-FILE-WRITE-1', modelId: CO2, contents: { name: `written by a request file ${hidden}` } };
    const document = await requestFile(
      JSON.stringify({ requests: [{ name: 'add', operation: 'twins put', write: true, body: twin }] }, null, 2),
    );
    await setSetting('confirmWrites', 'always');
    try {
      await clearRequests(url);
      let script = api.useScriptedInput([undefined]);
      const declined = await run(document.uri, 'add');
      assert.equal(declined.cancelled, true);
      assert.deepEqual(script.kinds, ['choose']);
      assert.deepEqual(
        (await requests(url)).filter((r) => r.method === 'PUT'),
        [],
        'nothing sent when declined',
      );
      script = api.useScriptedInput(['Show Everything', 'Send']);
      const sent = await run(document.uri, 'add');
      const outcome = sent.runs[0]!.outcome;
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
      assert.match(script.prompts[0] ?? '', /Run the write "add" on "Local emulator"\?/);
      const bytes = Buffer.byteLength(JSON.stringify(twin)).toLocaleString('en-US');
      assert.match(script.details[0] ?? '', new RegExp(`1 request, ${bytes} bytes of body`));
      assert.ok((await shownEverything('HIDDEN-PAST-THE-CUT')).includes(hidden), 'the body is not cut');
      const client = await api.context.connections.getClient('Local emulator');
      assert.equal((await client.getTwin(twin.id)).contents?.name, twin.contents.name);
    } finally {
      api.useVsCodeInput();
      await setSetting('confirmWrites', undefined);
    }
  });

  it('fills an earlier result into a later request, and confirms such a write with the values it sends', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const document = await requestFile(`{
  "variables": { "co2": "${CO2}" },
  "requests": [
    { "name": "sensor", "operation": "twins list", "query": { "model": "\${co2}", "page-size": 1 } },
    { "name": "rename", "operation": "twins patch", "write": true,
      "query": { "id": "\${@sensor#/content/0/id}" },
      "body": [{ "op": "replace", "path": "/contents/name", "value": "renamed after \${@sensor#/content/0/id}" }] }
  ]
}`);
    const alone = await run(document.uri, 'rename');
    const refused = alone.runs[0]!.outcome;
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.error, /"sensor" has not run yet/);
    await setSetting('confirmWrites', 'always');
    try {
      await clearRequests(url);
      const script = api.useScriptedInput(['Show Everything', 'Send']);
      const report = await vscode.commands.executeCommand<RunReport>('buildingTwins.runAllRequests', document.uri);
      const [sensor, rename] = report.runs;
      assert.ok(sensor!.outcome.ok && rename!.outcome.ok, JSON.stringify(report.runs.map((r) => r.outcome)));
      const id = (sensor!.outcome.result as { content: Array<{ id: string }> }).content[0]!.id;
      assert.deepEqual(rename!.entry.query, { id });
      // One question, asked when the values were known (and again after Show Everything).
      assert.deepEqual(script.kinds, ['choose', 'choose']);
      for (const prompt of script.prompts) assert.match(prompt, /Run the write "rename" on "Local emulator"\?/);
      const shown = await shownEverything(`renamed after ${id}`);
      assert.doesNotMatch(shown, /\$\{@sensor/, 'the confirmation shows the values sent, not the references');
      const client = await api.context.connections.getClient('Local emulator');
      assert.equal((await client.getTwin(id)).contents?.name, `renamed after ${id}`);
    } finally {
      api.useVsCodeInput();
      await setSetting('confirmWrites', undefined);
    }
  });

  it('reruns the last run of a file from its lens and the history', async () => {
    const document = await requestFile(FILE);
    assert.ok(
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).every(
        (l) => l.command?.command !== 'buildingTwins.rerunLastRequests',
      ),
      'no Rerun before the first run',
    );
    await run(document.uri, 'all twins');
    const lens = await eventually(async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        document.uri,
      );
      const found = lenses.find((l) => l.command?.command === 'buildingTwins.rerunLastRequests');
      assert.ok(found, 'a Rerun last lens');
      return found;
    });
    assert.equal(lens.command?.title, 'Rerun last ("all twins")');
    assert.match(lens.command?.tooltip ?? '', /1 ok, 0 failed on "Local emulator"/);
    const again = await vscode.commands.executeCommand<RunReport>(lens.command!.command, ...lens.command!.arguments!);
    assert.deepEqual(
      again.runs.map((r) => [r.entry.name, r.outcome.ok]),
      [['all twins', true]],
    );
    const api = await extensionApi();
    const history = api.context.requestResults.history.runs(document.uri.toString());
    assert.deepEqual(
      history.map((h) => h.names),
      [['all twins'], ['all twins']],
    );
    assert.doesNotMatch(JSON.stringify(history), /page-size|content/, 'the history holds no query or result');
    try {
      api.useScriptedInput(['"all twins"']);
      const picked = await vscode.commands.executeCommand<RunReport>('buildingTwins.requestRunHistory', document.uri);
      assert.deepEqual(
        picked.runs.map((r) => r.entry.name),
        ['all twins'],
      );
    } finally {
      api.useVsCodeInput();
    }
  });

  it('shows each JSON syntax error of a request file once in Problems (the JSON support reports it; Run still refuses)', async () => {
    const document = await requestFile('{ "requests": [\n  { "name": "a" "operation": "models list" }\n] }\n');
    const at = new vscode.Position(1, 16);
    const here = (): vscode.Diagnostic[] =>
      vscode.languages.getDiagnostics(document.uri).filter((d) => d.range.contains(at) || d.range.start.isEqual(at));
    // The JSON language support's own error arrives in its time; then nothing else stands at the same place.
    await eventually(
      () =>
        assert.ok(
          here().some((d) => d.source !== 'Building Twins'),
          JSON.stringify(vscode.languages.getDiagnostics(document.uri)),
        ),
      30_000,
    );
    assert.equal(here().length, 1, JSON.stringify(here().map((d) => `${d.source}: ${d.message}`)));
    assert.equal(await vscode.commands.executeCommand('buildingTwins.runAllRequests', document.uri), undefined);
    assert.match(
      (await extensionApi()).takeLastError()?.message ?? '',
      /Nothing was sent: .*JSON syntax error: CommaExpected/,
    );
  });

  it('refuses a write on a read-only connection before asking, naming the connection and the write', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const name = 'Request file (read-only)';
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      readOnly: true,
    });
    assert.equal(api.takeLastError(), undefined);
    try {
      const twin = { id: 'REQ-FILE-READ-ONLY-1', modelId: CO2, contents: { name: 'never written' } };
      const document = await requestFile(
        JSON.stringify(
          { connection: name, requests: [{ name: 'add', operation: 'twins put', write: true, body: twin }] },
          null,
          2,
        ),
      );
      const lenses = await eventually(async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          document.uri,
        );
        assert.ok(found && found.length === 2, `lenses: ${found?.length}`);
        return found;
      });
      assert.deepEqual(
        lenses.map((l) => [l.command?.title, l.command?.command]),
        [
          ['Run all (1)', 'buildingTwins.runAllRequests'],
          [`Writes: not run on the read-only connection "${name}"`, ''],
        ],
        'no "Run (writes)" that could only be refused',
      );
      await setSetting('confirmWrites', 'always');
      await clearRequests(url);
      const script = api.useScriptedInput([true]);
      assert.equal(await vscode.commands.executeCommand('buildingTwins.runRequest', document.uri, 'add'), undefined);
      assert.deepEqual(script.prompts, [], 'no "Send?" that could only be refused afterwards');
      assert.match(
        api.takeLastError()?.message ?? '',
        /Nothing was sent: "Request file \(read-only\)" is read-only and refuses the write "add"/,
      );
      assert.deepEqual(
        (await requests(url)).filter((r) => r.method === 'PUT'),
        [],
      );
    } finally {
      api.useVsCodeInput();
      await setSetting('confirmWrites', undefined);
      await api.context.connections.remove(name);
    }
  });

  it('opens the sample request file as a saved file of its own (closing asks nothing) whose requests all parse', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('buildingTwins.openSampleRequests');
    assert.ok(uri, `no sample (last error: ${(await extensionApi()).takeLastError()?.message})`);
    assert.notEqual(uri.scheme, 'untitled');
    assert.match(uri.path, /sample-building\.twinq\.json$/);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.isDirty, false, 'nothing to save: closing it does not ask');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'shown');
    const lenses = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      assert.ok(found && found.length > 1);
      return found;
    });
    assert.equal(lenses[0]!.command?.title, `Run all (${lenses.length - 1})`);
    assert.ok(document.getText().includes('"requests"'));
  });

  it('runs against the connection the file pins, and refuses one that is not configured', async () => {
    const pinned = await requestFile(
      '{ "connection": "Local emulator", "requests": [ { "name": "models", "operation": "models list" } ] }',
    );
    assert.equal((await run(pinned.uri, 'models')).connection, 'Local emulator');
    const unknown = await requestFile(
      '{ "connection": "Nowhere", "requests": [ { "name": "models", "operation": "models list" } ] }',
    );
    assert.equal(await vscode.commands.executeCommand('buildingTwins.runRequest', unknown.uri, 'models'), undefined);
    assert.match(
      (await extensionApi()).takeLastError()?.message ?? '',
      /the connection "Nowhere", which is not configured/,
    );
  });

  it("completes the property names of the request's model, inherited ones included", async () => {
    const document = await requestFile(FILE);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"field": ""'));
    const position = new vscode.Position(line, document.lineAt(line).text.indexOf('"field": ""') + '"field": "'.length);
    const index = await (await extensionApi()).context.models.getIndex('Local emulator');
    const own = [...index.properties(CO2).keys()];
    assert.ok(own.includes('name'), 'the sample CO2 sensor inherits name');
    const list = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        position,
      );
      const labels = found.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      for (const name of own)
        assert.ok(labels.includes(name), `${name} offered (got ${labels.slice(0, 20).join(', ')})`);
      return labels;
    }, 20_000);
    assert.ok(!list.includes('occupancy') || own.includes('occupancy'), 'only the properties of the model named');
  });

  it('saves a twin model group as the request that lists the same twins', async () => {
    const api = await extensionApi();
    const index = await api.context.models.getIndex('Local emulator');
    const group = await api.findNode(['Local emulator', 'Twins', index.displayName(CO2)]);
    // A request file is open: it is offered next to a new file; the new file is chosen.
    api.useScriptedInput(['New request file']);
    let saved: { uri: vscode.Uri; name: string } | undefined;
    try {
      saved = await vscode.commands.executeCommand<{ uri: vscode.Uri; name: string }>(
        'buildingTwins.saveTwinGroupAsRequest',
        group,
      );
    } finally {
      api.useVsCodeInput();
    }
    assert.ok(saved, `no request saved (last error: ${api.takeLastError()?.message})`);
    const document = await vscode.workspace.openTextDocument(saved.uri);
    assert.match(document.uri.path, /requests\.twinq\.json$/);
    const report = await run(document.uri, saved.name);
    const outcome = report.runs[0]!.outcome;
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
    const ids = (outcome.result as { content: Array<{ id: string }> }).content.map((t) => t.id).sort();
    const client = await api.context.connections.getClient('Local emulator');
    const expected = (
      await client.listTwins({ modelFilter: { modelIds: [CO2], exactModelMatch: true }, pageSize: 1000 })
    ).content
      .map((t) => t.id)
      .sort();
    assert.deepEqual(ids, expected);
  });

  it('runs the request under the cursor (the Ctrl+Alt+R keybinding) and completes twin ids from a lookup', async () => {
    const document = await requestFile(FILE);
    const editor = await vscode.window.showTextDocument(document);
    const line = document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"all twins"'));
    editor.selection = new vscode.Selection(line, 10, line, 10);
    const report = await run();
    assert.deepEqual(
      report.runs.map((r) => r.entry.name),
      ['all twins'],
    );
    const lookup = await requestFile(
      '{ "requests": [ { "name": "one", "operation": "twins get", "query": { "id": "HP-L01-R0" } } ] }',
    );
    const at = new vscode.Position(0, lookup.getText().indexOf('HP-L01-R0') + 'HP-L01-R0'.length);
    await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        lookup.uri,
        at,
      );
      const labels = found.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      assert.ok(
        labels.some((l) => l.startsWith('HP-L01-R0')),
        `twin ids offered (got ${labels.slice(0, 10).join(', ')})`,
      );
    }, 20_000);
  });

  it('pages the results to the end with Load more', async () => {
    const document = await requestFile(FILE);
    const report = await run(document.uri, 'all twins');
    assert.ok(report.runs[0]!.outcome.ok);
    const panel = (await extensionApi()).context.requestResults;
    const host = panel;
    assert.ok(host.handlers, 'the results panel is open');
    assert.equal(
      (await host.handlers.list({})).file,
      'checks.twinq.json',
      'a file outside the workspace is named, not its full path',
    );
    const [summary] = panel.store.summaries();
    assert.ok(summary && summary.hasMore, 'the first page says there is more');
    let detail: ResultDetail = await host.handlers!.result({ id: summary.id });
    assert.equal(detail.totalRows, 25);
    let pages = 1;
    while (detail.hasMore) {
      detail = await host.handlers!.loadMore({ id: summary.id });
      pages++;
    }
    const client = await (await extensionApi()).context.connections.getClient('Local emulator');
    assert.equal(detail.totalRows, await client.countTwins({}));
    assert.equal(pages, Math.ceil(detail.totalRows / 25));
    assert.equal(detail.kind, 'twins');
    assert.deepEqual(
      detail.columns.slice(0, 2).map((c) => c.key),
      ['id', 'modelId'],
    );
    assert.equal(new Set(detail.rows.map((r) => r[0])).size, detail.rows.length, 'every twin once');
  });
});
