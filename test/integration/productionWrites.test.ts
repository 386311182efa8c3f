// Every write command passes the write gate (buildingTwins.confirmWrites): it shows what will be sent and where,
// Cancel sends nothing (the emulator's request log proves it), Send sends what was shown. And the status bar's marks.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { clearRequests, emulatorUrl, eventually, extensionApi, LOCAL, SAMPLE, setSetting } from './explorerHelpers';
import { removeConnectionIfAny, resetAfterWriteTest, shownEverything, writesIn } from './productionHelpers';

const REMOTE = 'Gate remote';

interface GatedCase {
  title: string;
  command: string;
  args: () => unknown[];
  /** The answers before the gate's question (pickers, inputs); the gate's own answer is added. */
  before?: unknown[];
  question: RegExp;
  /** The first line of the detail: the request and where it goes. */
  request: (base: string) => string;
}

describe('production safety: every write passes the gate', () => {
  let dir: string;
  let sensor: string;
  let ticket: string;
  let insight: string;
  const name = `Gate category ${Date.now()}`;

  before(async () => {
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    await client.putTwin({ id: 'gate-AHU', modelId: `${SAMPLE}:AirHandlingUnit;1`, contents: { name: 'Gate AHU' } });
    await client.putTwin({ id: 'gate-CH', modelId: `${SAMPLE}:Chiller;1`, contents: { name: 'Gate chiller' } });
    const [found] = (
      await client.listTwins({ modelFilter: { modelIds: [`${SAMPLE}:TemperatureSensor;1`] }, pageSize: 1 })
    ).content;
    assert.ok(found, 'the sample has temperature sensors');
    sensor = found.id;
    const [first] = (await client.listTickets({ pageSize: 1 })).items;
    assert.ok(first, 'the sample has tickets');
    ticket = first.id;
    const [anInsight] = (await client.listInsights({ pageSize: 1 })).items;
    assert.ok(anInsight, 'the sample has insights');
    insight = anInsight.id;
    dir = mkdtempSync(join(tmpdir(), 'bt-gate-'));
    writeFileSync(
      join(dir, 'gate.csv'),
      [
        'kind,id,modelId,sourceId,name,targetId,levelNumber,roomType',
        `twin,gate-L1,${SAMPLE}:Level;1,,Gate level 1,,1,`,
        `twin,gate-R1,${SAMPLE}:Room;1,,Gate room 1,,,office`,
        'relationship,,,gate-R1,isPartOf,gate-L1,,',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'telemetry.csv'),
      `twinId,timestamp,value,connectorId\n${sensor},${Date.now() - 1000},21.5,TW-CC-01\n`,
    );
    writeFileSync(
      join(dir, 'events.csv'),
      `name,startTime,eventTypeId,twinId,payload,payloadVersion\nGate booking,${new Date().toISOString()},CalendarEvent,gate-AHU,{},1.0\n`,
    );
  });

  afterEach(resetAfterWriteTest);

  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await removeConnectionIfAny(REMOTE);
  });

  const cases: GatedCase[] = [
    {
      title: 'Create Relationship',
      command: 'buildingTwins.createRelationship',
      args: () => ['gate-AHU'],
      before: ['isFedBy', 'gate-CH', 'ChilledWater'],
      question: /^Create or replace relationship isFedBy from gate-AHU to gate-CH on "Local emulator"\?$/,
      request: (base) => `PUT ${base}/twins/relationships`,
    },
    {
      title: 'Create Twins and Relationships from JSON',
      command: 'buildingTwins.createFromJson',
      args: () => [
        JSON.stringify({
          id: 'gate-L2',
          modelId: `${SAMPLE}:Level;1`,
          contents: { name: 'Gate level 2', levelNumber: 2 },
        }),
      ],
      question: /^Create or replace 1 twin, 0 relationships from .+ on "Local emulator"\?$/,
      request: (base) => `PUT ${base}/twins: 1 item`,
    },
    {
      title: 'Send Telemetry from File',
      command: 'buildingTwins.sendTelemetryFile',
      args: () => [vscode.Uri.file(join(dir, 'telemetry.csv'))],
      question: /^Send 1 row from telemetry\.csv to "Local emulator"\?$/,
      request: (base) => `POST ${base}/time-series: 1 item`,
    },
    {
      title: 'Create or Update Events from JSON',
      command: 'buildingTwins.events.upsertFromJson',
      args: () => [
        JSON.stringify([
          {
            name: 'Gate event',
            startTime: new Date().toISOString(),
            eventTypeId: 'CalendarEvent',
            twinId: 'gate-AHU',
            payload: '{}',
            payloadVersion: '1.0',
          },
        ]),
      ],
      question: /^Create or update 1 event on "Local emulator"\?$/,
      request: (base) => `PUT ${base}/events`,
    },
    {
      title: 'Upload Events from File',
      command: 'buildingTwins.events.uploadFile',
      args: () => [vscode.Uri.file(join(dir, 'events.csv'))],
      question: /^Upload 1 file of events to "Local emulator"\?$/,
      request: (base) => `POST ${base}/events/files`,
    },
    {
      title: 'Delete Events',
      command: 'buildingTwins.events.delete',
      args: () => [['gate-event-1', 'gate-event-2']],
      question: /^Delete 2 events from "Local emulator"\?$/,
      request: (base) => `DELETE ${base}/events`,
    },
    {
      title: 'Apply JSON Patch to Ticket',
      command: 'buildingTwins.tickets.applyPatch',
      args: () => [ticket, [{ op: 'replace', path: '/summary', value: 'Gate summary' }]],
      question: /^Send 1 change to ticket \S+ on "Local emulator"\?$/,
      request: (base) => `PATCH ${base}/tickets/${ticket}`,
    },
    {
      title: 'Create Ticket for This Insight',
      command: 'buildingTwins.tickets.createForInsight',
      args: () => [insight],
      before: [() => true],
      question: /^Create a ticket ".+" for insight .+ on "Local emulator"\?$/,
      request: (base) => `PUT ${base}/tickets`,
    },
    {
      title: 'New Ticket Category',
      command: 'buildingTwins.tickets.createMetadata',
      args: () => ['categories', name],
      question: new RegExp(`^Create the ticket categories item "${name}" on "Local emulator"\\?$`),
      request: (base) => `PUT ${base}/tickets/categories`,
    },
  ];

  for (const c of cases) {
    it(`${c.title}: under confirmWrites "always" shows the request and its target; Cancel sends nothing`, async function () {
      const url = emulatorUrl(this);
      const api = await extensionApi();
      const base = api.context.connections.require(LOCAL).baseUrl.replace(/\/+$/, '');
      await setSetting('confirmWrites', 'always');
      await clearRequests(url);
      const script = api.useScriptedInput([...(c.before ?? []), undefined] as never[]);
      assert.equal(await vscode.commands.executeCommand(c.command, ...c.args()), undefined);
      assert.match(api.takeLastError()?.message ?? '', /^Not sent: /);
      const asked = script.kinds.lastIndexOf('choose');
      assert.ok(asked >= 0, `the gate asked: ${JSON.stringify(script.prompts)}`);
      assert.match(script.prompts[asked], c.question);
      assert.equal(script.details[asked]?.split('\n')[0], c.request(base));
      assert.equal(script.remaining, 0);
      assert.deepEqual(await writesIn(url), [], 'Cancel: the service saw no write');
    });
  }

  it('Import: one question with the counts and the connection; Show Everything opens every request; Cancel sends nothing', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('confirmWrites', 'always');
    await clearRequests(url);
    const script = api.useScriptedInput(['Show Everything', undefined]);
    assert.equal(
      await vscode.commands.executeCommand('buildingTwins.importFile', vscode.Uri.file(join(dir, 'gate.csv'))),
      undefined,
    );
    assert.match(
      api.takeLastError()?.message ?? '',
      /^Not sent: the import of gate\.csv into "Local emulator" was cancelled\./,
    );
    assert.deepEqual(script.kinds, ['choose', 'choose'], "the gate's question replaces the import's own");
    assert.equal(script.prompts[0], 'Import 2 twins, 1 relationship from gate.csv into "Local emulator"?');
    const base = api.context.connections.require(LOCAL).baseUrl.replace(/\/+$/, '');
    assert.deepEqual(script.details[0]?.split('\n').slice(0, 2), [
      `PUT ${base}/twins: 2 items`,
      `PUT ${base}/twins/relationships: 1 item`,
    ]);
    assert.match(script.details[0] ?? '', /3 requests, [\d,]+ bytes of body in total: "Show Everything"/);
    assert.match(await shownEverything('"gate-R1"'), /^\/\/ 3\/3 PUT .*\/twins\/relationships/m);
    assert.deepEqual(await writesIn(url), []);
  });

  it('Apply JSON Patch to Ticket: Compare shows the ticket on the service beside the ticket after the patch', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('confirmWrites', 'always');
    await clearRequests(url);
    const script = api.useScriptedInput(['Compare', undefined]);
    await vscode.commands.executeCommand('buildingTwins.tickets.applyPatch', ticket, [
      { op: 'replace', path: '/summary', value: 'Gate summary' },
    ]);
    assert.match(api.takeLastError()?.message ?? '', /^Not sent: the patch of ticket .* was cancelled\./);
    assert.deepEqual(script.kinds, ['choose', 'choose']);
    // Compare asks for the diff editor without waiting for it to finish opening.
    const diff = await eventually(() => {
      const input = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => t.input)
        .find((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
      assert.ok(input, 'a diff editor is open');
      return input;
    }, 30_000);
    const before = JSON.parse((await vscode.workspace.openTextDocument(diff.original)).getText()) as {
      id: string;
      summary: string;
    };
    const after = JSON.parse((await vscode.workspace.openTextDocument(diff.modified)).getText()) as {
      id: string;
      summary: string;
    };
    assert.equal(after.summary, 'Gate summary');
    assert.notEqual(before.summary, 'Gate summary');
    assert.deepEqual({ ...after, summary: before.summary }, before, 'only the patched field differs');
    assert.deepEqual(await writesIn(url), []);
  });

  it('Send sends exactly the write shown, once; with remoteOnly the local emulator is not asked', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('confirmWrites', 'always');
    await clearRequests(url);
    const script = api.useScriptedInput(['Send']);
    const created = await vscode.commands.executeCommand<{ name: string } | undefined>(
      'buildingTwins.tickets.createMetadata',
      'categories',
      name,
    );
    assert.equal(created?.name, name, api.takeLastError()?.message);
    assert.deepEqual(script.kinds, ['choose']);
    assert.deepEqual(await writesIn(url), ['PUT /api/v3/tickets/categories']);

    await setSetting('confirmWrites', 'remoteOnly');
    await clearRequests(url);
    const quiet = api.useScriptedInput([]);
    const again = await vscode.commands.executeCommand<{ name: string } | undefined>(
      'buildingTwins.tickets.createMetadata',
      'categories',
      `${name} 2`,
    );
    assert.equal(again?.name, `${name} 2`, api.takeLastError()?.message);
    assert.deepEqual(quiet.prompts, []);
    assert.deepEqual(await writesIn(url), ['PUT /api/v3/tickets/categories']);
  });

  it("an event changed on the service since it was opened: Compare, then Revert takes the service's version and sends nothing", async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const client = await api.context.getActiveClient();
    const [event] = (await client.listEvents({ pageSize: 1 })).items;
    assert.ok(event?.id, 'the sample has events');
    const doc = await vscode.workspace.openTextDocument(
      await vscode.commands.executeCommand<vscode.Uri>('buildingTwins.events.open', event.id),
    );
    const edited = { ...(JSON.parse(doc.getText()) as Record<string, unknown>), name: 'Edited in the editor' };
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      doc.uri,
      new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)),
      JSON.stringify(edited, null, 2),
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    const { createdDate: _c, lastModifiedDate: _m, ...unchanged } = event;
    await client.putEvents([{ ...unchanged, description: 'changed on the service meanwhile' }]);

    await clearRequests(url);
    const script = api.useScriptedInput(['Compare', 'Revert']);
    assert.equal(await doc.save(), true, api.takeLastError()?.message);
    assert.equal(script.prompts[0], `Event ${event.id} was changed on the service after you opened it.`);
    assert.deepEqual(script.kinds, ['choose', 'choose']);
    assert.deepEqual(await writesIn(url), [], 'Revert sends nothing');
    await eventually(() =>
      assert.equal(
        (JSON.parse(doc.getText()) as { description?: string }).description,
        'changed on the service meanwhile',
      ),
    );
    assert.equal((await client.getEvent(event.id)).name, event.name, 'the service keeps its name');
  });

  it('the status bar: the warning colour on a writable remote connection, a lock on a read-only one', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: REMOTE,
      baseUrl: 'https://gate.example.com/api/v3',
      clientId: 'a',
      clientSecret: 's',
    });
    assert.equal(api.takeLastError(), undefined);
    try {
      await vscode.commands.executeCommand('buildingTwins.setActiveConnection', REMOTE);
      // The host does not exist: a sign-in something started in the background may have failed (the error colour).
      api.context.connections.resetState(REMOTE);
      const writable = api.statusBar();
      assert.equal(writable.background, 'statusBarItem.warningBackground');
      assert.ok(writable.text.endsWith(REMOTE), writable.text);
      // Plain text, a line each: no Markdown for the extension host to parse on each redraw.
      assert.equal(writable.plainTooltip, true);
      const lines = writable.tooltip.split('\n');
      assert.equal(lines[0], `Building Twins: ${REMOTE}`);
      assert.ok(lines.includes('https://gate.example.com/api/v3'), writable.tooltip);
      assert.ok(lines.includes('Writable: saves and commands change this instance.'), writable.tooltip);
      assert.equal(lines.at(-1), 'Click for details');

      await vscode.commands.executeCommand('buildingTwins.makeConnectionReadOnly', REMOTE);
      api.context.connections.resetState(REMOTE);
      const locked = api.statusBar();
      assert.equal(locked.background, undefined);
      assert.ok(locked.text.endsWith(`${REMOTE} $(lock)`), locked.text);
      assert.ok(
        locked.tooltip.split('\n').includes('Read-only: every write is refused before it is sent.'),
        locked.tooltip,
      );

      await vscode.commands.executeCommand('buildingTwins.setActiveConnection', LOCAL);
      const local = api.statusBar();
      assert.equal(local.background, undefined, 'the local emulator is not marked');
      assert.ok(!local.text.includes('$(lock)'));
    } finally {
      await vscode.commands.executeCommand('buildingTwins.setActiveConnection', LOCAL);
    }
  });
});
