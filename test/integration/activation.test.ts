import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { adminFetch } from './adminFetch';
import { emulatorUrl } from './explorerHelpers';

const extensionId = 'building-twins.building-twins';

interface Manifest {
  engines: { vscode: string };
  activationEvents?: string[];
  contributes: {
    viewsContainers: { activitybar: Array<{ id: string; title: string }> };
    views: Record<string, Array<{ id: string }>>;
    commands: Array<{ command: string }>;
  };
}

describe('extension activation', () => {
  const extension = () => {
    const found = vscode.extensions.getExtension(extensionId);
    assert.ok(found, `${extensionId} is not loaded`);
    return found;
  };
  const manifest = () => extension().packageJSON as Manifest;

  it(`runs in VS Code ${vscode.version}, which the manifest's engines range allows`, () => {
    console.log(
      `VS Code version: ${vscode.version} (${vscode.env.appName}, ${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'})`,
    );
    const [major, minor] = vscode.version.split('.').map(Number);
    const [minMajor, minMinor] = manifest().engines.vscode.replace(/^\^/, '').split('.').map(Number);
    assert.ok(major === minMajor && minor >= minMinor, `${vscode.version} is outside ${manifest().engines.vscode}`);
  });

  it('activates only on its views and commands, never on startup', () => {
    const events = manifest().activationEvents ?? [];
    assert.ok(
      !events.includes('*') && !events.includes('onStartupFinished'),
      `eager activation events: ${events.join(', ')}`,
    );
  });

  it('activates and returns its test API', async () => {
    const ext = extension();
    const wasActive = ext.isActive;
    const started = performance.now();
    const api: unknown = await ext.activate();
    const elapsed = performance.now() - started;
    if (wasActive) console.log('extension was already active before the test (activation time not measured)');
    else console.log(`[metric] activationMs=${elapsed.toFixed(1)}`);
    assert.equal(ext.isActive, true);
    assert.equal(typeof api, 'object', 'activate() should return the test-facing API object');
  });

  it('contributes the Building Twins view container and explorer view', async () => {
    const { viewsContainers, views } = manifest().contributes;
    assert.ok(viewsContainers.activitybar.some((c) => c.id === 'buildingTwins' && c.title === 'Building Twins'));
    assert.ok(views.buildingTwins.some((v) => v.id === 'buildingTwins.explorer'));
    // Opening the container and focusing the view fail when either is not registered.
    await vscode.commands.executeCommand('workbench.view.extension.buildingTwins');
    await vscode.commands.executeCommand('buildingTwins.explorer.focus');
  });

  it('registers every command the manifest contributes', async () => {
    await extension().activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = manifest()
      .contributes.commands.map((c) => c.command)
      .filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('sees the emulator the harness started, in the environment and in the settings', async function () {
    const url = emulatorUrl();
    assert.equal(vscode.workspace.getConfiguration('buildingTwins').get('emulator.port'), Number(new URL(url).port));
    const response = await adminFetch(url, '/_emulator/requests');
    assert.equal(response.status, 200);
    assert.ok(Array.isArray(await response.json()));
  });
});
