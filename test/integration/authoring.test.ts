import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { DigitalTwin, Relationship } from '../../src/core/api/types';
import type { CreateResult } from '../../src/extension/authoring/createFromJson';
import type { UpsertedRelationship } from '../../src/core/bulk/upsertRelationship';
import type { ExportCommandResult } from '../../src/extension/authoring/exportCommand';
import type { ImportCommandResult } from '../../src/extension/authoring/importCommand';
import type { TelemetryCommandResult } from '../../src/extension/authoring/telemetryCommand';
import {
  clearRequests,
  emulatorUrl,
  eventually,
  extensionApi,
  LOCAL,
  requests,
  SAMPLE,
  setSetting,
  useLocalEmulator,
} from './explorerHelpers';

const FIXTURES = resolve(__dirname, '../../../test/fixtures/authoring');

/** Requests that wrote something (PUT, PATCH, DELETE, POST /time-series), as "METHOD path". */
async function writes(url: string): Promise<string[]> {
  return (await requests(url))
    .filter(
      (r) =>
        r.method === 'PUT' ||
        r.method === 'PATCH' ||
        r.method === 'DELETE' ||
        (r.method === 'POST' && r.path === '/api/v3/time-series'),
    )
    .map((r) => `${r.method} ${r.path}`);
}

async function closeAll(): Promise<void> {
  // Untitled drafts would ask to be saved: revert them first.
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Building Twins');
}

describe('authoring', () => {
  let dir: string;

  before(function () {
    emulatorUrl(this);
    dir = mkdtempSync(join(tmpdir(), 'bt-authoring-'));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    api.context.tree.setFilter(undefined);
    await closeAll();
  });

  it('serves the live twin schema: a draft with a wrong property and a wrong enum value gets diagnostics', async () => {
    const schema = JSON.parse(
      (await vscode.workspace.openTextDocument(vscode.Uri.parse('buildingtwins-schema://schemas/twin.json'))).getText(),
    ) as { definitions: { modelIds: { enum: string[] } } };
    assert.ok(schema.definitions.modelIds.enum.includes(`${SAMPLE}:Room;1`), 'model ids of the connection');
    const file = join(dir, 'wrong.twin.json');
    writeFileSync(
      file,
      JSON.stringify(
        { id: 'wrong-1', modelId: `${SAMPLE}:Room;1`, contents: { notAProperty: 1, roomType: 'ballroom' } },
        null,
        2,
      ),
    );
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    const messages = await eventually(() => {
      const found = vscode.languages.getDiagnostics(doc.uri).map((d) => d.message);
      assert.ok(
        found.some((m) => m.includes('notAProperty')),
        `diagnostics so far: ${JSON.stringify(found)}`,
      );
      assert.ok(
        found.some((m) => m.includes('office')),
        `the enum values are listed: ${JSON.stringify(found)}`,
      );
      return found;
    }, 30_000);
    assert.ok(messages.length >= 2);
  });

  it('checks twin documents opened from the service with the same schema', async () => {
    const client = await (await extensionApi()).context.getActiveClient();
    const [room] = (await client.listTwins({ modelFilter: { modelIds: [`${SAMPLE}:Room;1`] }, pageSize: 1 })).content;
    const uri = (await vscode.commands.executeCommand('buildingTwins.openTwin', room.id)) as vscode.Uri;
    const doc = await vscode.workspace.openTextDocument(uri);
    const twin = JSON.parse(doc.getText()) as DigitalTwin;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      uri,
      new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)),
      JSON.stringify({ ...twin, contents: { ...twin.contents, capacity: 'many' } }, null, 2),
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    await eventually(() => {
      const found = vscode.languages.getDiagnostics(uri).map((d) => d.message);
      assert.ok(
        found.some((m) => /integer/i.test(m)),
        `diagnostics so far: ${JSON.stringify(found)}`,
      );
    }, 30_000);
  });

  it('follows the active connection: the served schema changes when its models do', async () => {
    const schemaDoc = await vscode.workspace.openTextDocument(
      vscode.Uri.parse('buildingtwins-schema://schemas/twin.json'),
    );
    assert.match(schemaDoc.getText(), /sample:Room;1/);
    try {
      await setSetting('connections', [
        { name: 'Authoring offline', baseUrl: 'http://127.0.0.1:9/api/v3', clientId: 'nobody' },
      ]);
      await (await extensionApi()).context.connections.setActive('Authoring offline');
      await eventually(() =>
        assert.match(
          String((JSON.parse(schemaDoc.getText()) as { description?: string }).description),
          /models are not available \(connection "Authoring offline"/,
        ),
      );
    } finally {
      await useLocalEmulator();
      await setSetting('connections', undefined);
    }
    await eventually(() => assert.match(schemaDoc.getText(), /sample:Room;1/));
  });

  it('creates a twin from a draft of a picked model: validated, sent, opened and revealed', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    api.useScriptedInput([(item) => item.description === `${SAMPLE}:Room;1`]);
    const draft = (await vscode.commands.executeCommand('buildingTwins.newTwinDraft')) as vscode.TextDocument;
    assert.equal(api.takeLastError(), undefined);
    assert.match(draft.uri.path, /\/Room-[0-9a-f]{6}\.twin\.json$/);
    const twin = JSON.parse(draft.getText()) as DigitalTwin;
    assert.match(String(twin.contents?.roomType), /^<fill in: one of office \| /, 'a placeholder, not a value');

    // Sent untouched, the draft is refused, naming the properties still to fill in: nothing is sent.
    await clearRequests(url);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.createFromJson'), undefined);
    const refusal = api.takeLastError()?.message ?? '';
    assert.match(refusal, /still holds placeholders to fill in or remove: .*: capacity.*Nothing was sent\./);
    assert.match(refusal, new RegExp(`${twin.id}: roomType`));
    assert.deepEqual(await writes(url), []);

    // An invalid edit asks once, listing the problem on its line ("Send anyway?"); Show Problems sends nothing and
    // is the user's choice, not a failure. The line the schema already marks is not marked a second time.
    const edit = new vscode.WorkspaceEdit();
    const bad = { ...twin, contents: { roomType: 'office', capacity: 'many' } };
    edit.replace(
      draft.uri,
      new vscode.Range(draft.positionAt(0), draft.positionAt(draft.getText().length)),
      JSON.stringify(bad, null, 2),
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    const capacityLine =
      draft
        .getText()
        .split('\n')
        .findIndex((l) => l.includes('"capacity"')) + 1;
    // The schema's check of this text (not of the draft before it, whose placeholders it also marked): one problem.
    await eventually(
      () =>
        assert.deepEqual(
          vscode.languages
            .getDiagnostics(draft.uri)
            .filter((d) => d.source !== 'Building Twins' && d.severity <= vscode.DiagnosticSeverity.Warning)
            .map((d) => d.range.start.line + 1),
          [capacityLine],
          'the untitled draft is checked by the schema too',
        ),
      30_000,
    );
    await clearRequests(url);
    let script = api.useScriptedInput(['Show Problems']);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.createFromJson'), undefined);
    assert.equal(script.kinds.filter((k) => k === 'choose').length, 1, 'asked once');
    assert.match(script.prompts.at(-1) ?? '', /^1 problem in .*\. Send anyway\?$/);
    assert.match(script.details.at(-1) ?? '', new RegExp(`^line ${capacityLine}: `));
    assert.match(api.takeLastError()?.message ?? '', /^Not sent: 1 problem in /);
    assert.deepEqual(await writes(url), []);
    assert.deepEqual(ourDiagnostics(draft.uri), [], 'listed once, by the schema, on its line');

    // Send anyway sends it: the service checks it again (and the emulator, as a real instance, refuses it).
    script = api.useScriptedInput(['Send anyway']);
    await vscode.commands.executeCommand('buildingTwins.createFromJson');
    assert.equal(script.remaining, 0);
    assert.deepEqual(await writes(url), ['PUT /api/v3/twins'], 'the twin was sent once');
    assert.match(api.takeLastError()?.message ?? '', /capacity/, 'and the service refused it');
    await clearRequests(url);

    const good = new vscode.WorkspaceEdit();
    good.replace(
      draft.uri,
      new vscode.Range(draft.positionAt(0), draft.positionAt(draft.getText().length)),
      JSON.stringify({ ...twin, contents: { roomType: 'office', name: 'Authoring room', capacity: 12 } }, null, 2),
    );
    assert.ok(await vscode.workspace.applyEdit(good));
    // The Room group is open in the explorer, its page loaded and counted, as a user has it while authoring.
    const rooms = await api.findNode([LOCAL, 'Twins', 'Room']);
    await api.context.tree.view.reveal(rooms, { expand: true, select: false, focus: false });
    await api.context.tree.settled(rooms);
    const roomCount = async (): Promise<string | undefined> =>
      (await api.treeSnapshot(await api.findNode([LOCAL, 'Twins']))).find((g) => g.label === 'Room')?.description;
    const before = Number(/^(\d+) twins$/.exec((await roomCount()) ?? '')?.[1]);
    assert.ok(before > 0, `the Room group counts its twins (${await roomCount()})`);
    await vscode.window.showTextDocument(draft);
    // As a user does: sent once the editor no longer shows the schema's error (an error shown is asked about first).
    await eventually(
      () =>
        assert.deepEqual(
          vscode.languages
            .getDiagnostics(draft.uri)
            .filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning)
            .map((d) => d.message),
          [],
        ),
      30_000,
    );
    const result = (await vscode.commands.executeCommand('buildingTwins.createFromJson')) as CreateResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(
      result.twins.map((t) => t.id),
      [twin.id],
    );
    assert.deepEqual(await writes(url), ['PUT /api/v3/twins']);
    const client = await api.context.getActiveClient();
    assert.equal((await client.getTwin(twin.id)).contents?.capacity, 12);
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(true),
      `buildingtwins:/${LOCAL}/twins/${twin.id}.json`,
    );
    await eventually(() =>
      assert.ok(
        api.context.tree.view.selection.some((n) => n.id.endsWith(twin.id)),
        'revealed and selected in the explorer',
      ),
    );
    // The new twin is a row of its group at once, and the group's count includes it.
    assert.equal(await roomCount(), `${before + 1} twins`);
    const rows = await api.treeSnapshot(await api.findNode([LOCAL, 'Twins', 'Room']));
    assert.ok(
      rows.some((r) => r.label === 'Authoring room'),
      rows.map((r) => r.label).join(', '),
    );
  });

  it('creates a relationship from a twin: allowed name, target of the allowed model, typed property; a repeat says it existed', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    await client.putTwin({
      id: 'authoring-AHU',
      modelId: `${SAMPLE}:AirHandlingUnit;1`,
      contents: { name: 'Authoring AHU' },
    });
    await client.putTwin({
      id: 'authoring-CH',
      modelId: `${SAMPLE}:Chiller;1`,
      contents: { name: 'Authoring chiller' },
    });
    const answers = ['isFedBy', 'authoring-CH', 'ChilledWater'];
    const script = api.useScriptedInput(answers);
    await clearRequests(url);
    const first = (await vscode.commands.executeCommand(
      'buildingTwins.createRelationship',
      'authoring-AHU',
    )) as UpsertedRelationship;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    assert.equal(first.existed, false);
    assert.equal(first.relationship.id, 'authoring-AHU_isFedBy_substance_ChilledWater_authoring-CH');
    assert.deepEqual(first.relationship.properties, { substance: 'ChilledWater' });
    assert.deepEqual(await writes(url), ['PUT /api/v3/twins/relationships']);
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(true),
      `buildingtwins:/${LOCAL}/relationships/authoring-AHU/${first.relationship.id}.json`,
    );

    api.useScriptedInput(answers);
    const again = (await vscode.commands.executeCommand(
      'buildingTwins.createRelationship',
      'authoring-AHU',
    )) as UpsertedRelationship;
    assert.equal(again.existed, true);
    assert.equal(again.relationship.id, first.relationship.id);
    assert.equal((await client.listOutgoingRelationships('authoring-AHU')).length, 1);

    // Only the allowed target model is offered: a Room is not equipment.
    api.useScriptedInput(['isFedBy', (item: vscode.QuickPickItem) => item.description === 'authoring-R901']);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.createRelationship', 'authoring-AHU'), undefined);
    assert.match(api.takeLastError()?.message ?? '', /matches none of/);
  });

  it('asks before replacing a twin that exists; declined, nothing is sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const script = api.useScriptedInput([false]);
    await clearRequests(url);
    const text = JSON.stringify({
      id: 'authoring-AHU',
      modelId: `${SAMPLE}:AirHandlingUnit;1`,
      contents: { name: 'Replaced AHU' },
    });
    assert.equal(await vscode.commands.executeCommand('buildingTwins.createFromJson', text), undefined);
    assert.match(script.prompts[0], /1 twin already exists on "Local emulator" and would be replaced: authoring-AHU/);
    assert.match(api.takeLastError()?.message ?? '', /Not created: authoring-AHU already exists/);
    assert.deepEqual(await writes(url), []);
  });

  it('creates relationships from JSON text, checked against the source model first', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await clearRequests(url);
    const wrongTarget = JSON.stringify({ sourceId: 'authoring-AHU', name: 'serves', targetId: 'authoring-CH' });
    assert.equal(await vscode.commands.executeCommand('buildingTwins.createFromJson', wrongTarget), undefined);
    assert.match(api.takeLastError()?.message ?? '', /serves must target a Space .* but authoring-CH is a .*Chiller;1/);
    assert.deepEqual(await writes(url), []);

    const hotWater = JSON.stringify([
      { sourceId: 'authoring-AHU', name: 'isFedBy', targetId: 'authoring-CH', properties: { substance: 'HotWater' } },
    ]);
    const result = (await vscode.commands.executeCommand('buildingTwins.createFromJson', hotWater)) as CreateResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(
      result.relationships.map((r) => [r.relationship.id, r.existed]),
      [['authoring-AHU_isFedBy_substance_HotWater_authoring-CH', false]],
    );
    assert.deepEqual(await writes(url), ['PUT /api/v3/twins/relationships']);
  });

  it('imports a file only when every row is valid; the report lets a re-run skip what is done', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const file = join(dir, 'building.csv');
    copyFileSync(join(FIXTURES, 'building-bad.csv'), file);
    await clearRequests(url);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.importFile', vscode.Uri.file(file)), undefined);
    assert.match(
      api.takeLastError()?.message ?? '',
      /2 problems, nothing was sent.*line 2: column levelNumber: "nine" is not an integer/,
    );
    assert.deepEqual(await writes(url), []);
    assert.deepEqual(
      ourDiagnostics(vscode.Uri.file(file)).map((d) => d.range.start.line + 1),
      [2, 4],
    );
    assert.equal(existsSync(join(dir, 'building.import-report.json')), false);

    copyFileSync(join(FIXTURES, 'building.csv'), file);
    const script = api.useScriptedInput([true]);
    const first = (await vscode.commands.executeCommand(
      'buildingTwins.importFile',
      vscode.Uri.file(file),
    )) as ImportCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.match(script.prompts[0], /^Import 2 twins, 1 relationship from building\.csv into "Local emulator"\?$/);
    assert.deepEqual([first.done, first.skipped, first.failed, first.pending], [3, 0, 0, 0]);
    assert.deepEqual((await writes(url)).sort(), [
      'PUT /api/v3/twins',
      'PUT /api/v3/twins',
      'PUT /api/v3/twins/relationships',
    ]);
    assert.deepEqual(ourDiagnostics(vscode.Uri.file(file)), []);
    const report = JSON.parse(readFileSync(join(dir, 'building.import-report.json'), 'utf8')) as {
      items: Record<string, { status: string }>;
    };
    assert.deepEqual(
      Object.values(report.items).map((i) => i.status),
      ['done', 'done', 'done'],
    );

    api.useScriptedInput([true]);
    await clearRequests(url);
    const again = (await vscode.commands.executeCommand(
      'buildingTwins.importFile',
      vscode.Uri.file(file),
    )) as ImportCommandResult;
    assert.deepEqual([again.done, again.skipped], [0, 3]);
    assert.deepEqual(await writes(url), []);
  });

  it('exports the filtered twins and their relationships in the import format', async function () {
    emulatorUrl(this);
    const api = await extensionApi();
    api.context.tree.setFilter({ nameText: 'Authoring room 901' });
    const target = join(dir, 'export.json');
    const result = (await vscode.commands.executeCommand(
      'buildingTwins.exportTwins',
      undefined,
      target,
    )) as ExportCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.equal(result.twins, 1);
    const items = JSON.parse(readFileSync(target, 'utf8')) as Array<DigitalTwin | Relationship>;
    assert.equal(items.length, 2);
    const [twin, rel] = items as [DigitalTwin, Relationship];
    assert.deepEqual(
      [twin.id, twin.modelId, twin.contents?.roomType, 'lastUpdateTime' in twin],
      ['authoring-R901', `${SAMPLE}:Room;1`, 'office', false],
    );
    assert.deepEqual(rel, { sourceId: 'authoring-R901', name: 'isPartOf', targetId: 'authoring-L9' });
    assert.equal(existsSync(`${target}.partial`), false);
  });

  it("imports Azure Digital Twins Explorer's graph and sheet, checked first, and exports both and CSV", async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const graph = (model: string) => ({
      digitalTwinsFileInfo: { fileVersion: '1.0.0' },
      digitalTwinsGraph: {
        digitalTwins: [
          { $dtId: 'adt-L1', $metadata: { $model: model }, name: 'ADT level 1', levelNumber: 1 },
          {
            $dtId: 'adt-R1',
            $metadata: { $model: `${SAMPLE}:Room;1` },
            name: 'ADT room 1',
            description: '=1+1 is text',
            roomType: 'office',
          },
        ],
        relationships: [
          { $relationshipId: 'x', $sourceId: 'adt-R1', $relationshipName: 'isPartOf', $targetId: 'adt-L1' },
        ],
      },
      digitalTwinsModels: [],
    });
    const file = join(dir, 'adt-graph.json');
    writeFileSync(file, JSON.stringify(graph(''), null, 2));
    await clearRequests(url);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.importFile', vscode.Uri.file(file)), undefined);
    assert.match(
      api.takeLastError()?.message ?? '',
      /2 problems, nothing was sent.*adt-graph\.json line 7: \/digitalTwinsGraph\/digitalTwins\/0: twin adt-L1: "\$metadata.\$model" must be a model id/,
    );
    assert.deepEqual(await writes(url), []);

    writeFileSync(file, JSON.stringify(graph(`${SAMPLE}:Level;1`), null, 2));
    api.useScriptedInput([true]);
    const imported = (await vscode.commands.executeCommand(
      'buildingTwins.importFile',
      vscode.Uri.file(file),
    )) as ImportCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual([imported.done, imported.failed], [3, 0]);

    api.context.tree.setFilter({ nameText: 'ADT room 1' });
    const sheet = join(dir, 'adt-sheet.xlsx');
    const exported = (await vscode.commands.executeCommand(
      'buildingTwins.exportTwins',
      undefined,
      sheet,
    )) as ExportCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual([exported.twins, exported.relationships], [1, 1]);
    assert.deepEqual([...readFileSync(sheet).subarray(0, 2)], [0x50, 0x4b], 'a workbook (zip)');

    const csv = join(dir, 'adt.csv');
    await vscode.commands.executeCommand('buildingTwins.exportTwins', undefined, csv);
    const lines = readFileSync(csv, 'utf8').split('\r\n');
    assert.equal(lines[0].split(',').slice(0, 6).join(','), 'kind,id,modelId,name,sourceId,targetId');
    assert.ok(lines[1].startsWith(`twin,adt-R1,${SAMPLE}:Room;1,ADT room 1,`), lines[1]);
    assert.ok(lines[1].includes(`,"'=1+1 is text",`), `formula-like text defused: ${lines[1]}`);

    const adtJson = join(dir, 'adt-export.json');
    await vscode.commands.executeCommand('buildingTwins.exportTwins', undefined, adtJson, 'adtJson');
    const written = JSON.parse(readFileSync(adtJson, 'utf8')) as ReturnType<typeof graph>;
    assert.deepEqual(
      written.digitalTwinsGraph.digitalTwins.map((t) => [t.$dtId, t.$metadata.$model, t.roomType]),
      [['adt-R1', `${SAMPLE}:Room;1`, 'office']],
    );

    // The sheet imports back: the same twin and relationship, sent again.
    api.useScriptedInput([true]);
    await clearRequests(url);
    const again = (await vscode.commands.executeCommand(
      'buildingTwins.importFile',
      vscode.Uri.file(sheet),
    )) as ImportCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual([again.done, again.failed], [2, 0]);
    assert.deepEqual((await writes(url)).sort(), ['PUT /api/v3/twins', 'PUT /api/v3/twins/relationships']);
  });

  it('sends telemetry rows for Capability twins and reports the rows that cannot be sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [sensor] = (
      await client.listTwins({ modelFilter: { modelIds: [`${SAMPLE}:TemperatureSensor;1`] }, pageSize: 1 })
    ).content;
    assert.ok(sensor, 'the sample has temperature sensors');
    const file = join(dir, 'telemetry.csv');
    const t = Date.now();
    // Both rows in the past: `latest` looks back from the service's now, so a future point is not the latest.
    writeFileSync(
      file,
      `twinId,timestamp,value,connectorId\n${sensor.id},${t - 1000},21.5,TW-CC-01\nauthoring-R901,${t},1,TW-CC-01\nno-such-twin,${t},2,TW-CC-01\n${sensor.id},${t},21.75,TW-CC-01\n`,
    );
    const script = api.useScriptedInput([true]);
    await clearRequests(url);
    const result = (await vscode.commands.executeCommand(
      'buildingTwins.sendTelemetryFile',
      vscode.Uri.file(file),
    )) as TelemetryCommandResult;
    assert.equal(api.takeLastError(), undefined);
    assert.match(script.prompts[0], /^2 rows of telemetry\.csv cannot be sent\. Send the other 2/);
    assert.equal(result.sent, 2);
    assert.deepEqual(
      result.rejected.map((r) => [r.line, r.message]),
      [
        [3, `twin "authoring-R901" is a ${SAMPLE}:Room;1, not a Capability twin`],
        [4, 'twin "no-such-twin" does not exist'],
      ],
    );
    assert.deepEqual(await writes(url), ['POST /api/v3/time-series']);
    assert.deepEqual(
      ourDiagnostics(vscode.Uri.file(file)).map((d) => d.range.start.line + 1),
      [3, 4],
    );
    const latest = await client.getLatestTimeSeries(sensor.id);
    assert.equal(latest?.scalarValue, 21.75);
  });
});
