import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { emulatorUrl, extensionApi, LOCAL } from './explorerHelpers';

const run = promisify(execFile);

describe('Open Terminal for Connection', function () {
  this.timeout(60_000);
  const name = 'Terminal test connection';
  const secret = 'terminal-secret-4e7a-never-in-env';
  const opened: vscode.Terminal[] = [];

  after(async () => {
    for (const terminal of opened.splice(0)) terminal.dispose();
    const api = await extensionApi();
    if (api.context.connections.configured().some((p) => p.name === name)) await api.context.connections.remove(name);
  });

  async function openFor(connection: string): Promise<{ terminal: vscode.Terminal; env: Record<string, string> }> {
    const api = await extensionApi();
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('buildingTwins.openTerminal', connection);
    assert.equal(api.takeLastError(), undefined);
    opened.push(terminal);
    return { terminal, env: (terminal.creationOptions as vscode.TerminalOptions).env as Record<string, string> };
  }

  it('names the connection, sets its URL, client id and read-only, and never its secret', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      name,
      baseUrl: 'https://terminal.example.com/api/v3',
      clientId: 'terminal-client',
      clientSecret: secret,
      readOnly: true,
    });
    assert.equal(api.takeLastError(), undefined);
    const { terminal, env } = await openFor(name);
    assert.equal(terminal.name, `Building Twins: ${name}`);
    assert.equal(env.BUILDING_TWINS_URL, 'https://terminal.example.com/api/v3');
    assert.equal(env.BUILDING_TWINS_CLIENT_ID, 'terminal-client');
    assert.equal(env.BUILDING_TWINS_READ_ONLY, '1');
    for (const [key, value] of Object.entries(env)) {
      assert.ok(!/secret|token|password/i.test(key), `no credential variable (${key})`);
      assert.ok(!String(value).includes(secret), `the secret is not in ${key}`);
    }
  });

  it('puts a building-twins launcher first on PATH that runs the bundled CLI against the connection', async function () {
    const url = emulatorUrl(this);
    const { terminal, env } = await openFor(LOCAL);
    assert.equal(terminal.name, `Building Twins: ${LOCAL}`);
    assert.equal(env.BUILDING_TWINS_URL, url.replace(/\/$/, ''));
    assert.equal(env.BUILDING_TWINS_READ_ONLY, undefined, 'the local emulator is writable');
    const folder = env.PATH!.split(delimiter)[0]!;
    const launcher = join(folder, process.platform === 'win32' ? 'building-twins.cmd' : 'building-twins');
    assert.ok(existsSync(launcher), launcher);
    const manifest = (await extensionApi()).context.vscodeContext.extension.packageJSON as { version: string };
    const version = await run(launcher, ['--version'], { env: { ...process.env, ...env } });
    assert.match(version.stdout, new RegExp(manifest.version.replace(/\./g, '\\.')));
    // The emulator's well-known secret is the CLI's own default: the terminal needs none.
    const counted = await run(launcher, ['twins', 'count'], { env: { ...process.env, ...env } });
    assert.match(counted.stdout, /\d/);
  });
});
