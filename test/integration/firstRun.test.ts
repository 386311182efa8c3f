import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import * as vscode from 'vscode';
import type { ApiError } from '../../src/core/api/apiError';
import { EMULATOR_RUNNING_KEY } from '../../src/extension/connections/localEmulatorPresence';
import { HAS_CONNECTIONS_KEY } from '../../src/extension/explorer/explorerTreeProvider';
import { emulatorUrl, eventually, extensionApi, LOCAL, setSetting, useLocalEmulator } from './explorerHelpers';

/** A loopback port nothing listens on (bound, then released). */
function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError';
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A local HTTP server answering every request with `status`; counts what it received. */
async function answering(
  status: number,
): Promise<{ port: number; url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    received++;
    req.resume();
    res.writeHead(status, { 'content-type': 'text/plain' }).end('not an emulator');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/api/v3`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('first run: welcome view, a stopped emulator, Start and Stop, sign-in failures', function () {
  this.timeout(120_000);
  const other = 'First run: another connection';
  let savedConnections: unknown;
  let harnessPort: number | undefined;

  before(async function () {
    emulatorUrl(this);
    const config = vscode.workspace.getConfiguration('buildingTwins');
    savedConnections = config.inspect('connections')?.globalValue;
    harnessPort = config.inspect<number>('emulator.port')?.globalValue;
    await useLocalEmulator();
  });

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    if (api.context.emulator.running) await vscode.commands.executeCommand('buildingTwins.stopEmulator');
    if (api.context.connections.configured().some((p) => p.name === other)) await api.context.connections.remove(other);
    await setSetting('connections', savedConnections);
    await setSetting('emulator.port', harnessPort);
    api.context.tree.refresh();
    api.takeLastError();
  });

  it('with no custom connection and nothing on the emulator port, the explorer is empty and its welcome view applies', async () => {
    const api = await extensionApi();
    const manifest = api.context.vscodeContext.extension.packageJSON as {
      contributes: { viewsWelcome: Array<{ view: string; contents: string; when?: string }> };
    };
    const welcome = manifest.contributes.viewsWelcome.find(
      (w) => w.view === 'buildingTwins.explorer' && /startEmulator/.test(w.contents),
    );
    assert.ok(welcome, 'a welcome entry that starts the emulator');
    assert.equal(welcome.when, `!${HAS_CONNECTIONS_KEY} && !${EMULATOR_RUNNING_KEY}`);
    for (const link of ['command:buildingTwins.startEmulator', 'command:buildingTwins.addConnection', '#readme'])
      assert.ok(welcome.contents.includes(link), link);

    await setSetting('connections', []);
    await setSetting('emulator.port', await freePort());
    await eventually(async () => assert.deepEqual(await api.treeSnapshot(), []));
    assert.equal(api.context.localEmulator.known, false);

    await setSetting('emulator.port', harnessPort);
    await eventually(async () =>
      assert.deepEqual(
        (await api.treeSnapshot()).map((r) => r.label),
        [LOCAL],
      ),
    );
    assert.equal(api.context.localEmulator.known, true);
  });

  it('a refused Local emulator shows one row that starts it; the tree fills once it runs; Stop stops it', async () => {
    const api = await extensionApi();
    const port = await freePort();
    await api.context.connections.signIn(LOCAL); // connected to the harness's emulator: moving the port must not keep that state
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: other,
      baseUrl: process.env.BUILDING_TWINS_EMULATOR_URL!,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
    });
    await setSetting('emulator.port', port);
    const local = await api.findNode([LOCAL]);
    const refused = await api.treeSnapshot(local);
    assert.deepEqual(
      refused.map((r) => [r.label, r.contextValue]),
      [['Local emulator is not running — Start', 'emulatorStopped']],
    );
    assert.match(refused[0]!.tooltip ?? '', new RegExp(`127\\.0\\.0\\.1:${port}.*connection refused`));
    assert.match(String((await local.getTreeItem()).description), /not running/);
    const row = (await local.getChildren())[0]!;
    const command = (await row.getTreeItem()).command!;
    assert.equal(command.command, 'buildingTwins.startEmulator');

    const changed = new Promise<void>((resolve) => {
      const listener = api.context.tree.onDidChangeTreeData(() => {
        listener.dispose();
        resolve();
      });
    });
    const url = await vscode.commands.executeCommand<string>(command.command, ...(command.arguments ?? []));
    assert.equal(api.takeLastError(), undefined);
    assert.equal(url, `http://127.0.0.1:${port}/api/v3`);
    assert.equal(api.context.emulator.running, true);
    await changed; // VS Code re-reads the tree on this event: no manual refresh
    const groups = await api.treeSnapshot(await api.findNode([LOCAL]));
    assert.ok(
      groups.some((g) => g.label === 'Twins'),
      groups.map((g) => g.label).join(', '),
    );
    assert.equal(api.context.localEmulator.known, true);

    assert.equal(await vscode.commands.executeCommand('buildingTwins.stopEmulator'), true);
    assert.equal(api.context.emulator.running, false);
    await eventually(async () =>
      assert.equal((await api.treeSnapshot(await api.findNode([LOCAL])))[0]?.contextValue, 'emulatorStopped'),
    );
    assert.equal(await vscode.commands.executeCommand('buildingTwins.stopEmulator'), false, 'nothing left to stop');
  });

  it("Reset Local Emulator to Its Sample: this window's emulator starts again on its port with the sample as it was; one started elsewhere is left alone", async function () {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.emulator.reset');
    assert.match(api.takeLastError()?.message ?? '', /Reset works on a local emulator started from this window/);

    const port = await freePort();
    await setSetting('emulator.port', port);
    const url = await vscode.commands.executeCommand<string>('buildingTwins.startEmulator');
    assert.equal(api.takeLastError(), undefined);
    const client = await api.context.connections.getClient(LOCAL);
    const [sampleTwin] = (await client.listTwins({ pageSize: 1 })).content;
    await client.putTwin({ id: 'RESET-ME', modelId: sampleTwin!.modelId, contents: {} });
    await client.patchTwin(sampleTwin!.id, [{ op: 'add', path: '/name', value: 'Renamed before the reset' }]);

    api.useScriptedInput([false]);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.emulator.reset'), undefined, 'declined');
    assert.equal((await client.getTwin('RESET-ME')).id, 'RESET-ME', 'nothing was reset');

    api.useScriptedInput([true]);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.emulator.reset'), url);
    assert.equal(api.takeLastError(), undefined);
    const after = await api.context.connections.getClient(LOCAL);
    assert.deepEqual((await after.getTwinsByIds(['RESET-ME'])).twins, [], 'the twin made since is gone');
    assert.equal((await after.getTwin(sampleTwin!.id)).contents?.name, sampleTwin!.contents?.name);
  });

  it('Delete Twin in Emulator: a declined question deletes nothing; once confirmed the twin is gone', async () => {
    const api = await extensionApi();
    const client = await api.context.connections.getClient(LOCAL);
    const [sampleTwin] = (await client.listTwins({ pageSize: 1 })).content;
    await client.putTwin({ id: 'DELETE-ME', modelId: sampleTwin!.modelId, contents: {} });
    api.useScriptedInput([false]);
    await vscode.commands.executeCommand('buildingTwins.emulator.deleteTwin', undefined, 'DELETE-ME');
    assert.equal((await client.getTwin('DELETE-ME')).id, 'DELETE-ME', 'still there');
    api.useScriptedInput([true]);
    await vscode.commands.executeCommand('buildingTwins.emulator.deleteTwin', undefined, 'DELETE-ME');
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual((await client.getTwinsByIds(['DELETE-ME'])).twins, []);
  });

  it('Start connects to an emulator already answering on the port instead of failing with EADDRINUSE', async function () {
    const harnessUrl = emulatorUrl(this).replace(/\/$/, '');
    const api = await extensionApi();
    const url = await vscode.commands.executeCommand<string>('buildingTwins.startEmulator');
    assert.equal(api.takeLastError(), undefined);
    assert.equal(url, harnessUrl);
    assert.equal(api.context.emulator.running, false, 'no second emulator was started');
    assert.equal(api.context.connections.require(LOCAL).baseUrl, harnessUrl);
    assert.equal(
      await vscode.commands.executeCommand('buildingTwins.stopEmulator'),
      false,
      'an emulator started elsewhere is not stopped from here',
    );
  });

  it('Start refuses a port held by something that is not an emulator, naming what answered', async () => {
    const api = await extensionApi();
    const squatter = await answering(404);
    try {
      await setSetting('emulator.port', squatter.port);
      await vscode.commands.executeCommand('buildingTwins.startEmulator');
      assert.match(
        api.takeLastError()?.message ?? '',
        new RegExp(`Port ${squatter.port} is taken by something that is not a Building Twin emulator \\(.*404`),
      );
      assert.equal(api.context.emulator.running, false);
    } finally {
      await squatter.close();
    }
  });

  it('sign-in to a refused port fails after one attempt, at once', async () => {
    const api = await extensionApi();
    const port = await freePort();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: other,
      baseUrl: `http://127.0.0.1:${port}/api/v3`,
      clientId: 'c',
      clientSecret: 's3cret-value',
    });
    const started = Date.now();
    const error = await api.context.connections.signIn(other).then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;
    // The bundle has its own copy of ApiError, so the class is checked by name.
    assert.ok(isApiError(error), String(error));
    assert.equal(error.attempts, 1);
    assert.match(error.message, /ECONNREFUSED/);
    console.log(`[metric] signInRefusedMs=${elapsed}`);
    assert.equal(api.context.connections.state(other).kind, 'error');
  });

  it('removing a connection ends its sign-in retries', async () => {
    const api = await extensionApi();
    const busy = await answering(503);
    try {
      await vscode.commands.executeCommand('buildingTwins.addConnection', {
        name: other,
        baseUrl: busy.url,
        clientId: 'c',
        clientSecret: 's3cret-value',
      });
      const signingIn = api.context.connections.signIn(other).then(
        () => undefined,
        (e: unknown) => e,
      );
      await eventually(() => assert.ok(busy.received() >= 1));
      await api.context.connections.remove(other);
      const error = await signingIn;
      const afterRemoval = busy.received();
      assert.ok(isApiError(error) && error.kind === 'aborted', String(error));
      assert.ok(afterRemoval < 5, `${afterRemoval} attempts: the retries did not run their course`);
      assert.equal(api.context.connections.state(other).kind, 'idle', 'a removed connection has no state');
    } finally {
      await busy.close();
    }
  });

  it('Report an Issue opens a new issue with the versions and nothing about connections but their kind and number', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name: other,
      baseUrl: 'https://contoso-private.example.com/api/v3',
      clientId: 'client-7',
      clientSecret: 's3cret-value',
    });
    await vscode.commands.executeCommand('buildingTwins.setActiveConnection', other);
    const url = await vscode.commands.executeCommand<string>('buildingTwins.reportIssue');
    assert.equal(api.takeLastError(), undefined);
    // The test workbench refuses the "open the external website?" prompt, so the link lands on the clipboard.
    assert.equal(await vscode.env.clipboard.readText(), url);
    const manifest = api.context.vscodeContext.extension.packageJSON as { version: string; bugs: { url: string } };
    assert.ok(url.startsWith(`${manifest.bugs.url}/new?`), url);
    const body = new URL(url).searchParams.get('body') ?? '';
    assert.ok(body.includes(`Building Twins: ${manifest.version}`), body);
    assert.ok(body.includes(`VS Code: ${vscode.version}`), body);
    assert.match(body, /a service instance \(address left out\)/);
    for (const secret of ['contoso-private', 'client-7', 's3cret-value', other])
      assert.ok(!url.includes(encodeURIComponent(secret)) && !body.includes(secret), secret);
    await useLocalEmulator();
  });

  it('the walkthrough opens from its command and every step is completed by a command', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.openWalkthrough');
    assert.equal(api.takeLastError(), undefined);
    const manifest = api.context.vscodeContext.extension.packageJSON as {
      contributes: {
        walkthroughs: Array<{ steps: Array<{ id: string; completionEvents: string[]; media: { markdown?: string } }> }>;
        commands: Array<{ command: string }>;
      };
    };
    const steps = manifest.contributes.walkthroughs[0]!.steps;
    assert.deepEqual(
      steps.map((s) => s.id),
      [
        'startEmulator',
        'browseTwins',
        'openTwin',
        'chartCapability',
        'openInsights',
        'addConnection',
        'importFile',
        'requestFile',
      ],
    );
    const known = new Set([...manifest.contributes.commands.map((c) => c.command), 'buildingTwins.explorer.focus']);
    const commands = await vscode.commands.getCommands(true);
    for (const step of steps) {
      const onCommand = step.completionEvents
        .filter((e) => e.startsWith('onCommand:'))
        .map((e) => e.slice('onCommand:'.length));
      assert.ok(onCommand.length > 0, `${step.id} is completed by a command`);
      for (const id of onCommand)
        assert.ok(known.has(id) && commands.includes(id), `${step.id}: ${id} is a registered command`);
      const media = vscode.Uri.joinPath(api.context.vscodeContext.extensionUri, step.media.markdown!);
      assert.ok((await vscode.workspace.fs.stat(media)).size > 0, step.media.markdown);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
