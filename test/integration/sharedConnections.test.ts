import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ConnectionSecrets } from '../../src/extension/connections/connectionSecrets';
import { eventually, extensionApi } from './explorerHelpers';

describe('shared connections: export, import, workspace read-only marks', () => {
  const team = { name: 'Shared team staging', baseUrl: 'https://staging.example.com/api/v3', clientId: 'team-app' };
  const prod = { name: 'Shared team prod', baseUrl: 'https://prod.example.com/api/v3', clientId: 'team-app' };
  const secrets = ['shared-secret-staging-7d1e', 'shared-secret-prod-2b9a'];
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'bt-shared-'));
  });

  afterEach(async () => {
    const api = await extensionApi();
    api.useVsCodeInput();
    api.takeLastError();
    api.context.connections.useWorkspaceMarks(api.context.suggestedConnections.list());
    for (const { name } of [team, prod])
      if (api.context.connections.configured().some((p) => p.name === name)) await api.context.connections.remove(name);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exports the profiles without a secret, and imports them back only as the user picks, each secret typed', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('buildingTwins.addConnection', { ...team, clientSecret: secrets[0] });
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      ...prod,
      clientSecret: secrets[1],
      readOnly: true,
    });
    const file = join(dir, 'team.connections.json');
    api.useScriptedInput([file]);
    await vscode.commands.executeCommand('buildingTwins.exportConnections');
    assert.equal(api.takeLastError(), undefined);
    const text = readFileSync(file, 'utf8');
    for (const secret of secrets) assert.ok(!text.includes(secret), 'no secret in the file');
    const exported = (JSON.parse(text) as { connections: unknown[] }).connections;
    assert.deepEqual(exported.slice(-2), [team, { ...prod, readOnly: true }]);

    for (const { name } of [team, prod]) await api.context.connections.remove(name);
    // A teammate's file may carry a secret by mistake: that entry is refused whole.
    writeFileSync(
      file,
      JSON.stringify({
        connections: [...exported.slice(-2), { name: 'Leaky', baseUrl: 'contoso', clientId: 'c', clientSecret: 'x' }],
      }),
    );

    // Picking nothing adds nothing.
    let script = api.useScriptedInput([file, []]);
    assert.deepEqual(await vscode.commands.executeCommand('buildingTwins.importConnections'), []);
    assert.equal(script.remaining, 0);
    api.useScriptedInput([file, ['Leaky']]);
    await vscode.commands.executeCommand('buildingTwins.importConnections');
    assert.match(
      api.takeLastError()?.message ?? '',
      new RegExp(`matches none of: ${team.name}, ${prod.name}$`),
      'the leaky entry is not offered',
    );
    assert.ok(!api.context.connections.list().some((p) => p.name === team.name));

    // The read-only one is added read-only without a question; the other asks, read-only first.
    script = api.useScriptedInput([file, [team.name, prod.name], secrets[0], 'Read and write', secrets[1]]);
    const added = await vscode.commands.executeCommand('buildingTwins.importConnections');
    assert.equal(api.takeLastError(), undefined);
    assert.equal(script.remaining, 0);
    assert.deepEqual(added, [team, { ...prod, readOnly: true }]);
    assert.equal(api.context.connections.isReadOnly(prod.name), true);
    assert.equal(api.context.connections.isReadOnly(team.name), false);
    const stored = JSON.parse(
      (await api.context.vscodeContext.secrets.get(ConnectionSecrets.key(team.name, 'clientSecret'))) ?? '{}',
    ) as { secret?: string };
    assert.equal(stored.secret, secrets[0], 'the secret the user typed, in SecretStorage');

    // What the user has already is not offered again.
    api.useScriptedInput([file]);
    assert.deepEqual(await vscode.commands.executeCommand('buildingTwins.importConnections'), []);
    assert.equal(api.takeLastError(), undefined);
  });

  it("a workspace's read-only mark makes a connection read-only here, and no mark makes one writable", async () => {
    const api = await extensionApi();
    const connections = api.context.connections;
    await vscode.commands.executeCommand('buildingTwins.addConnection', { ...team, clientSecret: secrets[0] });
    await vscode.commands.executeCommand('buildingTwins.addConnection', {
      ...prod,
      clientSecret: secrets[1],
      readOnly: true,
    });
    connections.useWorkspaceMarks([
      { ...team, name: 'Called otherwise by the team', readOnly: true },
      { ...prod, readOnly: false },
    ]);
    assert.equal(connections.isReadOnly(team.name), true, 'marked by its service and client');
    assert.equal(connections.require(team.name).readOnly, true, 'its client is made read-only');
    assert.equal(connections.readOnlyByWorkspace(team.name), true);
    assert.equal(connections.isReadOnly(prod.name), true, 'a suggestion without the mark leaves it read-only');
    const setting = vscode.workspace
      .getConfiguration('buildingTwins')
      .get<{ name: string; readOnly?: boolean }[]>('connections');
    assert.equal(setting?.find((c) => c.name === team.name)?.readOnly, undefined, 'the user setting is untouched');
    await eventually(async () => {
      const row = (await api.treeSnapshot()).find((r) => r.label === team.name);
      assert.match(row?.description ?? '', /read-only/, 'the tree says so');
    });
    // The user allows writes: their setting says so, the workspace's mark still holds here.
    await vscode.commands.executeCommand('buildingTwins.allowConnectionWrites', team.name);
    assert.equal(api.takeLastError(), undefined);
    assert.equal(connections.isReadOnly(team.name), true);
    connections.useWorkspaceMarks([]);
    assert.equal(connections.isReadOnly(team.name), false);
  });
});
