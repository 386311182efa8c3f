// building-twins mcp (dist/cli.js) at the edges of its stdio transport, spoken to line by line: over-size
// messages (answered with their id), lines that are not JSON or not JSON-RPC, batches under each protocol version
// (a cancelled member included), the protocol version deciding whether answers carry structuredContent, input piped
// and closed at once; and a 1 MB twin read through the official SDK client.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import Ajv from 'ajv';
import { agentTool } from '../../../src/core/agentTools/agentToolTable';
import { MAX_ANSWER_CHARS } from '../../../src/core/agentTools/toolAnswer';
import { MAX_MESSAGE_BYTES } from '../../../src/cli/mcpStdioTransport';
import { EmulatorHarness } from '../api/emulatorHarness';
import { CLI } from './cliProcess';

type Message = {
  jsonrpc: '2.0';
  id?: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

/** The server as a raw line-by-line peer: what it writes is read line by line, in order. */
class RawSession {
  private readonly lines: string[] = [];
  private waiting: (() => void) | undefined;
  private pending = '';
  stderr = '';
  exit: number | null | undefined;
  readonly logged: unknown[] = [];

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      const parts = this.pending.split('\n');
      this.pending = parts.pop()!;
      this.lines.push(...parts.filter(Boolean));
      this.waiting?.();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    child.on('exit', (code) => {
      this.exit = code;
      this.waiting?.();
    });
  }

  static start(url: string): RawSession {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
    return new RawSession(
      spawn(process.execPath, [CLI, 'mcp'], { env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: url } }),
    );
  }

  write(text: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.child.stdin.write(text, (error) => (error ? reject(error) : resolve())),
    );
  }

  send(message: unknown): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  /** The next line the server writes, parsed. */
  async next(): Promise<Message | Message[]> {
    while (!this.lines.length) {
      if (this.exit !== undefined) throw new Error(`the server exited (${this.exit}); stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = undefined;
    }
    const message = JSON.parse(this.lines.shift()!) as Message | Message[];
    // The server's log (notifications/message) is kept apart: the tests read the answers.
    if (!Array.isArray(message) && (message as { method?: string }).method === 'notifications/message') {
      this.logged.push(message);
      return this.next();
    }
    return message;
  }

  async initialize(protocolVersion: string): Promise<Message> {
    await this.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    const answer = (await this.next()) as Message;
    await this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return answer;
  }

  async ping(id: number): Promise<void> {
    await this.send({ jsonrpc: '2.0', id, method: 'ping' });
    assert.deepEqual(await this.next(), { jsonrpc: '2.0', id, result: {} }, 'still serving');
  }

  close(): void {
    this.child.stdin.end();
  }
}

/** The official SDK client connected to a fresh `building-twins mcp` over stdio, on the emulator at `url`. */
async function sdkClient(url: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: url },
    stderr: 'pipe',
  });
  const sdk = new Client({ name: 'building-twins-test', version: '0.0.0' });
  await sdk.connect(transport);
  return sdk;
}

describe("building-twins mcp: the stdio transport's edges", function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let session: RawSession | undefined;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  afterEach(() => session?.close());
  after(() => emu?.close());

  it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600, logs both to stderr, and keeps serving', async () => {
    session = RawSession.start(emu.url);
    await session.initialize('2025-06-18');
    await session.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
    assert.deepEqual(await session.next(), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not JSON' },
    });
    await session.send({ id: 7, method: 42 });
    const invalid = (await session.next()) as Message;
    assert.equal(invalid.id, 7);
    assert.equal(invalid.error?.code, -32600);
    await session.ping(2);
    assert.match(session.stderr, /building-twins mcp: a line that is not JSON was refused/);
    assert.match(session.stderr, /building-twins mcp: a message that is not JSON-RPC 2\.0 was refused/);
    assert.ok(session.logged.length >= 1, "in the client's log too");
  });

  it('skips a message over the size limit without holding it, answers -32600, and keeps serving', async () => {
    session = RawSession.start(emu.url);
    await session.initialize('2025-06-18');
    const big = Buffer.alloc(MAX_MESSAGE_BYTES + 1024 * 1024, 'a');
    await session.write(
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":"'),
        big,
        Buffer.from('"}}\n'),
      ]),
    );
    const refused = (await session.next()) as Message;
    assert.equal(refused.error?.code, -32600);
    assert.equal(refused.id, 3, 'answered with the id at the start of the line');
    assert.match(refused.error!.message, new RegExp(`message over ${MAX_MESSAGE_BYTES} bytes`));
    await session.ping(4);
    assert.equal(session.exit, undefined, 'the server is still running');
    assert.match(session.stderr, /a message over \d+ bytes was skipped/);
    // The official SDKs write the id last: it is read from the end of the line.
    await session.write(
      Buffer.concat([
        Buffer.from('{"method":"tools/call","params":{"name":"get_twin","arguments":{"id":"'),
        big,
        Buffer.from('"}},"jsonrpc":"2.0","id":"big-5"}\n'),
      ]),
    );
    assert.equal(((await session.next()) as Message).id, 'big-5');
    // An id inside params is not the request's: the answer's id stays null.
    await session.write(
      Buffer.concat([Buffer.from('{"method":"x","params":{"y":"'), big, Buffer.from('","id":6}}\n')]),
    );
    assert.equal(((await session.next()) as Message).id, null);
  });

  it("ends the SDK client's call with an over-size argument at once (-32600 with its id), not at its timeout", async () => {
    const sdk = await sdkClient(emu.url);
    try {
      const started = Date.now();
      await assert.rejects(
        sdk.callTool({ name: 'get_twin', arguments: { id: 'x'.repeat(MAX_MESSAGE_BYTES + 1) } }, undefined, {
          timeout: 30_000,
        }),
        (error) => {
          assert.equal((error as { code?: number }).code, -32600);
          return true;
        },
      );
      assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
    } finally {
      await sdk.close();
    }
  });

  it('answers a batch whose request was cancelled without it (2025-03-26), and keeps serving', async () => {
    session = RawSession.start(emu.url);
    await session.initialize('2025-03-26');
    await session.send([
      { jsonrpc: '2.0', id: 30, method: 'tools/call', params: { name: 'get_twin', arguments: { id: 'HP-AHU-1' } } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 30 } },
      { jsonrpc: '2.0', id: 31, method: 'ping' },
    ]);
    assert.deepEqual(await session.next(), [{ jsonrpc: '2.0', id: 31, result: {} }]);
    // A batch of a cancelled request alone gets no reply at all: the next line answers the next request.
    await session.send([
      { jsonrpc: '2.0', id: 32, method: 'tools/call', params: { name: 'get_twin', arguments: { id: 'HP-AHU-1' } } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 32 } },
    ]);
    await session.ping(33);
  });

  it('answers every request of input piped and closed at once, then exits 0', async () => {
    session = RawSession.start(emu.url);
    const calls = ['get_twin', 'find_twins', 'list_models'];
    await session.write(
      [
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        ...calls.map((name, i) => ({
          jsonrpc: '2.0',
          id: i + 1,
          method: 'tools/call',
          params: { name, arguments: name === 'get_twin' ? { id: 'HP-AHU-1' } : {} },
        })),
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n',
    );
    session.close();
    const answers: Message[] = [];
    for (let i = 0; i <= calls.length; i++) answers.push((await session.next()) as Message);
    assert.deepEqual(answers.map((a) => a.id).sort(), [0, 1, 2, 3]);
    for (const answer of answers.slice(1)) assert.equal((answer.result as { isError?: boolean }).isError, undefined);
    while (session.exit === undefined) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(session.exit, 0);
  });

  it('answers a batch with one array under 2025-03-26 (requests answered, notifications not, invalid members refused)', async () => {
    session = RawSession.start(emu.url);
    const init = await session.initialize('2025-03-26');
    assert.equal(init.result?.protocolVersion, '2025-03-26');
    await session.send([
      { jsonrpc: '2.0', id: 10, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } },
      {
        jsonrpc: '2.0',
        id: 11,
        method: 'tools/call',
        params: { name: 'ticket_metadata', arguments: { kind: 'statuses' } },
      },
      { id: 12 },
    ]);
    const replies = (await session.next()) as Message[];
    assert.ok(Array.isArray(replies), JSON.stringify(replies));
    assert.deepEqual(replies.map((r) => r.id).sort(), [10, 11, 12]);
    assert.equal(replies.find((r) => r.id === 12)!.error?.code, -32600);
    // 2025-03-26 has no structuredContent: the answer is its text alone.
    const call = replies.find((r) => r.id === 11)!.result as {
      content: Array<{ text: string }>;
      structuredContent?: unknown;
    };
    assert.equal(call.structuredContent, undefined);
    assert.ok((JSON.parse(call.content[0]!.text) as { items: unknown[] }).items.length > 0);
  });

  it('refuses a batch with -32600 under 2025-06-18 and later (batches were removed)', async () => {
    session = RawSession.start(emu.url);
    await session.initialize('2025-06-18');
    await session.send([{ jsonrpc: '2.0', id: 20, method: 'ping' }]);
    const refused = (await session.next()) as Message;
    assert.equal(refused.error?.code, -32600);
    assert.match(refused.error!.message, /MCP 2025-06-18 has no JSON-RPC batches/);
    await session.ping(21);
  });

  it('stops when stdin closes, exiting 0', async () => {
    session = RawSession.start(emu.url);
    await session.initialize('2025-06-18');
    session.close();
    while (session.exit === undefined) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(session.exit, 0);
  });
});

describe('building-twins mcp: a 1 MB twin through the official SDK client', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  it('answers get_twin within the cap, valid against its outputSchema (the client checks), saying what was cut', async () => {
    const { client } = emu.client();
    const contents: Record<string, unknown> = { name: `${'Long name '.repeat(50_000)}END` };
    await client.putTwin({ id: 'MCP-BIG', modelId: 'dtmi:com:buildingtwins:sample:Room;1', contents });
    const sdk = await sdkClient(emu.url);
    try {
      await sdk.listTools(); // the client keeps each tool's outputSchema and validates structuredContent against it
      const result = (await sdk.callTool({ name: 'get_twin', arguments: { id: 'MCP-BIG' } })) as {
        isError?: boolean;
        content: Array<{ text: string }>;
        structuredContent: Record<string, unknown>;
      };
      assert.notEqual(result.isError, true, result.content[0]?.text);
      const validate = new Ajv({ strict: false }).compile(agentTool('get_twin')!.outputSchema);
      assert.ok(validate(result.structuredContent));
      assert.ok(result.content[0]!.text.length <= MAX_ANSWER_CHARS);
      assert.equal((result.structuredContent.twin as { id: string }).id, 'MCP-BIG');
      assert.match(String(result.structuredContent.cut), /twin\.contents\.name: first \d+ of 500003 characters/);
    } finally {
      await sdk.close();
    }
  });
});
