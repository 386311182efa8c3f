// The MCP stdio transport of `building-twins mcp`: one JSON-RPC message (or batch) per line on stdin, one per
// line on stdout. Unlike the SDK's StdioServerTransport it keeps serving through bad input, as JSON-RPC 2.0 and
// the MCP versions say: a line that is not JSON gets -32700, one that is not a JSON-RPC message -32600, a line
// over the size limit is skipped and answered -32600; a batch is answered with one array under protocol
// versions that have batches (up to 2025-03-26) and refused with -32600 under later ones. Everything it refuses
// is also reported through onerror (the server logs it to stderr).

import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest line read (4 MiB): far above any tool input; a longer one is skipped without being held in memory. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** The last protocol version with JSON-RPC batches (2025-06-18 removed them). */
const LAST_VERSION_WITH_BATCHES = '2025-03-26';

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

type Id = string | number | null;

/** A batch being answered: the ids still awaited and the replies so far. */
interface PendingBatch {
  waiting: Set<string | number>;
  replies: JSONRPCMessage[];
}

const errorReply = (id: Id, code: number, message: string): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, error: { code, message } }) as JSONRPCMessage;
const idOf = (value: unknown): Id => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};
const isResponse = (message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number } =>
  'id' in message && ('result' in message || 'error' in message);

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Reading past the end of an over-size line. */
  private skipping = false;
  private closed = false;
  private protocolVersion: string | undefined;
  private initializeId: Id = null;
  private readonly batches = new Map<string | number, PendingBatch>();

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
    if (isResponse(message)) {
      if (message.id === this.initializeId && 'result' in message) {
        this.protocolVersion = (message.result as { protocolVersion?: string }).protocolVersion;
      }
      const batch = this.batches.get(message.id);
      if (batch) {
        this.batches.delete(message.id);
        batch.waiting.delete(message.id);
        batch.replies.push(message);
        if (batch.waiting.size === 0) await this.write(batch.replies);
        return;
      }
    }
    await this.write(message);
  }

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.skipping || this.buffered + part.length > this.maxMessageBytes) {
        if (!this.skipping) this.refuseOverSize();
        this.skipping = false;
        this.chunks = [];
        this.buffered = 0;
        continue;
      }
      const line = Buffer.concat([...this.chunks, part])
        .toString('utf8')
        .replace(/\r$/, '');
      this.chunks = [];
      this.buffered = 0;
      if (line.trim()) this.handleLine(line);
    }
    const rest = chunk.subarray(start);
    if (this.skipping || !rest.length) return;
    if (this.buffered + rest.length > this.maxMessageBytes) {
      this.refuseOverSize();
      this.skipping = true;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(rest);
    this.buffered += rest.length;
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onEnd = (): void => {
    void this.close();
  };

  private refuseOverSize(): void {
    this.report(`a message over ${this.maxMessageBytes} bytes was skipped`);
    void this.write(
      errorReply(
        null,
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
    if (batch.waiting.size === 0 && batch.replies.length) void this.write(batch.replies);
    for (const message of toDeliver) this.deliver(message);
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
    if ('method' in message && message.method === 'initialize') this.initializeId = idOf(message);
    this.onmessage?.(message);
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
