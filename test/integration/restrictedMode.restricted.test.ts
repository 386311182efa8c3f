// Runs in its own workbench with workspace trust on and the folder untrusted (Restricted Mode); the folder's
// .vscode/settings.json tries to move the local emulator (UNTRUSTED_FOLDER_SETTINGS in the harness).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { UNTRUSTED_FOLDER_SETTINGS } from '../harness/integrationRun';
import { emulatorUrl, extensionApi, LOCAL, SAMPLE, setSetting } from './explorerHelpers';

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
    assert.deepEqual(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(folderSettings)).toString('utf8')), UNTRUSTED_FOLDER_SETTINGS, 'the folder does set them');
    assert.equal(config.get('twins.pageSize'), UNTRUSTED_FOLDER_SETTINGS['buildingTwins.twins.pageSize'], "the folder's settings are read (an unrestricted one applies)");
    assert.equal(config.get('emulator.port'), Number(new URL(url).port), 'the port is the user setting');
    assert.equal(config.get('emulator.dataFolder'), '', "the folder's data folder is not used");
    assert.equal(api.context.connections.require(LOCAL).baseUrl, url.replace(/\/$/, ''));
  });

  it('the explorer still browses a connection and opens its twins', async () => {
    const api = await extensionApi();
    const roots = await api.treeSnapshot(undefined, 1);
    assert.equal(roots[0]?.label, LOCAL);
    const groups = (roots[0]?.children ?? []).map((g) => g.label);
    for (const group of ['Models', 'Twins', 'By location', 'Insights']) assert.ok(groups.includes(group), groups.join(', '));
    const twinGroups = await (await api.findNode([LOCAL, 'Twins'])).getChildren();
    assert.ok(twinGroups.length > 0);
    const room = twinGroups.find((g) => (g as unknown as { modelId?: string }).modelId === `${SAMPLE}:Room;1`)!;
    const [first] = await room.getChildren();
    const item = await first!.getTreeItem();
    const doc = await vscode.workspace.openTextDocument(item.resourceUri!);
    assert.equal((JSON.parse(doc.getText()) as { modelId: string }).modelId, `${SAMPLE}:Room;1`);
  });

  it('refuses emulator folders relative to the untrusted folder, naming Restricted Mode', async () => {
    const api = await extensionApi();
    await setSetting('emulator.dataFolder', 'emulator-data');
    try {
      await vscode.commands.executeCommand('buildingTwins.startEmulator', { port: 0 });
      assert.match(api.takeLastError()?.message ?? '', /^Restricted Mode: buildingTwins\.emulator\.dataFolder \("emulator-data"\) points into this folder/);
      assert.equal(api.context.emulator.running, false);
    } finally {
      await setSetting('emulator.dataFolder', undefined);
    }
  });
});
