// What newer VS Code offers, used where this VS Code has it and absent (without harm) where it does not: the MCP
// server definition provider (1.101), data parts in tool results (1.106) and chat skills, prompt files and
// instructions contributed by the manifest. The harness runs this suite on the oldest and the newest VS Code.
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import { CHART_POINTS_MIME } from '../../src/core/agentTools/chartPoints';
import { lmToolId } from '../../src/extension/agents/agentToolNames';
import { mcpApi, type McpServerProvider, type McpStdioDefinition } from '../../src/extension/agents/mcpServerProvider';
import { extensionApi, LOCAL } from './explorerHelpers';

const token = new vscode.CancellationTokenSource().token;
const READ_ONLY = 'MCP (read-only)';
const manifest = () =>
  vscode.extensions.getExtension('building-twins.building-twins')!.packageJSON as {
    contributes: Record<string, Array<{ path?: string; id?: string }>>;
  };

describe('newer VS Code features, feature-detected', function () {
  this.timeout(90_000);

  describe('MCP server definition provider', () => {
    it('is registered exactly when this VS Code has the MCP API, and declared in the manifest either way', async () => {
      const api = await extensionApi();
      assert.deepEqual(
        manifest().contributes.mcpServerDefinitionProviders!.map((p) => p.id),
        ['buildingTwins.mcpServers'],
      );
      assert.equal(api.context.mcpServers !== undefined, mcpApi() !== undefined, `VS Code ${vscode.version}`);
    });

    it('offers one server per connection without its secret, and adds the secret only when VS Code starts it', async function () {
      const api = await extensionApi();
      const provider = api.context.mcpServers;
      if (!provider) {
        // VS Code before 1.101: nothing to offer the servers to; the language model tools remain the way in.
        assert.equal(mcpApi(), undefined);
        return;
      }
      const emulator = api.context.localEmulatorUrl();
      await vscode.commands.executeCommand('buildingTwins.addConnection', {
        name: READ_ONLY,
        baseUrl: emulator,
        clientId: 'local-dev',
        clientSecret: 'local-dev-secret',
        readOnly: true,
      });
      assert.equal(api.takeLastError(), undefined);
      let offered: McpStdioDefinition[];
      try {
        offered = await offerAndStart(provider);
      } finally {
        api.useScriptedInput([true]);
        await vscode.commands.executeCommand('buildingTwins.removeConnection', READ_ONLY);
        api.useVsCodeInput();
        await api.treeSnapshot();
      }
      // A definition of a connection removed since (VS Code keeps definitions across sessions) is not started.
      assert.equal(
        await provider.resolveMcpServerDefinition(
          offered.find((d) => d.label === `Building Twins: ${READ_ONLY}`)!,
          token,
        ),
        undefined,
      );
    });
  });

  it('adds the chart points of time_series as a data part where VS Code has data parts, text only before', async () => {
    const result = await vscode.lm.invokeTool(lmToolId('time_series'), {
      input: { twinIds: ['HP-AHU-1-SAT'], range: '24h', points: 4 },
      toolInvocationToken: undefined,
    });
    // Data parts as finalised (1.105+) have LanguageModelDataPart.json; 1.99's class of that name is a proposal without it.
    const dataPartClass = (
      vscode as unknown as {
        LanguageModelDataPart?: (new (...args: never[]) => { mimeType: string; data: Uint8Array }) & { json?: unknown };
      }
    ).LanguageModelDataPart;
    assert.ok(result.content[0] instanceof vscode.LanguageModelTextPart);
    if (typeof dataPartClass?.json !== 'function') {
      assert.equal(result.content.length, 1, `VS Code ${vscode.version} has no data parts: text only`);
      return;
    }
    const data = result.content.find((p): p is { mimeType: string; data: Uint8Array } => p instanceof dataPartClass!);
    assert.ok(data, 'a data part');
    assert.equal(data.mimeType, CHART_POINTS_MIME);
    const points = JSON.parse(new TextDecoder().decode(data.data)) as {
      series: Array<{ twinId: string; points: unknown[] }>;
    };
    assert.deepEqual(
      points.series.map((s) => [s.twinId, s.points.length]),
      [['HP-AHU-1-SAT', 4]],
    );
  });

  it('contributes a skill, prompt files and instructions that VS Code lists where it reads them, ignored where it does not', async () => {
    const contributed = (['chatSkills', 'chatPromptFiles', 'chatInstructions'] as const).flatMap((key) =>
      manifest().contributes[key]!.map((c) => c.path!.replace(/^\.\//, '')),
    );
    assert.equal(contributed.length, 4);
    const commands = await vscode.commands.getCommands(false);
    if (!commands.includes('_listExtensionPromptFiles')) {
      // VS Code without contributed chat files (1.99) skips the unknown contribution points; the extension runs as usual.
      assert.ok((await extensionApi()).context);
      return;
    }
    const listed =
      await vscode.commands.executeCommand<
        Array<{ uri: { scheme: string; authority?: string; path: string }; type: string; extensionId: string }>
      >('_listExtensionPromptFiles');
    const ours = listed
      .filter((f) => f.extensionId.toLowerCase() === 'building-twins.building-twins')
      .map((f) => [vscode.Uri.from(f.uri).path.replace(/.*\/(chat\/)/, '$1'), f.type])
      .sort();
    assert.deepEqual(ours, [
      ['chat/instructions/dtdl-models.instructions.md', 'instructions'],
      ['chat/prompts/find-faults.prompt.md', 'prompt'],
      ['chat/prompts/summarise-equipment.prompt.md', 'prompt'],
      ['chat/skills/building-twins/SKILL.md', 'skill'],
    ]);
  });
});

/** Offers the servers, resolves each and talks MCP to it: tools listed (no write tool on the read-only one) and a read answered. */
async function offerAndStart(provider: McpServerProvider): Promise<McpStdioDefinition[]> {
  const offered = await provider.provideMcpServerDefinitions(token);
  assert.deepEqual(
    offered.map((d) => d.label),
    [`Building Twins: ${LOCAL}`, `Building Twins: ${READ_ONLY}`],
  );
  assert.ok(!JSON.stringify(offered).includes('local-dev-secret'), 'no secret in what VS Code keeps');
  for (const [label, writable] of [
    [`Building Twins: ${LOCAL}`, true],
    [`Building Twins: ${READ_ONLY}`, false],
  ] as const) {
    const resolved: McpStdioDefinition = (await provider.resolveMcpServerDefinition(
      offered.find((d) => d.label === label)!,
      token,
    ))!;
    assert.equal(resolved.env.BUILDING_TWINS_CLIENT_SECRET, 'local-dev-secret');
    const env = Object.fromEntries(
      Object.entries({ ...process.env, ...resolved.env }).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    const client = new Client({ name: 'integration-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({ command: resolved.command, args: resolved.args, env, stderr: 'pipe' }),
    );
    try {
      const tools = (await client.listTools()).tools;
      assert.ok(tools.some((t) => t.name === 'list_models'));
      // A read-only server lists no write tool; the writable local emulator (buildingTwins.confirmWrites is
      // remoteOnly by default, which spares this machine) lists them, sent without asking (src/cli/mcpWriteMode.ts).
      const putTwin = tools.find((t) => t.name === 'put_twin');
      assert.equal(putTwin !== undefined, writable, `${label}: ${tools.map((t) => t.name).join(', ')}`);
      if (putTwin) assert.match(putTwin.description ?? '', /--allow-unconfirmed-writes/, label);
      const answer = await client.callTool({
        name: 'find_twins',
        arguments: { model: 'dtmi:com:buildingtwins:sample:AirHandlingUnit;1' },
      });
      assert.match(JSON.stringify(answer.content), /HP-AHU-1/);
    } finally {
      await client.close();
    }
  }
  return offered;
}
