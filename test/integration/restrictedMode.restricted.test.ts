// Runs in its own workbench with workspace trust on and the folder untrusted (Restricted Mode); the folder's
// .vscode/settings.json tries to move the local emulator, add and pick a connection and switch write confirmations
// off, and the folder holds a request file with a write (UNTRUSTED_FOLDER_SETTINGS and _FILES in the harness).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HOSTILE_TWIN_ID, UNTRUSTED_FOLDER_SETTINGS } from '../harness/integrationRun';
import type { RunReport } from '../../src/extension/requestFiles/requestRunController';
import {
  clearRequests,
  emulatorUrl,
  eventually,
  extensionApi,
  LOCAL,
  requests,
  SAMPLE,
  setSetting,
} from './explorerHelpers';
import { shownEverything, writesIn } from './productionHelpers';

describe('Restricted Mode (untrusted folder)', function () {
  this.timeout(60_000);

  it('really runs untrusted, and the extension is active there', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder is not trusted');
    await extensionApi();
    assert.equal(vscode.extensions.getExtension('building-twins.building-twins')?.isActive, true);
  });

  it("ignores the folder's values of the emulator's restricted settings", async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const config = vscode.workspace.getConfiguration('buildingTwins');
    const folderSettings = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, '.vscode', 'settings.json');
    assert.deepEqual(
      JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(folderSettings)).toString('utf8')),
      UNTRUSTED_FOLDER_SETTINGS,
      'the folder does set them',
    );
    assert.equal(
      config.get('twins.pageSize'),
      UNTRUSTED_FOLDER_SETTINGS['buildingTwins.twins.pageSize'],
      "the folder's settings are read (an unrestricted one applies)",
    );
    assert.equal(config.get('emulator.port'), Number(new URL(url).port), 'the port is the user setting');
    assert.equal(config.get('emulator.dataFolder'), '', "the folder's data folder is not used");
    assert.equal(api.context.connections.require(LOCAL).baseUrl, url.replace(/\/$/, ''));
  });

  it("offers none of the folder's suggested connections, yet applies its read-only marks", async () => {
    const api = await extensionApi();
    const mine = 'My production';
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: mine,
      baseUrl: 'https://prod.example.com/api/v3',
      clientId: 'team',
      clientSecret: 'restricted-secret',
    });
    assert.equal(api.takeLastError(), undefined);
    try {
      await eventually(() => assert.equal(api.context.connections.isReadOnly(mine), true, 'marked by the folder'));
      assert.equal(api.context.connections.readOnlyByWorkspace(mine), true);
      const stored = vscode.workspace
        .getConfiguration('buildingTwins')
        .inspect<{ name: string; readOnly?: boolean }[]>('connections');
      assert.equal(
        stored?.globalValue?.find((c) => c.name === mine)?.readOnly,
        undefined,
        'the user setting is not written',
      );
      await vscode.commands.executeCommand('buildingTwins.addSuggestedConnections');
      assert.match(api.takeLastError()?.message ?? '', /Restricted Mode/);
      assert.ok(!api.context.connections.list().some((c) => c.name === 'Suggested by the folder'));
    } finally {
      await api.context.connections.remove(mine);
    }
  });

  it('the explorer still browses a connection and opens its twins', async () => {
    const api = await extensionApi();
    const roots = await api.treeSnapshot(undefined, 1);
    assert.equal(roots[0]?.label, LOCAL);
    const groups = (roots[0]?.children ?? []).map((g) => g.label);
    for (const group of ['Models', 'Twins', 'By location', 'Insights'])
      assert.ok(groups.includes(group), groups.join(', '));
    const twinGroups = await (await api.findNode([LOCAL, 'Twins'])).getChildren();
    assert.ok(twinGroups.length > 0);
    const room = twinGroups.find((g) => (g as unknown as { modelId?: string }).modelId === `${SAMPLE}:Room;1`)!;
    const [first] = await room.getChildren();
    const item = await first!.getTreeItem();
    // The row's URI is its document's, marked as a row (#row).
    const doc = await vscode.workspace.openTextDocument(item.resourceUri!.with({ fragment: '' }));
    assert.equal((JSON.parse(doc.getText()) as { modelId: string }).modelId, `${SAMPLE}:Room;1`);
  });

  it('offers each MCP server read-only, and says so in the label the trust question names', async () => {
    const provider = (await extensionApi()).context.mcpServers;
    const hasMcpApi =
      typeof (vscode.lm as { registerMcpServerDefinitionProvider?: unknown }).registerMcpServerDefinitionProvider ===
      'function';
    assert.equal(provider !== undefined, hasMcpApi, 'a provider exactly where this VS Code has the MCP API');
    if (!provider) return;
    const local = (await provider.provideMcpServerDefinitions()).find((d) =>
      d.label.startsWith(`Building Twins: ${LOCAL}`),
    );
    assert.ok(local, 'the local emulator has a server');
    assert.equal(local.label, `Building Twins: ${LOCAL} (read-only in Restricted Mode)`);
    assert.deepEqual(
      local.args.filter((arg) => arg.startsWith('--allow-')),
      [],
    );
  });

  it('refuses emulator folders relative to the untrusted folder, naming Restricted Mode', async () => {
    const api = await extensionApi();
    await setSetting('emulator.dataFolder', 'emulator-data');
    try {
      await vscode.commands.executeCommand('buildingTwins.startEmulator', { port: 0 });
      assert.match(
        api.takeLastError()?.message ?? '',
        /^Restricted Mode: buildingTwins\.emulator\.dataFolder \("emulator-data"\) points into this folder/,
      );
      assert.equal(api.context.emulator.running, false);
    } finally {
      await setSetting('emulator.dataFolder', undefined);
    }
  });
});

describe('Restricted Mode: a hostile folder cannot switch write confirmations off', function () {
  this.timeout(60_000);

  const hostileFile = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'hostile.twinq.json');
  /** The twin the file writes as the service holds it now (JSON, with its update time), or "absent". */
  const hostileTwin = async () => {
    const client = await (await extensionApi()).context.connections.getClient(LOCAL);
    const [twin] = (await client.getTwinsByIds([HOSTILE_TWIN_ID])).twins;
    return twin ? JSON.stringify(twin) : 'absent';
  };

  afterEach(async () => {
    (await extensionApi()).useVsCodeInput();
    await setSetting('confirmWrites', undefined);
  });

  it('reads the folder\'s settings, but takes neither its connections nor its "never"', async () => {
    const api = await extensionApi();
    const config = vscode.workspace.getConfiguration('buildingTwins');
    assert.equal(config.inspect('confirmWrites')?.workspaceValue, 'never', 'the folder does say "never"');
    assert.ok(
      !(config.get<Array<{ name: string }>>('connections') ?? []).some((c) => c.name === 'Pinned by the folder'),
      'connections are user settings only',
    );
    assert.notEqual(api.context.connections.activeName(), 'Pinned by the folder');
    await setSetting('confirmWrites', 'always');
    await eventually(() =>
      assert.equal(vscode.workspace.getConfiguration('buildingTwins').inspect('confirmWrites')?.globalValue, 'always'),
    );
    assert.equal(
      api.context.writes.needsConfirmation(LOCAL),
      true,
      'the user\'s "always" holds against the folder\'s "never"',
    );
    await setSetting('confirmWrites', undefined);
    await eventually(() =>
      assert.equal(vscode.workspace.getConfiguration('buildingTwins').inspect('confirmWrites')?.globalValue, undefined),
    );
    assert.equal(
      api.context.writes.needsConfirmation(LOCAL),
      false,
      'remoteOnly (the default) spares the local emulator',
    );
  });

  it("Run all of the folder's request file asks before its write; declined, nothing is written (the request log shows it)", async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const before = await hostileTwin();
    await setSetting('confirmWrites', 'always');
    await eventually(() => assert.equal(api.context.writes.needsConfirmation(LOCAL), true));
    await clearRequests(url);
    const script = api.useScriptedInput([undefined]);
    const report = await vscode.commands.executeCommand<RunReport | undefined>(
      'buildingTwins.runAllRequests',
      hostileFile(),
    );
    assert.ok(report, `no report (last error: ${api.takeLastError()?.message})`);
    assert.equal(report.cancelled, true);
    assert.deepEqual(script.kinds, ['choose'], 'one question, before anything is sent');
    assert.match(script.prompts[0] ?? '', /^Run the write "overwrite" on "Local emulator"\?$/);
    assert.match(script.details[0] ?? '', /1 request, [\d,]+ bytes of body: "Show Everything"/);
    assert.deepEqual(await writesIn(url), [], 'declined: no write reached the service');
    assert.deepEqual(
      (await requests(url)).filter((r) => r.path.endsWith('/twins/count')),
      [],
      "not even the file's read ran",
    );
    assert.equal(await hostileTwin(), before, 'the store is unchanged');
  });

  it('Send after Show Everything: the whole body was shown, and exactly that write is sent', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await setSetting('confirmWrites', 'always');
    await eventually(() => assert.equal(api.context.writes.needsConfirmation(LOCAL), true));
    const before = await hostileTwin();
    await clearRequests(url);
    const script = api.useScriptedInput(['Show Everything', 'Send']);
    const report = await vscode.commands.executeCommand<RunReport | undefined>(
      'buildingTwins.runAllRequests',
      hostileFile(),
    );
    assert.ok(report && !report.cancelled, `not run (last error: ${api.takeLastError()?.message})`);
    assert.deepEqual(script.kinds, ['choose', 'choose']);
    assert.match(await shownEverything(HOSTILE_TWIN_ID), /"written without a question"/);
    assert.deepEqual(await writesIn(url), ['PUT /api/v3/twins']);
    const after = await hostileTwin();
    assert.notEqual(after, before, 'the confirmed write was applied');
    assert.match(after, /"written without a question"/);
  });
});
