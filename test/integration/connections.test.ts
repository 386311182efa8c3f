import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ACTIVE_CONNECTION_KEY, ActiveConnection } from '../../src/extension/connections/activeConnection';
import { ConnectionSecrets } from '../../src/extension/connections/connectionSecrets';
import { detectBasicSecretStorage } from '../../src/extension/connections/keychainCheck';
import {
  emulatorUrl,
  eventually,
  extensionApi,
  LOCAL,
  requests,
  setSetting,
  useLocalEmulator,
} from './explorerHelpers';
import { adminFetch } from './adminFetch';

describe('connections', () => {
  const name = 'Integration test connection';
  const secret = 'it-secret-5f1c2b9e-do-not-log';

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    if (api.context.connections.configured().some((p) => p.name === name)) await api.context.connections.remove(name);
  });

  it('always offers the local emulator first, pointing at buildingTwins.emulator.port', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const [first] = api.context.connections.list();
    assert.equal(first.name, LOCAL);
    assert.equal(first.baseUrl, url.replace(/\/$/, ''));
    assert.equal(first.clientId, 'local-dev');
  });

  it('follows connection settings changed outside the extension as soon as the change is written', async () => {
    const api = await extensionApi();
    const before = vscode.workspace.getConfiguration('buildingTwins').get<unknown[]>('connections') ?? [];
    // Read first, so what the manager keeps is the old settings.
    assert.equal(api.context.connections.get(name), undefined);
    assert.equal(api.context.connections.activeName(), LOCAL);
    try {
      await setSetting('connections', [
        ...before,
        { name, baseUrl: 'https://edited.example.com/api/v3', clientId: 'c' },
      ]);
      await api.context.connections.setActive(name);
      assert.equal(api.context.connections.get(name)?.baseUrl, 'https://edited.example.com/api/v3');
      assert.equal(api.context.connections.activeName(), name);
      assert.ok(api.statusBar().text.endsWith(name), api.statusBar().text);
      await setSetting('connections', [
        ...before,
        { name, baseUrl: 'https://moved.example.com/api/v3', clientId: 'c' },
      ]);
      assert.equal(api.context.connections.get(name)?.baseUrl, 'https://moved.example.com/api/v3');
    } finally {
      await useLocalEmulator();
      await setSetting('connections', before);
    }
    assert.equal(api.context.connections.get(name), undefined);
    assert.equal(api.context.connections.activeName(), LOCAL);
  });

  it('keeps the active connection per window: a switch elsewhere never moves it, a reload keeps it', async () => {
    const api = await extensionApi();
    const connections = api.context.connections;
    const windowState = api.context.vscodeContext.workspaceState;
    const userSetting = () =>
      vscode.workspace.getConfiguration('buildingTwins').inspect('activeConnection')?.globalValue;
    await connections.add({ name, baseUrl: 'https://window.example.com/api/v3', clientId: 'c' }, secret);
    try {
      const before = userSetting();
      await vscode.commands.executeCommand('buildingTwins.setActiveConnection', name);
      assert.equal(api.takeLastError(), undefined);
      assert.equal(connections.activeName(), name);
      assert.equal(windowState.get(ACTIVE_CONNECTION_KEY), name, "kept in the window's own storage");
      assert.equal(userSetting(), before, 'the user settings, which every window reads, are not written');

      // Another window (or an older version of the extension) switches through the user setting: this one stays.
      await setSetting('activeConnection', LOCAL);
      assert.equal(connections.activeName(), name);
      assert.ok(api.statusBar().text.endsWith(name), api.statusBar().text);

      // A reload reads the window's storage again.
      assert.equal(new ActiveConnection(windowState).name(), name);

      // A new window has nothing stored: it starts with the user setting, read once and then kept.
      const stored = new Map<string, unknown>();
      const newWindow = new ActiveConnection({
        keys: () => [...stored.keys()],
        get: <T>(key: string, fallback?: T) => (stored.has(key) ? (stored.get(key) as T) : fallback),
        update: async (key: string, value: unknown) => void stored.set(key, value),
      });
      await setSetting('activeConnection', name);
      assert.equal(newWindow.name(), name);
      await setSetting('activeConnection', LOCAL);
      assert.equal(newWindow.name(), name, 'a change of the setting later does not move a window that started');
    } finally {
      await setSetting('activeConnection', undefined);
    }
    // Removed in this window: its choice becomes the local emulator, never the user setting's connection.
    await setSetting('activeConnection', name);
    try {
      await connections.remove(name);
      assert.equal(windowState.get(ACTIVE_CONNECTION_KEY), '');
      assert.equal(connections.activeName(), LOCAL);
    } finally {
      await setSetting('activeConnection', undefined);
    }
  });

  it('adds a connection through the prompts: profile in settings, secret in SecretStorage only', async () => {
    const api = await extensionApi();
    const script = api.useScriptedInput([name, 'https://contoso.example.com', 'my-client', secret, 'Read and write']);
    const profile = await vscode.commands.executeCommand('buildingTwins.addConnection');
    assert.equal(script.remaining, 0);
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(profile, { name, baseUrl: 'https://contoso.example.com/api/v3', clientId: 'my-client' });
    assert.deepEqual(
      script.prompts,
      [1, 2, 3, 4, 5].map((step) => `Add Building Twins connection (${step}/5)`),
      'each prompt says which step of how many it is',
    );

    const stored = vscode.workspace.getConfiguration('buildingTwins').get<unknown[]>('connections');
    assert.deepEqual(
      stored?.find((p) => (p as { name: string }).name === name),
      profile,
    );
    const allSettings = JSON.stringify(vscode.workspace.getConfiguration('buildingTwins'));
    assert.ok(!allSettings.includes(secret), 'the client secret must never be written to settings');
    const kept = JSON.parse(
      (await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(name, 'clientSecret'))) ?? 'null',
    ) as { origin: string; secret: string };
    assert.equal(kept.secret, secret, 'the secret is in SecretStorage');
    assert.equal(kept.origin, 'https://contoso.example.com', 'bound to the service it was entered for');

    const roots = await api.treeSnapshot();
    assert.ok(
      roots.some((r) => r.label === name),
      'the new connection shows in the tree',
    );
  });

  it('adds a remote connection read-only when the user keeps the first choice (Enter)', async () => {
    const api = await extensionApi();
    const script = api.useScriptedInput([name, 'https://contoso.example.com', 'my-client', secret, () => true]);
    const profile = await vscode.commands.executeCommand('buildingTwins.addConnection');
    assert.equal(script.remaining, 0);
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(profile, {
      name,
      baseUrl: 'https://contoso.example.com/api/v3',
      clientId: 'my-client',
      readOnly: true,
    });
  });

  it('the status menu of a connected connection offers switching first, not signing in again', async () => {
    const api = await extensionApi();
    await api.context.connections.signIn(LOCAL);
    // The first item (Enter), then the connection to switch to.
    const script = api.useScriptedInput([() => true, LOCAL]);
    await vscode.commands.executeCommand('buildingTwins.showConnectionStatus');
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    assert.equal(script.kinds.join(','), 'pick,pick', 'the first choice asked which connection to switch to');
  });

  it('refuses an invalid URL with a clear message and adds nothing', async () => {
    const api = await extensionApi();
    api.useScriptedInput([name, 'http://insecure.example.com/api/v3', 'my-client', secret]);
    await vscode.commands.executeCommand('buildingTwins.addConnection');
    const error = api.takeLastError();
    assert.match(error?.message ?? '', /Plain http is refused for insecure\.example\.com/);
    assert.ok(!api.context.connections.list().some((p) => p.name === name));
  });

  it('refuses a duplicate or reserved name', async () => {
    const api = await extensionApi();
    api.useScriptedInput([LOCAL]);
    await vscode.commands.executeCommand('buildingTwins.addConnection');
    assert.match(api.takeLastError()?.message ?? '', /reserved for the bundled emulator/);
  });

  it('edits, activates and removes a connection; removing deletes its secrets', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: 'contoso',
      clientId: 'a',
      clientSecret: secret,
    });
    assert.equal(api.context.connections.require(name).baseUrl, 'https://contoso.app.willowinc.com/api/v3');

    const storedSecret = async (): Promise<unknown> => {
      const raw = await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(name, 'clientSecret'));
      return raw === undefined ? undefined : (JSON.parse(raw) as { origin: string; secret: string });
    };
    api.useScriptedInput([name, 'contoso', 'b', '']);
    await vscode.commands.executeCommand('buildingTwins.editConnection', name);
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(api.context.connections.require(name), {
      name,
      baseUrl: 'https://contoso.app.willowinc.com/api/v3',
      clientId: 'b',
    });
    assert.deepEqual(
      await storedSecret(),
      { v: 1, origin: 'https://contoso.app.willowinc.com', secret },
      'an empty secret keeps the stored one for the same service',
    );

    // Another host: the stored secret is never carried over, an empty answer is refused.
    api.useScriptedInput([name, 'https://other.example.com/api/v3', 'b', '']);
    await vscode.commands.executeCommand('buildingTwins.editConnection', name);
    assert.match(api.takeLastError()?.message ?? '', /Enter the client secret/);
    assert.equal(
      api.context.connections.require(name).baseUrl,
      'https://contoso.app.willowinc.com/api/v3',
      'nothing changed',
    );
    api.useScriptedInput([name, 'https://other.example.com/api/v3', 'b', 'other-secret']);
    await vscode.commands.executeCommand('buildingTwins.editConnection', name);
    assert.equal(api.takeLastError(), undefined);
    assert.deepEqual(await storedSecret(), { v: 1, origin: 'https://other.example.com', secret: 'other-secret' });

    await vscode.commands.executeCommand('buildingTwins.setActiveConnection', name);
    assert.equal(api.context.connections.activeName(), name);

    api.useScriptedInput([true]);
    assert.equal(await vscode.commands.executeCommand('buildingTwins.removeConnection', name), true);
    assert.ok(!api.context.connections.list().some((p) => p.name === name));
    assert.equal(await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(name, 'clientSecret')), undefined);
    assert.equal(
      api.context.connections.activeName(),
      LOCAL,
      'removing the active connection falls back to the local emulator',
    );
  });

  it('will not remove or edit the local emulator connection', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.removeConnection', LOCAL);
    assert.match(api.takeLastError()?.message ?? '', /built in and cannot be removed/);
  });

  it('signs in to the local emulator, caches the token in SecretStorage and reports "connected"', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    const token = await api.context.connections.signIn(LOCAL);
    assert.ok(token.length > 10);
    assert.equal(api.context.connections.state(LOCAL).kind, 'connected');
    const cached = await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(LOCAL, 'token'));
    assert.ok(cached, 'a token is cached in secret storage');
    // The cache holds the newest token the client obtained: a background tree load may have signed in at the same
    // moment, so it is this one or that one. Either way it must be a token the service accepts.
    const stored = (JSON.parse(cached) as { token?: { accessToken?: string } }).token?.accessToken;
    assert.ok(stored && stored.length > 10, 'the cached entry holds an access token');
    const check = await fetch(`${url.replace(/\/$/, '')}/models`, { headers: { authorization: `Bearer ${stored}` } });
    assert.equal(check.status, 200, 'the cached token is accepted by the service');
    assert.ok((await requests(url)).some((r) => r.path.endsWith('/oauth2/token') && r.status === 200));
  });

  it('reports a wrong secret as a connection error', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: 'wrong-secret',
    });
    await assert.rejects(api.context.connections.signIn(name));
    assert.equal(api.context.connections.state(name).kind, 'error');
  });

  it('redacts the client secret and tokens from everything it logs', async function () {
    const url = emulatorUrl(this);
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: url,
      clientId: 'local-dev',
      clientSecret: secret,
    });
    await assert.rejects(api.context.connections.signIn(name));
    const line = api.context.log.redact(
      `POST /oauth2/token client_secret=${secret} Authorization: Bearer abc.def.ghi ${secret}`,
    );
    assert.ok(!line.includes(secret) && !line.includes('abc.def.ghi'), line);
  });

  it('recognises the "basic" password store from the command line or argv.json', () => {
    assert.equal(detectBasicSecretStorage(['--password-store=basic'], undefined), true);
    assert.equal(detectBasicSecretStorage([], '{\n  // comment\n  "password-store": "basic"\n}'), true);
    assert.equal(detectBasicSecretStorage([], '{ "password-store": "gnome-libsecret" }'), false);
    assert.equal(detectBasicSecretStorage(['--password-store=gnome-libsecret'], undefined), false);
  });

  it('starts and stops the bundled emulator on a free port (starting it again is a no-op); the local connection follows it meanwhile', async function () {
    this.timeout(90_000);
    const harnessUrl = emulatorUrl(this);
    const api = await extensionApi();
    const url = await vscode.commands.executeCommand<string>('buildingTwins.startEmulator', { port: 0 });
    assert.equal(api.takeLastError(), undefined);
    try {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
      assert.notEqual(url, harnessUrl);
      assert.equal(api.context.connections.require(LOCAL).baseUrl, url);
      const res = await adminFetch(url, '/_emulator/requests');
      assert.equal(res.status, 200);
      // Starting what runs (the welcome view's Start, then the walkthrough's) is a no-op that names the running one.
      assert.equal(await vscode.commands.executeCommand<string>('buildingTwins.startEmulator', { port: 0 }), url);
      assert.equal(api.takeLastError(), undefined);
      assert.equal(api.context.emulator.url, url, 'the same emulator still runs');
    } finally {
      assert.equal(await vscode.commands.executeCommand('buildingTwins.stopEmulator'), true);
    }
    await eventually(async () => {
      await assert.rejects(fetch(new URL('/_emulator/requests', url)), 'the stopped emulator no longer answers');
    });
    assert.equal(api.context.connections.require(LOCAL).baseUrl, harnessUrl.replace(/\/$/, ''));
    await useLocalEmulator();
  });
});
