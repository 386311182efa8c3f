// building-twins mcp rehearses its first calls while the client initializes (src/cli/mcpRehearsal.ts): over the
// stand-in service each rehearsed call answers as a real one does, nothing reaches the real service, and the rehearsal
// stops when told to; the server lists its tools once it is ready.
import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../../../src/core/api/localEmulator';
import { AGENT_TOOLS, agentTool } from '../../../src/core/agentTools/agentToolTable';
import { createMcpServer, INSTRUCTIONS } from '../../../src/cli/mcpServer';
import { createRehearsal, REHEARSED_CALLS, rehearseFirstCalls } from '../../../src/cli/mcpRehearsal';
import { RehearsalExchange } from '../../../src/cli/rehearsalExchange';
import { EmulatorHarness } from '../api/emulatorHarness';

describe('building-twins mcp: the rehearsal of the first calls', () => {
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  /** A rehearsal as the server runs it, its client made from the options of a connection to the emulator. */
  const rehearse = (
    stopped: () => boolean = () => false,
    more: { onWarm?: () => void; quiet?: () => Promise<void> } = {},
  ) => {
    const { ctx } = createRehearsal({
      baseUrl: emu.url,
      clientId: LOCAL_DEV_CLIENT_ID,
      clientSecret: LOCAL_DEV_CLIENT_SECRET,
      rateLimit: false,
    });
    return rehearseFirstCalls({
      createServer: (protocolVersion) => createMcpServer(ctx, false, { protocolVersion }),
      stopped,
      quiet: () => Promise.resolve(),
      ...more,
    });
  };

  it('rehearses tools, among them those the instructions say to start with', () => {
    const names = REHEARSED_CALLS.map((call) => call.name);
    for (const name of names) assert.ok(agentTool(name), `${name} is not a tool`);
    const start = /Start with ([^.;]*)/.exec(INSTRUCTIONS)?.[1];
    assert.ok(start, 'the instructions say where to start');
    const named = start.match(/\b[a-z]+_[a-z_]+\b/g) ?? [];
    assert.ok(named.length > 0);
    for (const name of named) assert.ok(names.includes(name), `${name} is not rehearsed`);
  });

  it('answers each rehearsed call as a real call is answered, and sends nothing to the service', async () => {
    await emu.clearRequests();
    const results = await rehearse();
    assert.equal(results.length, REHEARSED_CALLS.length);
    for (const [i, result] of results.entries()) {
      const name = REHEARSED_CALLS[i]!.name;
      assert.ok(result, `${name} was not answered`);
      assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
      assert.ok(result.structuredContent, `${name} has no structured answer`);
    }
    const twin = results[REHEARSED_CALLS.findIndex((call) => call.name === 'get_twin')]!.structuredContent as {
      twin: { id: string };
      outgoing: unknown[];
    };
    assert.equal(twin.twin.id, REHEARSED_CALLS.find((call) => call.name === 'get_twin')!.arguments.id);
    assert.equal(twin.outgoing.length, 1);
    assert.deepEqual(await emu.requests(), []);
  });

  it('lets the server list its tools only once it is ready', async () => {
    const { ctx } = createRehearsal({ baseUrl: emu.url, clientId: 'x', clientSecret: 'x', rateLimit: false });
    let ready = (): void => undefined;
    const server = createMcpServer(ctx, false, { ready: new Promise<void>((resolve) => (ready = resolve)) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    let listed = false;
    const listing = client.listTools().then((list) => {
      listed = true;
      return list;
    });
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(listed, false, 'listed before ready');
    ready();
    assert.equal((await listing).tools.length, AGENT_TOOLS.length);
    await client.close();
  });

  it('says it is warm after the first call, and makes the others only after the quiet moment', async () => {
    const events: string[] = [];
    let endQuiet = (): void => undefined;
    let ended = false;
    const rehearsal = rehearse(() => false, {
      onWarm: () => events.push('warm'),
      quiet: () => {
        events.push('quiet');
        return new Promise<void>((resolve) => (endQuiet = resolve));
      },
    }).then((results) => {
      ended = true;
      return results;
    });
    while (!events.includes('quiet')) await new Promise((resolve) => setImmediate(resolve));
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['warm', 'quiet']);
    assert.equal(ended, false, 'the other calls did not wait');
    endQuiet();
    const results = await rehearsal;
    assert.ok(results.every((result) => result && !result.isError));
  });

  it('stops at its next step once told to', async () => {
    let steps = 0;
    const results = await rehearse(() => ++steps > 2);
    assert.ok(results[0], 'the first call was rehearsed');
    assert.deepEqual(results.slice(1), Array(REHEARSED_CALLS.length - 1).fill(undefined));
  });

  const request = (path: string) => ({
    url: `${emu.url}${path}`,
    method: 'GET',
    headers: {},
    signal: new AbortController().signal,
    maxBytes: 1024,
    idempotent: true,
  });

  it('stands in for the service only on what it rehearses: anything else is a 404, nothing sent', async () => {
    await emu.clearRequests();
    const answer = await new RehearsalExchange().send(request('/tickets'));
    assert.equal(answer.status, 404);
    assert.deepEqual(await emu.requests(), []);
  });

  it('answers nothing once stopped, also what was asked before', async () => {
    const exchange = new RehearsalExchange();
    const asked = exchange.send(request('/twins/x'));
    exchange.stop();
    const later = exchange.send(request('/twins/x'));
    // An answer comes on the event loop's next turn; three turns later neither has come.
    const turns = new Promise<'none'>((resolve) =>
      setImmediate(() => setImmediate(() => setImmediate(() => resolve('none')))),
    );
    assert.equal(await Promise.race([asked, later, turns]), 'none');
  });
});
