// The agent tools' VS Code class (AgentLanguageModelTool) in plain Node with a stand-in `vscode` module, against
// the emulator: a confirmation is for one exact plan, once. Declined, failed or expired plans are never sent, nor a
// plan an invocation cannot be matched to; a plan is sent to the connection (and client) it names or not at all.
import * as assert from 'node:assert/strict';
import { installVscodeShim } from '../../../bench/vscodeShim';
import { agentTool } from '../../../src/core/agentTools/agentToolTable';
import type { BuildingTwinsApi, DigitalTwin, TimeSeriesEntry } from '../../../src/core/api/types';
import { type BuildingTwinsClient } from '../../../src/core/api/client';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import type {
  AgentLanguageModelTool as ToolClass,
  AgentToolServices,
} from '../../../src/extension/agents/languageModelTools';
import { EmulatorHarness } from '../api/emulatorHarness';

installVscodeShim();
// Loaded after the stand-in is in place.

const { AgentLanguageModelTool } = require('../../../src/extension/agents/languageModelTools') as {
  AgentLanguageModelTool: typeof ToolClass;
};

const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';
const START = Date.parse('2026-11-26T10:00:00Z');
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) } as never;

interface Connection {
  url: string;
  client: BuildingTwinsClient;
  puts: DigitalTwin[];
  telemetry: TimeSeriesEntry[][];
}

/** The extension's side as the tools see it, with a fake clock, switchable connections and failing model reads on demand. */
class FakeExtension implements AgentToolServices {
  active = 'A';
  clock = START;
  failModels = false;
  /** The next this many model reads fail. */
  failModelReads = 0;
  readonly connections = new Map<string, Connection>();
  constructor(private readonly emu: EmulatorHarness) {}
  connect(name: string): Connection {
    const { client } = this.emu.client({ connectionName: name });
    const connection: Connection = { url: this.emu.url, client, puts: [], telemetry: [] };
    // Records exactly what each write sends (the emulator's log has only the request line).
    const put = client.putTwin.bind(client);
    client.putTwin = (twin, o) => {
      connection.puts.push(twin);
      return put(twin, o);
    };
    const send = client.sendTimeSeries.bind(client);
    client.sendTimeSeries = (entries, o) => {
      connection.telemetry.push(entries);
      return send(entries, o);
    };
    this.connections.set(name, connection);
    return connection;
  }
  activeConnection = (): string => this.active;
  connectionNames = (): string[] => [...this.connections.keys()];
  baseUrl = (name: string): string | undefined => this.connections.get(name)?.url;
  client = async (name: string): Promise<BuildingTwinsApi> => this.connections.get(name)!.client;
  models = async (name: string): Promise<ModelIndex> => {
    if (this.failModels || this.failModelReads-- > 0) throw new Error('the models could not be read (503)');
    return ModelIndex.fromServiceModels(
      await this.connections.get(name)!.client.listModels({ includeModelDefinitions: true }),
    );
  };
  log = (): void => {};
  sendConfirmed = <T>(_connection: string, send: () => Promise<T>): Promise<T> => send();
  now = (): number => this.clock;
}

/** The answer's text, or for a failure the error it reports. */
function text(result: { content: unknown[] }): string {
  const answer = (result.content[0] as { value: string }).value;
  const { error } = JSON.parse(answer) as { error?: string };
  return error ?? answer;
}

describe('agent write tools in VS Code (AgentLanguageModelTool): one confirmation, one exact plan, once', function () {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  let ext: FakeExtension;
  let putTwin: ToolClass;
  let sendTelemetry: ToolClass;
  before(async () => {
    emu = await EmulatorHarness.start({ clock: { now: () => START } });
  });
  after(() => emu.close());
  beforeEach(async () => {
    ext = new FakeExtension(emu);
    ext.connect('A');
    ext.connect('B');
    putTwin = new AgentLanguageModelTool(agentTool('put_twin')!, ext);
    sendTelemetry = new AgentLanguageModelTool(agentTool('send_telemetry')!, ext);
    await emu.clearRequests();
  });

  const room = (id: string, name = 'Agent room') => ({ twin: { id, modelId: ROOM, contents: { name } } });
  const prepare = (tool: ToolClass, input: Record<string, unknown>) => tool.prepareInvocation({ input }, token);
  const invoke = async (tool: ToolClass, input: Record<string, unknown>) =>
    text(await tool.invoke({ input, toolInvocationToken: undefined }, token));
  const writesServed = async () =>
    (await emu.requests()).filter((r) => r.method === 'PUT' || r.method === 'PATCH' || r.path.endsWith('/time-series'));

  it('sends a confirmed plan once; a second invoke of the same input without a new confirmation sends nothing ("always allow" prepares each call anew)', async () => {
    const input = room('LMT-ONCE');
    assert.ok((await prepare(putTwin, input)).confirmationMessages);
    assert.match(await invoke(putTwin, input), /"done":"create or replace twin LMT-ONCE/);
    assert.match(await invoke(putTwin, input), /was not confirmed/);
    assert.equal(ext.connections.get('A')!.puts.length, 1);
    // "Always allow": VS Code skips the dialog but still prepares each call; each prepared plan is sent once.
    await prepare(putTwin, input);
    assert.match(await invoke(putTwin, input), /"done"/);
    assert.equal(ext.connections.get('A')!.puts.length, 2);
  });

  it('never sends a declined plan: a plan made later for the same input is sent only when it is the same request', async () => {
    const input = room('LMT-DECLINED');
    assert.ok((await prepare(putTwin, input)).confirmationMessages);
    // Declined: VS Code does not invoke. Asked again later and accepted: the request both showed is sent once.
    ext.clock = START + 60_000;
    assert.ok((await prepare(putTwin, input)).confirmationMessages);
    assert.match(await invoke(putTwin, input), /"done"/);
    assert.deepEqual(ext.connections.get('A')!.puts, [input.twin]);
    // Shown, declined, then asked again while planning fails: the refused call is invoked and nothing is sent.
    await prepare(putTwin, input);
    ext.failModels = true;
    const failed = await prepare(putTwin, input);
    assert.equal(failed.confirmationMessages, undefined);
    assert.match(String(failed.invocationMessage), /refused, nothing will be sent \(.*could not be read/);
    ext.failModels = false;
    assert.match(await invoke(putTwin, input), /Nothing was sent/);
    assert.equal(ext.connections.get('A')!.puts.length, 1);
  });

  it('two identical calls prepared at once: each shows its own plan, and only an accepted one is sent', async () => {
    const input = room('LMT-OVERLAP');
    const [first, second] = await Promise.all([prepare(putTwin, input), prepare(putTwin, input)]);
    // Each invocation is confirmed on its own: VS Code invokes a preparation without a confirmation without asking.
    assert.ok(first.confirmationMessages, String(first.invocationMessage));
    assert.ok(second.confirmationMessages, String(second.invocationMessage));
    // One is declined (never invoked), the other accepted: one request, the bytes both showed.
    assert.match(await invoke(putTwin, input), /"done"/);
    assert.deepEqual(ext.connections.get('A')!.puts, [input.twin]);
  });

  it('a call whose preparation was refused sends nothing, even while an identical call waits for its confirmation', async () => {
    const input = { connectorId: 'agent', values: [{ twinId: 'HP-AHU-1-SAT', value: 14.5 }] };
    // Planning the first fails (the models cannot be read), the second succeeds: both prepared at once.
    ext.failModelReads = 1;
    const [first, second] = await Promise.all([prepare(sendTelemetry, input), prepare(sendTelemetry, input)]);
    assert.equal(first.confirmationMessages, undefined);
    assert.match(String(first.invocationMessage), /refused, nothing will be sent/);
    assert.ok(second.confirmationMessages);
    // VS Code invokes the refused call at once (it showed nothing to confirm) while the second's dialog is open.
    assert.match(await invoke(sendTelemetry, input), /Nothing was sent/);
    // The second is then accepted: it cannot be told from the refused one, so it sends nothing either.
    assert.match(await invoke(sendTelemetry, input), /Nothing was sent/);
    assert.equal(ext.connections.get('A')!.telemetry.length, 0);
    assert.deepEqual(await writesServed(), []);
  });

  it('two calls of one input whose plans differ (planned a minute apart) send nothing: neither can be matched to its dialog', async () => {
    const input = { connectorId: 'agent', values: [{ twinId: 'HP-AHU-1-SAT', value: 15.5 }] };
    assert.ok((await prepare(sendTelemetry, input)).confirmationMessages);
    ext.clock = START + 60_000; // the second plan stamps another time
    assert.ok((await prepare(sendTelemetry, input)).confirmationMessages);
    assert.match(await invoke(sendTelemetry, input), /confirmations shown differ.*Nothing was sent/);
    assert.match(await invoke(sendTelemetry, input), /was not confirmed/);
    // Asked again, one call at a time: sent.
    assert.ok((await prepare(sendTelemetry, input)).confirmationMessages);
    assert.match(await invoke(sendTelemetry, input), /"done"/);
    assert.equal(ext.connections.get('A')!.telemetry.length, 1);
  });

  it('sends a plan to its own connection or not at all: the active connection switched, the connection changed or was removed', async () => {
    const input = room('LMT-SWITCH');
    await prepare(putTwin, input);
    ext.active = 'B';
    assert.match(await invoke(putTwin, input), /confirmed for "A", but the connection is now "B".*Nothing was sent/);
    // Named connection, then its client replaced (new URL, credentials or read-only) before the invocation.
    const named = { ...input, connection: 'A' };
    await prepare(putTwin, named);
    ext.connect('A');
    assert.match(await invoke(putTwin, named), /the connection "A" changed since it was confirmed/);
    await prepare(putTwin, named);
    ext.connections.delete('A');
    assert.match(await invoke(putTwin, named), /the connection "A" was removed/);
    assert.deepEqual(await writesServed(), [], 'nothing was sent anywhere');
  });

  it('lets a confirmation expire after 10 minutes (fake clock)', async () => {
    const input = room('LMT-EXPIRY');
    await prepare(putTwin, input);
    ext.clock += 10 * 60_000 + 1;
    assert.match(await invoke(putTwin, input), /its confirmation expired after 10 minutes.*Nothing was sent/);
    await prepare(putTwin, input);
    ext.clock += 10 * 60_000;
    assert.match(await invoke(putTwin, input), /"done"/, 'just within the lifetime');
    assert.equal(ext.connections.get('A')!.puts.length, 1);
  });

  it('shows every byte of a long body in the confirmation, with its size (no cut)', async () => {
    const name = `${'long name '.repeat(4_000)}END-OF-BODY`;
    const input = room('LMT-LONG', name);
    const prepared = await prepare(putTwin, input);
    const message = (prepared.confirmationMessages!.message as { value: string }).value;
    const body = JSON.stringify({ id: 'LMT-LONG', modelId: ROOM, contents: { name } });
    assert.ok(body.length > 40_000);
    assert.ok(message.includes(JSON.stringify(JSON.parse(body), null, 2)), 'the whole body is shown');
    assert.ok(message.includes(`Body (${Buffer.byteLength(body)} bytes of JSON, shown whole)`), message.slice(0, 300));
    assert.deepEqual(ext.connections.get('A')!.puts, [], 'preparing sent nothing');
  });
});
