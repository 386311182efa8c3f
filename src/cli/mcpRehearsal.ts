// What `building-twins mcp` does while its client initializes and lists the tools, so that its first tool call costs
// no more than the next ones: a rehearsal. A second server, made the same way as the real one but over a client of the
// stand-in service (rehearsalExchange.ts: answers from memory, sends nothing), is initialized and called once for
// each call of REHEARSED_CALLS through a transport like the real one over in-memory streams. V8 compiles each
// function on its first run, the SDK its zod schemas on first use, Ajv each tool's input check: the rehearsal pays
// all that instead of the first call. The first rehearsed call warms the path every call shares; the server lists its
// tools once it is done. The other calls wait for a moment of quiet: a client that calls as soon as it has the list
// is better off without them. Every step is a turn of the event loop of its own, so a message from the real client
// waits for at most one step, and the rehearsal stops at the real server's first call (a call it was making then
// never gets its stand-in answers): from then on it would only compete with the calls it prepares for.

import { PassThrough } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AgentToolContext } from '../core/agentTools/agentTool';
import { createToolContext } from '../core/agentTools/toolContext';
import { BuildingTwinsClient, type BuildingTwinsClientOptions } from '../core/api/client';
import { McpStdioTransport } from './mcpStdioTransport';
import { REHEARSAL_MODEL, REHEARSAL_TWIN, RehearsalExchange } from './rehearsalExchange';

export interface RehearsalCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * get_twin, then the tools the instructions say to start with. The cheapest first: it warms the path every call shares
 * (the SDK's dispatch, Ajv, the client, answer fitting) soonest.
 */
export const REHEARSED_CALLS: readonly RehearsalCall[] = [
  { name: 'get_twin', arguments: { id: REHEARSAL_TWIN } },
  { name: 'find_twins', arguments: { model: REHEARSAL_MODEL } },
  { name: 'list_models', arguments: {} },
];

export interface RehearsalOptions {
  /** A server like the real one over the stand-in service; `protocolVersion` is its transport's. */
  createServer: (protocolVersion: () => string | undefined) => Server;
  /** True once the real server has been called or has closed: the rehearsal stops at its next step. */
  stopped: () => boolean;
  /** Called once the first call has been rehearsed, or the rehearsal ended before (stopped or failed). */
  onWarm?: () => void;
  /** Waited for between the first call and the others; by default a moment without calls (QUIET_MS). */
  quiet?: () => Promise<void>;
  calls?: readonly RehearsalCall[];
}

/** What the real server needs of a rehearsal: a tool context over the stand-in service, and a way to stop it. */
export interface Rehearsal {
  ctx: AgentToolContext;
  /** The stand-in answers nothing more: a rehearsed call in progress stays where it is. */
  stop(): void;
}

/**
 * A rehearsal over the real connection's client options: the same base URL, pacing and timeouts, so the calls take
 * the real ones' path, but read-only, without the real credentials, and over the stand-in, which sends nothing.
 */
export function createRehearsal(options: BuildingTwinsClientOptions): Rehearsal {
  const standIn = new RehearsalExchange();
  const client = new BuildingTwinsClient({
    ...options,
    clientId: 'rehearsal',
    clientSecret: 'rehearsal',
    readOnly: true,
    exchange: standIn,
  });
  return { ctx: createToolContext(client, options.baseUrl), stop: () => standIn.stop() };
}

/** How long the rehearsal waits after its first call before the others (a client calling at once calls sooner). */
export const QUIET_MS = 250;

const quietMoment = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, QUIET_MS).unref());

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs the rehearsal; resolves with each call's result (undefined when it stopped first). Never rejects. */
export async function rehearseFirstCalls(options: RehearsalOptions): Promise<Array<CallToolResult | undefined>> {
  const calls = options.calls ?? REHEARSED_CALLS;
  const results: Array<CallToolResult | undefined> = calls.map(() => undefined);
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new McpStdioTransport(input, output);
  const server = options.createServer(() => transport.negotiatedVersion);
  server.onerror = () => undefined; // a failed rehearsal costs only the warm-up it was
  const answers = new Map<number, (message: { result?: unknown }) => void>();
  // The rehearsal's own end of the streams: a transport like the server's reads the answers, line by line.
  const peer = new McpStdioTransport(output, input);
  peer.onerror = () => undefined; // never thrown into the real server's event loop; the call it answered stays unanswered
  peer.onmessage = (message) => {
    if ('id' in message && typeof message.id === 'number' && !('method' in message))
      answers.get(message.id)?.(message as { result?: unknown });
  };
  let lastId = 0;
  const ask = (method: string, params: object): Promise<{ result?: unknown }> => {
    const id = ++lastId;
    const answered = new Promise<{ result?: unknown }>((resolve) => answers.set(id, resolve));
    void peer.send({ jsonrpc: '2.0', id, method, params } as JSONRPCMessage);
    return answered;
  };
  try {
    await server.connect(transport);
    await peer.start();
    await nextTurn();
    if (options.stopped()) return results;
    await ask('initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'building-twins-rehearsal', version: '0' },
    });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (const [i, call] of calls.entries()) {
      await nextTurn();
      if (options.stopped()) return results;
      results[i] = (await ask('tools/call', call)).result as CallToolResult | undefined;
      if (i === 0) {
        options.onWarm?.();
        await (options.quiet ?? quietMoment)();
      }
    }
  } catch {
    // As above: nothing of the real server depends on the rehearsal.
  } finally {
    options.onWarm?.();
    await server.close().catch(() => undefined);
    await peer.close();
  }
  return results;
}
