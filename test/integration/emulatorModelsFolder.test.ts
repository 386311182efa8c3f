// An emulator started from VS Code on a models folder follows it: a model file written there is loaded without a
// restart; a folder with a problem is refused with it and the models loaded before stay.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EmulatorAdmin } from '../../src/core/api/emulatorAdmin';
import { adminFetch } from './adminFetch';
import { eventually, extensionApi, setSetting } from './explorerHelpers';

const iface = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ '@context': 'dtmi:dtdl:context;3', '@id': id, '@type': 'Interface', ...extra });

describe('the emulator follows its models folder', function () {
  this.timeout(120_000);
  let savedFolder: string | undefined;

  before(() => {
    savedFolder = vscode.workspace
      .getConfiguration('buildingTwins')
      .inspect<string>('emulator.modelsFolder')?.globalValue;
  });

  after(async () => {
    const api = await extensionApi();
    if (api.context.emulator.running) await vscode.commands.executeCommand('buildingTwins.stopEmulator');
    await setSetting('emulator.modelsFolder', savedFolder);
    // The Local emulator connection goes back to the harness's emulator on the configured port.
    await api.context.localEmulator.check();
    api.context.tree.refresh();
  });

  it('loads a model file written in the folder, and keeps its models when the folder gets a problem', async () => {
    const api = await extensionApi();
    const dir = mkdtempSync(join(tmpdir(), 'emulator-follows-'));
    writeFileSync(join(dir, 'Space.json'), iface('dtmi:example:follow:Space;1'));
    await setSetting('emulator.modelsFolder', dir);
    const url = await vscode.commands.executeCommand<string>('buildingTwins.startEmulator', { port: 0 });
    assert.equal(api.context.emulator.modelsFolder, dir);
    const modelIds = async (): Promise<string[]> => {
      const res = await adminFetch(url, '/api/v3/models');
      return ((await res.json()) as { id: string }[]).map((m) => m.id);
    };
    assert.ok((await modelIds()).includes('dtmi:example:follow:Space;1'));

    // VS Code says nothing of when a new watcher starts seeing changes: the file is written again every few seconds
    // until the emulator has it (each write is a change the emulator must follow).
    const room = iface('dtmi:example:follow:Room;1', { extends: 'dtmi:example:follow:Space;1' });
    for (let attempt = 1; ; attempt++) {
      writeFileSync(join(dir, 'Room.json'), `${room}${' '.repeat(attempt)}`);
      try {
        await eventually(async () => assert.ok((await modelIds()).includes('dtmi:example:follow:Room;1')), 4_000);
        break;
      } catch (error) {
        if (attempt === 8) throw error;
      }
    }

    writeFileSync(
      join(dir, 'Bad.json'),
      iface('dtmi:example:follow:Bad;1', { extends: 'dtmi:example:follow:Nowhere;1' }),
    );
    const refused = await new EmulatorAdmin(url).reloadModels();
    assert.equal(refused.status, 'refused');
    assert.deepEqual(refused.status === 'refused' ? refused.problems.map((p) => `${p.file}:${p.code}`) : [], [
      'Bad.json:unresolvedReference',
    ]);
    const ids = await modelIds();
    assert.ok(ids.includes('dtmi:example:follow:Room;1') && !ids.includes('dtmi:example:follow:Bad;1'));
  });
});
