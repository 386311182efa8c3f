// The agent tools as VS Code language model tools: every core tool registered (vscode.lm.tools), reads through
// vscode.lm.invokeTool against the emulator, and a write's prepareInvocation showing exactly what will be sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AGENT_TOOLS } from '../../src/core/agentTools/agentToolTable';
import { lmModelDescription, lmToolId, TOOL_REFERENCE_NAMES } from '../../src/extension/agents/agentToolNames';
import { clearRequests, emulatorUrl, extensionApi, LOCAL, requests, SAMPLE } from './explorerHelpers';

const ROOM = `${SAMPLE}:Room;1`;
const READ_ONLY = 'Agents (read-only)';

async function invoke(name: string, input: object): Promise<{ text: string; data: Record<string, unknown> }> {
  const result = await vscode.lm.invokeTool(lmToolId(name), { input, toolInvocationToken: undefined });
  const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  return { text, data: JSON.parse(text) as Record<string, unknown> };
}

const token = new vscode.CancellationTokenSource().token;

describe('agent tools in VS Code (language model tools)', function () {
  this.timeout(60_000);
  let url: string;
  before(async function () {
    url = emulatorUrl(this);
    await extensionApi();
  });

  it('registers every agent tool in vscode.lm.tools with its schema, tags and the connection input', () => {
    for (const tool of AGENT_TOOLS) {
      const registered = vscode.lm.tools.find((t) => t.name === lmToolId(tool.name));
      assert.ok(registered, `${tool.name} is not in vscode.lm.tools`);
      assert.equal(registered.description, lmModelDescription(tool));
      assert.ok(registered.tags.includes(tool.access), `${tool.name} tags ${registered.tags.join(',')}`);
      const schema = registered.inputSchema as { properties: Record<string, unknown> };
      assert.ok('connection' in schema.properties);
      assert.ok(TOOL_REFERENCE_NAMES[tool.name]);
    }
  });

  it('answers reads from the active connection (the local emulator) through vscode.lm.invokeTool', async () => {
    const vav = await invoke('find_twins', { model: `${SAMPLE}:VAVBox;1`, locationId: 'HP-L03' });
    assert.deepEqual(
      (vav.data.twins as Array<{ id: string }>).map((t) => t.id).sort(),
      ['HP-L03-VAV1', 'HP-L03-VAV2'],
      vav.text,
    );
    const twin = await invoke('get_twin', { id: 'HP-AHU-1' });
    assert.equal((twin.data.twin as { modelId: string }).modelId, `${SAMPLE}:AirHandlingUnit;1`);
    assert.ok((twin.data.incoming as Array<{ name: string }>).some((r) => r.name === 'isFedBy'));
    const series = await invoke('time_series', { twinIds: ['HP-AHU-1-SAT'], range: '24h', points: 5 });
    const sat = (series.data.series as Record<string, { count: number; points: unknown[] }>)['HP-AHU-1-SAT']!;
    assert.ok(sat.count > 0 && sat.points.length === 5, series.text);
    const named = await invoke('ticket_metadata', { kind: 'statuses', connection: LOCAL });
    assert.ok((named.data.items as Array<{ name: string }>).some((s) => s.name === 'Open'));
    const unknown = await invoke('list_models', { connection: 'Nowhere' });
    assert.match(String(unknown.data.error), /There is no connection "Nowhere"/);
  });

  it('shows the connection and exactly the JSON a write will send in prepareInvocation, and sends that plan only when invoked', async () => {
    const api = await extensionApi();
    const putTwin = api.context.agentTools.find((t) => t.tool.name === 'put_twin')!;
    const input = { twin: { id: 'AGENT-ROOM-1', modelId: ROOM, contents: { name: 'Agent room' } } };
    await clearRequests(url);
    const prepared = await putTwin.prepareInvocation({ input }, token);
    const confirmation = prepared.confirmationMessages!;
    assert.equal(
      confirmation.title,
      'Create or replace twin AGENT-ROOM-1 on "Local emulator"?',
      "the write gate's question for this request",
    );
    const message = (confirmation.message as vscode.MarkdownString).value;
    assert.ok(message.includes('PUT /twins'), message);
    assert.ok(message.includes(JSON.stringify(input.twin, null, 2)), message);
    assert.ok(message.includes(url.replace(/\/+$/, '')), "the connection's URL is shown");
    assert.ok(
      (await requests(url)).every((r) => r.method !== 'PUT'),
      'preparing sent nothing',
    );
    const result = await putTwin.invoke({ input, toolInvocationToken: undefined }, token);
    assert.match(
      (result.content[0] as vscode.LanguageModelTextPart).value,
      /"done":"create or replace twin AGENT-ROOM-1/,
    );
    assert.ok((await requests(url)).some((r) => r.method === 'PUT' && r.path === '/api/v3/twins'));
  });

  it('runs a write through vscode.lm.invokeTool only via prepareInvocation (VS Code asks there; this test host accepts)', async () => {
    // invoke refuses a write whose plan prepareInvocation did not make, so a sent write proves VS Code prepared it first.
    await clearRequests(url);
    const sent = await invoke('put_twin', {
      twin: { id: 'AGENT-ROOM-2', modelId: ROOM, contents: { name: 'Second agent room' } },
    });
    assert.equal(sent.data.connection, LOCAL, sent.text);
    assert.deepEqual(
      (await requests(url)).filter((r) => r.method === 'PUT').map((r) => r.path),
      ['/api/v3/twins'],
    );
  });

  describe('on a read-only connection', () => {
    before(async () => {
      const api = await extensionApi();
      await vscode.commands.executeCommand('buildingTwins.addConnection', {
        name: READ_ONLY,
        baseUrl: url,
        clientId: 'local-dev',
        clientSecret: 'local-dev-secret',
        readOnly: true,
      });
      assert.equal(api.takeLastError(), undefined);
    });
    after(async () => {
      const api = await extensionApi();
      api.useScriptedInput([true]);
      await vscode.commands.executeCommand('buildingTwins.removeConnection', READ_ONLY);
      api.useVsCodeInput();
    });

    it('reads, but refuses every write tool with nothing to confirm and nothing sent', async () => {
      const api = await extensionApi();
      const read = await invoke('get_twin', { id: 'HP-AHU-1', relationships: false, connection: READ_ONLY });
      assert.equal((read.data.twin as { id: string }).id, 'HP-AHU-1', read.text);
      await clearRequests(url);
      for (const tool of api.context.agentTools.filter((t) => t.tool.access === 'write')) {
        const input = { connection: READ_ONLY, id: 'HP-AHU-1' };
        const prepared = await tool.prepareInvocation({ input }, token);
        assert.equal(prepared.confirmationMessages, undefined, tool.tool.name);
        assert.match(String(prepared.invocationMessage), /refused, nothing will be sent .*is read-only/);
        const refused = await invoke(tool.tool.name, input);
        assert.equal(
          refused.data.error,
          `${tool.tool.name} refused: the connection "${READ_ONLY}" is read-only; nothing was sent`,
        );
      }
      assert.deepEqual(await requests(url), [], 'not even a read: the refusal comes first');
    });
  });

  it('refuses a write that was not shown for confirmation, and one its model forbids, sending nothing', async () => {
    const api = await extensionApi();
    const patchTwin = api.context.agentTools.find((t) => t.tool.name === 'patch_twin')!;
    await clearRequests(url);
    const unconfirmed = await patchTwin.invoke(
      {
        input: { id: 'AGENT-ROOM-1', patch: [{ op: 'replace', path: '/name', value: 'x' }] },
        toolInvocationToken: undefined,
      },
      token,
    );
    assert.match((unconfirmed.content[0] as vscode.LanguageModelTextPart).value, /was not confirmed/);
    const invalid = await patchTwin.prepareInvocation(
      { input: { id: 'AGENT-ROOM-1', patch: [{ op: 'add', path: '/colour', value: 'red' }] } },
      token,
    );
    assert.equal(invalid.confirmationMessages, undefined);
    assert.match(String(invalid.invocationMessage), /refused, nothing will be sent .*colour is not a property/);
    assert.ok((await requests(url)).every((r) => r.method !== 'PATCH'));
  });
});

describe('MCP servers in VS Code follow buildingTwins.confirmWrites', function () {
  this.timeout(30_000);
  const setting = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('buildingTwins');
  after(() => setting().update('confirmWrites', undefined, vscode.ConfigurationTarget.Global));

  it('asks before each write (--allow-writes) unless the setting spares the connection (--allow-unconfirmed-writes), and offers the servers anew when it changes', async () => {
    const provider = (await extensionApi()).context.mcpServers;
    const [major, minor] = vscode.version.split('.').map(Number);
    if (major === 1 && minor! < 101) {
      // VS Code before 1.101 has no MCP server definitions: the extension registers none there.
      assert.equal(provider, undefined);
      return;
    }
    assert.ok(provider, 'the MCP server definitions are registered');
    const writeFlags = async (): Promise<string[]> => {
      const local = (await provider.provideMcpServerDefinitions(token)).find(
        (d) => d.label === `Building Twins: ${LOCAL}`,
      )!;
      return local.args.filter((arg) => arg.startsWith('--allow-'));
    };
    // The local emulator is on this machine: the default (remoteOnly) spares it.
    assert.deepEqual(await writeFlags(), ['--allow-unconfirmed-writes']);
    const changed = new Promise<void>((resolve) => {
      const listener = provider.onDidChangeMcpServerDefinitions(() => {
        listener.dispose();
        resolve();
      });
    });
    await setting().update('confirmWrites', 'always', vscode.ConfigurationTarget.Global);
    await changed;
    assert.deepEqual(await writeFlags(), ['--allow-writes']);
    await setting().update('confirmWrites', 'never', vscode.ConfigurationTarget.Global);
    assert.deepEqual(await writeFlags(), ['--allow-unconfirmed-writes']);
  });
});
