// HTTP exchanges over node:http / node:https with one keep-alive agent per origin (bounded sockets), the
// client's default: a request costs a third of what the global fetch costs in CPU (docs/benchmarks.md).
// Same contract as fetchExchange.ts: redirects refused, bodies capped (on Content-Length, then while
// streaming), gzip/deflate/br answers decoded as fetch decodes them, cancellation through the signal.
import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
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
  /**
   * How long an idle connection is kept (the agent's own keep-alive: a second less when the server announces a
   * shorter Keep-Alive timeout, none when it announces a second or less; 0: none is kept). Default 15 s.
   */
  idleMs?: number;
}

/** An origin's pool of connections and what a request there needs of its URL, parsed once. */
interface Origin {
  /** The URL up to its path, e.g. `http://127.0.0.1:8080`. */
  prefix: string;
  agent: http.Agent;
  send: typeof http.request;
  target: ReturnType<typeof urlToHttpOptions>;
}

/**
 * A path Node sends as given that the URL parser would have left as it is: printable ASCII without the characters
 * it escapes (\"#'<>`{}, space) or turns into a separator (\\), and no dot segment it would resolve (`/.`, `%2e`).
 * Any other path goes through the URL parser, as before.
 */
const PLAIN_PATH = /^(?!.*\/\.)\/(?:[!$&(-;=?-[\]-_a-z|~]|%(?!2e))*$/i;

/** The error codes of a kept-alive connection the server closed while it sat idle. */
const STALE_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export class NodeExchange implements HttpExchange {
  readonly name = 'node';
  private readonly origins = new Map<string, Origin>();
  /** The origin of the last request: the next is almost always to the same one. */
  private last: Origin | undefined;

  constructor(private readonly options: NodeExchangeOptions = {}) {}

  send(request: ExchangeRequest): Promise<ExchangeResponse> {
    // The request's own header object (not a copy per call): the exchange adds what it decodes.
    const headers = request.headers;
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    const body = request.body;
    // Not `body instanceof FormData`: FormData is one of Node's lazy globals, and touching it loads the whole fetch
    // implementation (30-70 ms of CPU) in every process on its first request. A body that is not text is a form.
    // Text and no body are sent without an extra await (one promise per call, the one `once` makes).
    if (body !== undefined && typeof body !== 'string') return this.sendForm(request, body);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return this.once(request, body, false);
  }

  /** A multipart body, through the platform's own encoder (the one fetch uses), with its boundary. */
  private async sendForm(request: ExchangeRequest, form: FormData): Promise<ExchangeResponse> {
    const encoded = new Response(form);
    request.headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const payload = new Uint8Array(await encoded.arrayBuffer());
    request.headers['content-length'] = String(payload.byteLength);
    return this.once(request, payload, false);
  }

  close(): void {
    for (const origin of this.origins.values()) origin.agent.destroy();
    this.origins.clear();
    this.last = undefined;
  }

  /** The agent of the URL's origin, created on first use. */
  agentFor(url: string): http.Agent {
    return this.originOf(url).agent;
  }

  private originOf(url: string): Origin {
    const last = this.last;
    if (last && url.startsWith(last.prefix) && (url.length === last.prefix.length || url[last.prefix.length] === '/'))
      return last;
    // The origin is what precedes the path: cheaper to cut than to parse on every request.
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const prefix = pathStart < 0 ? url : url.slice(0, pathStart);
    let origin = this.origins.get(prefix);
    if (!origin) {
      const sockets = this.options.maxSocketsPerOrigin ?? 16;
      const idleMs = this.options.idleMs ?? 15_000;
      const options: http.AgentOptions = {
        keepAlive: idleMs > 0,
        // The agent closes a connection idle this long; a request in flight is ended by its call's deadline.
        timeout: idleMs,
        maxSockets: sockets,
        maxFreeSockets: sockets,
        scheduling: 'lifo',
      };
      const secure = isHttps(prefix);
      const agent = secure ? new https.Agent(options) : new http.Agent(options);
      origin = {
        prefix,
        agent,
        send: secure ? https.request : http.request,
        target: urlToHttpOptions(new URL(prefix)),
      };
      this.origins.set(prefix, origin);
    }
    this.last = origin;
    return origin;
  }

  /**
   * One request on the wire. A kept-alive connection the server had just closed answered nothing: an idempotent
   * request is then sent once more on a new connection (`fresh`), from within, so a call costs one promise.
   */
  private once(
    request: ExchangeRequest,
    payload: string | Uint8Array | undefined,
    fresh: boolean,
  ): Promise<ExchangeResponse> {
    const { url, maxBytes, signal } = request;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const origin = this.originOf(url);
      // `agent: false`: a one-off connection for the retry after a stale one (the pool may hold more closed alike).
      const agent = fresh ? false : origin.agent;
      const path = url.length === origin.prefix.length ? '/' : url.slice(origin.prefix.length);
      // The origin's parts as parsed once and the path as it is: parsing the whole URL again costs microseconds a call.
      const { target } = origin;
      const outgoing = PLAIN_PATH.test(path)
        ? origin.send({
            protocol: target.protocol,
            hostname: target.hostname,
            port: target.port,
            auth: target.auth,
            path,
            method: request.method,
            headers: request.headers,
            agent,
          })
        : origin.send(url, { method: request.method, headers: request.headers, agent });
      let settled = false;
      let answered = false;
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        stopListening();
        outgoing.destroy();
        const code = (error as { code?: unknown })?.code;
        const stale = !answered && outgoing.reusedSocket && typeof code === 'string' && STALE_CODES.has(code);
        if (stale && !fresh && request.idempotent && !signal.aborted)
          this.once(request, payload, true).then(resolve, reject);
        else reject(error);
      };
      const onAbort = (): void => fail(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const stopListening = (): void => signal.removeEventListener('abort', onAbort);
      outgoing.on('error', fail);
      outgoing.on('response', (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status)) return fail(new RedirectRefused(url, status, res.headers.location));
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
        // A decoder's errors are its own; the response's are heard once (the body is the response when not encoded).
        if (body !== res) body.on('error', fail);
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete) fail(new Error('the connection closed before the response was complete'));
        });
        body.on('end', () => {
          if (settled) return;
          settled = true;
          stopListening();
          resolve({
            status,
            headers: new NodeHeaders(res),
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
          });
        });
      });
      outgoing.end(payload);
    });
  }
}

function isHttps(url: string): boolean {
  return url.charCodeAt(4) === 115 /* s */ && url.startsWith('https:');
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
