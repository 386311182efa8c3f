// HTTP exchanges over node:http / node:https with one keep-alive agent per origin (bounded sockets), the
// client's default: a request costs a third of what the global fetch costs in CPU (bench/client.bench.ts).
// Same contract as fetchExchange.ts: redirects refused, bodies capped (on Content-Length, then while
// streaming), gzip/deflate/br answers decoded as fetch decodes them, cancellation through the signal.
import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import {
  type ExchangeRequest,
  type ExchangeResponse,
  type HttpExchange,
  REDIRECT_STATUSES,
  RedirectRefused,
  type ResponseHeaders,
  ResponseTooLarge,
} from './httpExchange';

export interface NodeExchangeOptions {
  /** Connections open at once to one origin (requests beyond wait for a free one). Default 16. */
  maxSocketsPerOrigin?: number;
  /** How long an idle connection is kept (shorter when the server announces a shorter Keep-Alive timeout). Default 15 s. */
  idleMs?: number;
}

/** The error codes of a kept-alive connection the server closed while it sat idle. */
const STALE_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export class NodeExchange implements HttpExchange {
  readonly name = 'node';
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly options: NodeExchangeOptions = {}) {}

  async send(request: ExchangeRequest): Promise<ExchangeResponse> {
    const url = request.url;
    // The request's own header object (not a copy per call): the exchange adds what it decodes.
    const headers = request.headers;
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    let payload: string | Uint8Array | undefined;
    const body = request.body;
    // Not `body instanceof FormData`: FormData is one of Node's lazy globals, and touching it loads the whole fetch
    // implementation (30-70 ms of CPU) in every process on its first request. A body that is not text is a form.
    if (body === undefined || typeof body === 'string') {
      payload = body;
    } else {
      // The platform's own multipart encoder (the one fetch uses), with its boundary.
      const encoded = new Response(body);
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
      payload = new Uint8Array(await encoded.arrayBuffer());
    }
    if (payload !== undefined)
      headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength);
    try {
      return await this.once(url, headers, payload, request);
    } catch (error) {
      // A kept-alive connection the server had just closed: nothing was answered, a new connection may try again.
      if (error instanceof StaleConnection && request.idempotent && !isAborted(request))
        return this.once(url, headers, payload, request, true);
      throw error instanceof StaleConnection ? error.cause : error;
    }
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  /** The agent of the URL's origin, created on first use. */
  agentFor(url: string): http.Agent {
    // The origin is what precedes the path: cheaper to cut than to parse on every request.
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const origin = pathStart < 0 ? url : url.slice(0, pathStart);
    let agent = this.agents.get(origin);
    if (!agent) {
      const sockets = this.options.maxSocketsPerOrigin ?? 16;
      const options: http.AgentOptions = {
        keepAlive: true,
        maxSockets: sockets,
        maxFreeSockets: sockets,
        scheduling: 'lifo',
        timeout: this.options.idleMs ?? 15_000,
      };
      agent = isHttps(origin) ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(origin, agent);
    }
    return agent;
  }

  private once(
    url: string,
    headers: Record<string, string>,
    payload: string | Uint8Array | undefined,
    request: ExchangeRequest,
    fresh = false,
  ): Promise<ExchangeResponse> {
    const maxBytes = request.maxBytes;
    return new Promise((resolve, reject) => {
      if (isAborted(request)) return reject(abortReason(request.signal));
      const send = isHttps(url) ? https.request : http.request;
      // `agent: false`: a one-off connection for the retry after a stale one (the pool may hold more closed alike).
      const outgoing = send(url, { method: request.method, headers, agent: fresh ? false : this.agentFor(url) });
      let settled = false;
      let answered = false;
      const finish = (): void => {
        settled = true;
        stopListening();
      };
      const fail = (error: unknown): void => {
        if (settled) return;
        finish();
        outgoing.destroy();
        const code = (error as { code?: unknown })?.code;
        reject(
          !answered && outgoing.reusedSocket && typeof code === 'string' && STALE_CODES.has(code)
            ? new StaleConnection(error)
            : error,
        );
      };
      const onAbort = (): void => fail(abortReason(request.signal));
      const stopListening = request.onAbort?.(onAbort) ?? listen(request.signal, onAbort);
      outgoing.on('error', fail);
      outgoing.on('response', (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status)) return fail(new RedirectRefused(request.url, status, res.headers.location));
        const declared = Number(rawHeader(res, 'content-length') ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) return fail(new ResponseTooLarge(status, maxBytes));
        const body = decoded(res);
        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            body.destroy();
            fail(new ResponseTooLarge(status, maxBytes));
          } else {
            chunks.push(chunk);
          }
        });
        body.on('error', fail);
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete) fail(new Error('the connection closed before the response was complete'));
        });
        body.on('end', () => {
          if (settled) return;
          finish();
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
          resolve({ status, headers: new NodeHeaders(res), body: bytes });
        });
      });
      outgoing.end(payload);
    });
  }
}

function isHttps(url: string): boolean {
  return url.charCodeAt(4) === 115 /* s */ && url.startsWith('https:');
}

class StaleConnection extends Error {
  constructor(override readonly cause: unknown) {
    super('the kept-alive connection was closed by the server');
  }
}

/** Calls `onAbort` once `signal` fires; returns what stops listening. */
function listen(signal: AbortSignal, onAbort: () => void): () => void {
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/** Whether the request is cancelled already; through isAborted when given, which makes no AbortSignal. */
function isAborted(request: ExchangeRequest): boolean {
  return request.isAborted ? request.isAborted() : request.signal.aborted;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('cancelled');
}

/** The body as the server meant it: gzip, deflate and br undone (as fetch does); other codings as sent. */
function decoded(res: http.IncomingMessage): Readable {
  const coding = String(rawHeader(res, 'content-encoding') ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  return decoder ? res.pipe(decoder) : res;
}

/**
 * The first value of a header (`name` in lower case) from the response's raw list. Node builds `res.headers` on
 * first read, every header of the answer parsed into an object; on the path of a successful call nothing else
 * needs it.
 */
function rawHeader(res: http.IncomingMessage, name: string): string | undefined {
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

/** The response's headers, parsed by Node when first asked for (most successful calls never ask). */
class NodeHeaders implements ResponseHeaders {
  constructor(private readonly res: http.IncomingMessage) {}

  get(name: string): string | null {
    const value = this.res.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
}
