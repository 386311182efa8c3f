// The MCP stdio transport of `building-twins mcp`: one JSON-RPC message (or batch) per line on stdin, one per
// line on stdout. Unlike the SDK's StdioServerTransport it keeps serving through bad input, as JSON-RPC 2.0 and
// the MCP versions say: a line that is not JSON gets -32700, one that is not a JSON-RPC message -32600, a line
// over the size limit is skipped and answered -32600 (with the request's id when the line's edges show it, so the
// client's call ends at once); a batch is answered with one array under protocol versions that have batches (up to
// 2025-03-26) and refused with -32600 under later ones. When stdin ends, every request already read is still
// answered before the transport closes; a request the server sends after that (an elicitation) fails at once.
// Everything it refuses is also reported through onerror (the server logs it to stderr).

import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { idAtLineEdges } from './mcpLineId';

/** The longest line read (4 MiB): far above any tool input; a longer one is skipped without being held in memory. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** The last protocol version with JSON-RPC batches (2025-06-18 removed them). */
const LAST_VERSION_WITH_BATCHES = '2025-03-26';
/** How much of an over-size line's start and end is kept to find its id. */
const EDGE_BYTES = 4096;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
/** The SDK's code for a closed connection. */
const CONNECTION_CLOSED = -32000;

type Id = string | number | null;

/** A batch being answered: the ids still awaited and the replies so far. */
interface PendingBatch {
  waiting: Set<string | number>;
  replies: JSONRPCMessage[];
}

/** An over-size line being skipped: its first bytes and its last ones so far. */
interface SkippedLine {
  head: Buffer;
  tail: Buffer;
}

const errorReply = (id: Id, code: number, message: string): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, error: { code, message } }) as JSONRPCMessage;
const idOf = (value: unknown): Id => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};
const isResponse = (message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number } =>
  'id' in message && ('result' in message || 'error' in message);
const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number; method: string } =>
  'id' in message && 'method' in message;
/** The request a notifications/cancelled names, if it is one. */
const cancelledId = (message: JSONRPCMessage): Id =>
  'method' in message && message.method === 'notifications/cancelled'
    ? idOf({ id: (message.params as { requestId?: unknown } | undefined)?.requestId })
    : null;

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Reading past the end of an over-size line. */
  private skipping: SkippedLine | undefined;
  private closed = false;
  private inputEnded = false;
  private protocolVersion: string | undefined;
  private initializeId: Id = null;
  private readonly batches = new Map<string | number, PendingBatch>();
  /** The client's requests read and not yet answered (nor cancelled). */
  private readonly unanswered = new Set<string | number>();
  /** The server's requests to the client still waiting for its answer. */
  private readonly asked = new Set<string | number>();

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  /** The protocol version of the initialize answer; undefined before it. */
  get negotiatedVersion(): string | undefined {
    return this.protocolVersion;
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onEnd);
    this.output.on('error', this.onInputError);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (isRequest(message)) {
      this.asked.add(message.id);
      if (this.inputEnded) setImmediate(() => this.answerUnanswerable(message.id));
    }
    if (isResponse(message)) {
      this.unanswered.delete(message.id);
      if (message.id === this.initializeId && 'result' in message) {
        this.protocolVersion = (message.result as { protocolVersion?: string }).protocolVersion;
      }
      const batch = this.batches.get(message.id);
      if (batch) {
        this.batches.delete(message.id);
        batch.waiting.delete(message.id);
        batch.replies.push(message);
        await this.flushIfComplete(batch);
      } else await this.write(message);
      this.closeIfDone();
      return;
    }
    await this.write(message);
  }

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.skipping || this.buffered + part.length > this.maxMessageBytes) {
        this.skip(part);
        this.refuseOverSize();
        continue;
      }
      this.handleBuffered(part);
    }
    const rest = chunk.subarray(start);
    if (!rest.length) return;
    if (this.skipping || this.buffered + rest.length > this.maxMessageBytes) this.skip(rest);
    else {
      this.chunks.push(rest);
      this.buffered += rest.length;
    }
  };

  /** The line so far, and `part`, are over the limit: only their edges are kept, to find the request's id. */
  private skip(part: Buffer): void {
    if (!this.skipping) {
      const line = Buffer.concat([...this.chunks, part]);
      // Copies: the line itself is not held.
      this.skipping = {
        head: Buffer.from(line.subarray(0, EDGE_BYTES)),
        tail: Buffer.from(line.subarray(-EDGE_BYTES)),
      };
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.skipping.tail = Buffer.concat([this.skipping.tail, part.subarray(-EDGE_BYTES)]).subarray(-EDGE_BYTES);
  }

  private handleBuffered(part: Buffer): void {
    const line = Buffer.concat([...this.chunks, part])
      .toString('utf8')
      .replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    if (line.trim()) this.handleLine(line);
  }

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  /** Input ended: a last line without its newline is read, then what was asked is answered before closing. */
  private readonly onEnd = (): void => {
    if (this.skipping) this.refuseOverSize();
    else if (this.buffered) this.handleBuffered(Buffer.alloc(0));
    this.inputEnded = true;
    for (const id of this.asked) this.answerUnanswerable(id);
    this.closeIfDone();
  };

  /** After input ended: closes once every request read has been answered. */
  private closeIfDone(): void {
    if (this.inputEnded && this.unanswered.size === 0) setImmediate(() => void this.close());
  }

  /** The client can no longer answer the server's request `id` (its input ended): the server is told so. */
  private answerUnanswerable(id: string | number): void {
    if (!this.asked.delete(id)) return;
    this.onmessage?.(errorReply(id, CONNECTION_CLOSED, 'Connection closed: the client closed its input'));
  }

  private refuseOverSize(): void {
    const edges = this.skipping;
    this.skipping = undefined;
    const id = edges ? idAtLineEdges(edges.head.toString('utf8'), edges.tail.toString('utf8')) : null;
    this.report(`a message over ${this.maxMessageBytes} bytes was skipped`);
    void this.write(
      errorReply(
        id,
        INVALID_REQUEST,
        `Invalid Request: message over ${this.maxMessageBytes} bytes; nothing of it was read`,
      ),
    );
  }

  private handleLine(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.report(`a line that is not JSON was refused (${(error as Error).message})`);
      void this.write(errorReply(null, PARSE_ERROR, 'Parse error: the line is not JSON'));
      return;
    }
    if (Array.isArray(parsed)) {
      this.handleBatch(parsed);
      return;
    }
    const checked = this.checkOrRefusal(parsed);
    if (checked.refusal) void this.write(checked.refusal);
    else this.deliver(checked.ok);
  }

  private handleBatch(items: unknown[]): void {
    if (!this.batchesAllowed()) {
      this.report(`a batch was refused under protocol ${this.protocolVersion ?? '(not initialized)'}`);
      void this.write(
        errorReply(
          null,
          INVALID_REQUEST,
          `Invalid Request: MCP ${this.protocolVersion ?? '(before initialize)'} has no JSON-RPC batches; send one message per line`,
        ),
      );
      return;
    }
    if (!items.length) {
      void this.write(errorReply(null, INVALID_REQUEST, 'Invalid Request: empty batch'));
      return;
    }
    const batch: PendingBatch = { waiting: new Set(), replies: [] };
    const toDeliver: JSONRPCMessage[] = [];
    for (const item of items) {
      const message = this.checkOrRefusal(item);
      if (message.refusal) batch.replies.push(message.refusal);
      else {
        toDeliver.push(message.ok);
        const id = idOf(message.ok);
        // Requests are answered in the batch's reply; notifications and responses get none.
        if (id !== null && 'method' in message.ok && !this.batches.has(id)) {
          batch.waiting.add(id);
          this.batches.set(id, batch);
        }
      }
    }
    void this.flushIfComplete(batch);
    for (const message of toDeliver) this.deliver(message);
  }

  /** Writes a batch's replies once nothing more is awaited (a batch of notifications only gets none). */
  private async flushIfComplete(batch: PendingBatch): Promise<void> {
    if (batch.waiting.size > 0 || !batch.replies.length) return;
    const replies = batch.replies;
    batch.replies = [];
    await this.write(replies);
  }

  /** A cancelled request gets no answer (the SDK sends none): it is awaited no longer, in a batch or at the end. */
  private forgetCancelled(id: Id): void {
    if (id === null) return;
    this.unanswered.delete(id);
    const batch = this.batches.get(id);
    if (batch) {
      this.batches.delete(id);
      batch.waiting.delete(id);
      void this.flushIfComplete(batch);
    }
    this.closeIfDone();
  }

  /** Batches exist up to 2025-03-26; before initialize there is no version (and initialize may not be in a batch). */
  private batchesAllowed(): boolean {
    return this.protocolVersion !== undefined && this.protocolVersion <= LAST_VERSION_WITH_BATCHES;
  }

  private checkOrRefusal(
    value: unknown,
  ): { ok: JSONRPCMessage; refusal?: undefined } | { ok?: undefined; refusal: JSONRPCMessage } {
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) return { ok: parsed.data };
    this.report(`a message that is not JSON-RPC 2.0 was refused (${parsed.error.issues[0]?.message ?? 'invalid'})`);
    return {
      refusal: errorReply(
        idOf(value),
        INVALID_REQUEST,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response',
      ),
    };
  }

  private deliver(message: JSONRPCMessage): void {
    if (isRequest(message)) {
      if (message.method === 'initialize') this.initializeId = message.id;
      this.unanswered.add(message.id);
    } else if (isResponse(message)) this.asked.delete(message.id);
    this.onmessage?.(message);
    this.forgetCancelled(cancelledId(message));
  }

  private report(text: string): void {
    this.onerror?.(new Error(text));
  }

  private write(message: JSONRPCMessage | JSONRPCMessage[]): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }
}
