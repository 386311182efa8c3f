import { createHash, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { TokenAuthority } from './auth';
import type { AccessPolicy } from './clients/accessPolicy';
import { seedInsights } from './adminInsights';
import { errorReplyFor, internalErrorReply } from './errorBodies';
import { headerText, HttpError } from './httpErrors';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './jsonDepth';
import { foreignRequestReason } from './requestOrigin';
import { FixedWindowRateLimiter, rateLimitGroup } from './rateLimiter';
import { describeNote, RequestLog, redactPath, type RequestLogNote } from './requestLog';
import type { Reply, RequestContext, Router } from './router';
import type { Store } from './store/store';
import type { Clock } from '../core/api/clock';

export const API_PREFIX = '/api/v3';
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

export interface ServerOptions {
  router: Router;
  store: Store;
  auth: TokenAuthority;
  /** Per-client permissions and location scopes, checked before each handler (403 with no body). */
  access?: AccessPolicy;
  rateLimit?: { count: number; seconds: number };
  /** Probability (0..1) of a simulated 500, 503 or dropped connection, decided before the request is handled. */
  faults?: number;
  latencyMs?: number;
  bodyLimit?: number;
  /** The emulator's time: rate-limit windows, admin-seeded insights, the request log. */
  clock: Pick<Clock, 'now'>;
  /** Accepted on /_emulator/* besides API access tokens. */
  adminToken?: string;
  /** The host the server listens on: Host headers naming it are answered besides loopback names. */
  host?: string;
  log?: (line: string) => void;
  random?: () => number;
}

/** The HTTP front: admin routes, body limits, faults, latency, auth, rate limits, JSON in/out, request log. */
export function createEmulatorServer(options: ServerOptions): { server: http.Server; requests: RequestLog } {
  const requests = new RequestLog();
  const limiter = options.rateLimit
    ? new FixedWindowRateLimiter(options.rateLimit.count, options.rateLimit.seconds)
    : undefined;
  const random = options.random ?? Math.random;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const { clock } = options;

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator');
    } catch {
      url = new URL('http://emulator/');
    }
    const logged = redactPath(url.pathname, url.searchParams);
    let note: RequestLogNote | undefined;
    res.on('finish', () => record(res.statusCode));
    res.on('close', () => {
      if (!res.writableFinished) record(0);
    });
    let recorded = false;
    function record(status: number): void {
      if (recorded) return;
      recorded = true;
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      // Admin calls stay out of the list so "clear, act, read" shows only the act.
      if (!url.pathname.startsWith('/_emulator/'))
        requests.add({ method, path: logged, status, durationMs, time: new Date(clock.now()).toISOString(), ...note });
      const noted = describeNote(note);
      options.log?.(
        `${method} ${logged} ${status || 'dropped'} ${durationMs.toFixed(1)}ms${noted ? `; ${noted}` : ''}`,
      );
    }

    handle(req, res, method, url, (n) => (note = n)).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, errorReply(err, url.pathname), method);
    });
  });

  /**
   * Admin routes read every client's request log and seed data: they need the per-process admin token or an API token
   * of a client with every permission (no location scope), so neither a page in the developer's browser nor a
   * restricted client reaches them.
   */
  function authorizeAdmin(authorization: string | undefined): void {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (given && options.adminToken && sameSecret(given, options.adminToken)) return;
    if (!given) throw new HttpError(401, ADMIN_NEEDS, undefined, { headers: { 'WWW-Authenticate': 'Bearer' } });
    const clientId = options.auth.authenticate(authorization);
    if (options.access && !options.access.mayAdminister(clientId)) {
      throw new HttpError(403, `Client '${headerText(clientId)}' does not hold every permission; ${ADMIN_NEEDS}`);
    }
  }

  async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    url: URL,
    onNote: (note: RequestLogNote) => void,
  ): Promise<void> {
    const foreign = foreignRequestReason(req.headers.host, req.headers.origin, options.host ?? '127.0.0.1');
    if (foreign) throw new HttpError(403, foreign, undefined, { headers: { Connection: 'close' } });
    if (url.pathname.startsWith('/_emulator/')) authorizeAdmin(req.headers.authorization);
    if (url.pathname === '/_emulator/requests') {
      if (method === 'GET') return send(res, { body: requests.list() }, method);
      if (method === 'DELETE') {
        requests.clear();
        return send(res, { status: 204 }, method);
      }
      return send(
        res,
        errorReply(
          new HttpError(405, `Method ${method} is not allowed on /_emulator/requests.`, undefined, {
            headers: { Allow: 'GET, DELETE' },
          }),
          url.pathname,
        ),
        method,
      );
    }
    if (url.pathname === '/_emulator/insights') {
      if (method !== 'PUT')
        throw new HttpError(405, `Method ${method} is not allowed on /_emulator/insights.`, undefined, {
          headers: { Allow: 'PUT' },
        });
      const rawBody = await readBody(req, bodyLimit);
      return send(
        res,
        {
          body: seedInsights(
            options.store,
            new Date(clock.now()).toISOString(),
            parseJsonBody(rawBody, String(req.headers['content-type'] ?? '')),
          ),
        },
        method,
      );
    }
    if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) {
      throw new HttpError(404, `No such resource: ${url.pathname}. The API lives under ${API_PREFIX}.`);
    }
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    // HEAD is GET without the body (send() leaves it out).
    const match = path === '/oauth2/token' ? undefined : options.router.match(method === 'HEAD' ? 'GET' : method, path);
    if (match?.kind === 'none') throw new HttpError(404, `No such resource: ${method} ${path}.`);
    if (match?.kind === 'wrongMethod') {
      throw new HttpError(
        405,
        `Method ${method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}.`,
        undefined,
        { headers: { Allow: match.allowed.join(', ') } },
      );
    }
    // Authenticate before reading the body: an anonymous request never makes the emulator buffer megabytes.
    const clientId = match ? options.auth.authenticate(req.headers.authorization) : undefined;
    const rawBody = await readBody(req, bodyLimit);

    if (options.faults && random() < options.faults) {
      const pick = random();
      if (pick < 1 / 3) {
        req.socket.destroy();
        return;
      }
      throw new HttpError(
        pick < 2 / 3 ? 500 : 503,
        'Simulated fault (--faults): nothing was changed; retry the request.',
      );
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));

    const contentType = String(req.headers['content-type'] ?? '');
    if (path === '/oauth2/token') {
      if (method !== 'POST')
        throw new HttpError(405, `Method ${method} is not allowed on /oauth2/token.`, undefined, {
          headers: { Allow: 'POST' },
        });
      return send(res, options.auth.tokenEndpoint(rawBody, contentType), method);
    }

    if (match?.kind !== 'found' || clientId === undefined)
      throw new HttpError(404, `No such resource: ${method} ${path}.`);
    const group = limiter && rateLimitGroup(path);
    if (limiter && group) {
      const retryAfter = limiter.take(`${clientId}\u0000${group.group}`, clock.now());
      if (retryAfter)
        throw new HttpError(429, group.message, undefined, {
          plainText: true,
          headers: { 'Retry-After': String(retryAfter) },
        });
    }

    if (rawBody.length && !acceptsBody(`${method} ${match.pattern}`, contentType)) {
      throw new HttpError(
        415,
        `Content-Type '${contentType}' is not accepted here: send the body as application/json.`,
      );
    }
    const ctx: RequestContext = {
      method,
      path,
      params: match.params,
      query: url.searchParams,
      body: parseJsonBody(rawBody, contentType),
      rawBody,
      contentType,
      headers: req.headers,
      clientId,
      store: options.store,
    };
    options.access?.authorize(clientId, { method, pattern: match.pattern }, ctx);
    // The handler's writes and the encoding of its reply form one batch: a reply that cannot be produced
    // rolls the writes back, so a failed request never applied anything (in memory as with --data).
    const answer = options.store.batch(() => {
      const reply = match.handler(ctx);
      return { reply, payload: encodeBody(reply) };
    });
    if (answer.reply.note) onNote(answer.reply.note);
    send(res, answer.reply, method, answer.payload);
  }

  return { server, requests };
}

function parseJsonBody(rawBody: Buffer, contentType: string): unknown {
  if (!rawBody.length) return undefined;
  const isJson = /json/i.test(contentType);
  if (!isJson && contentType.trim() !== '') return undefined;
  const text =
    rawBody[0] === 0xef && rawBody[1] === 0xbb && rawBody[2] === 0xbf
      ? rawBody.toString('utf8', 3)
      : rawBody.toString('utf8');
  if (!isJson && text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const detail = `The request body is not valid JSON: ${(err as Error).message}`;
    throw new HttpError(400, detail, { $: [detail] });
  }
  if (exceedsJsonDepth(value)) {
    const detail = `The maximum configured depth of ${MAX_JSON_DEPTH} has been exceeded: the request body nests JSON objects or arrays deeper than ${MAX_JSON_DEPTH} levels.`;
    throw new HttpError(400, detail, { $: [detail] });
  }
  return value;
}

/** How much of an oversized body is read and thrown away so the client sees the 413 rather than a reset. */
/** What the admin routes take, for their 401 and 403. */
const ADMIN_NEEDS =
  'admin routes need "Authorization: Bearer <token>" with the admin token the emulator printed at start, or an API access token of a client with every permission.';

const DISCARD_LIMIT = 32 * 1024 * 1024;

/**
 * The request body, at most `limit` bytes. A larger one is read to its end and discarded (up to
 * DISCARD_LIMIT more) before the 413, so the client reads the answer instead of a connection reset.
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const tooLarge = (close: boolean): HttpError =>
      new HttpError(
        413,
        Number.isFinite(declared) && declared > limit
          ? `The request body is ${declared} bytes; the limit is ${limit} bytes.`
          : `The request body exceeds the limit of ${limit} bytes.`,
        undefined,
        close ? { headers: { Connection: 'close' } } : {},
      );
    if (Number.isFinite(declared) && declared > limit + DISCARD_LIMIT) {
      reject(tooLarge(true));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      if (size > limit + DISCARD_LIMIT) {
        settled = true;
        reject(tooLarge(true));
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      if (size > limit) reject(tooLarge(false));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (settled) return;
      settled = true;
      reject(err);
    });
  });
}

function errorReply(err: unknown, instance: string): Reply {
  const apiPath =
    instance === API_PREFIX || instance.startsWith(`${API_PREFIX}/`)
      ? instance.slice(API_PREFIX.length) || '/'
      : undefined;
  if (err instanceof HttpError) return errorReplyFor(err, instance, apiPath);
  const code = (err as { code?: unknown } | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return errorReplyFor(
      new HttpError(507, 'The data folder is full: the write was not applied. Free some space and retry.'),
      instance,
      apiPath,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  process.emitWarning(`Emulator internal error: ${err instanceof Error && err.stack ? err.stack : message}`);
  return internalErrorReply(message, instance, apiPath);
}

function sameSecret(a: string, b: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Members holding user data (dictionaries in the service), whose null values are sent as they are. */
const USER_DATA_KEYS: ReadonlySet<string> = new Set(['contents', 'properties', 'customProperties', 'payload']);

/**
 * JSON as every backend of the service writes it (`DefaultIgnoreCondition = WhenWritingNull`): members whose value
 * is null are left out, except inside user data (twin contents, relationship and event properties are dictionaries,
 * which keep their nulls). Array items stay. Bodies without a null member take the fast path.
 */
export function serviceJson(body: unknown): string {
  const text = JSON.stringify(body);
  if (!text.includes(':null')) return text;
  const userData = new WeakSet<object>();
  return JSON.stringify(body, function (this: unknown, key: string, value: unknown) {
    const holder = this as object;
    const inUserData = userData.has(holder);
    if (
      value !== null &&
      typeof value === 'object' &&
      (inUserData || (USER_DATA_KEYS.has(key) && !Array.isArray(holder)))
    )
      userData.add(value);
    return value === null && !inUserData && !Array.isArray(holder) && key !== '' ? undefined : value;
  });
}

/** Routes whose body is not JSON (the multipart file upload). */
const NON_JSON_BODY_ROUTES = new Set(['POST /events/files']);

/** Whether a route takes a body of this content type: JSON (or no type, read as JSON) unless it is a non-JSON route. */
function acceptsBody(route: string, contentType: string): boolean {
  if (NON_JSON_BODY_ROUTES.has(route)) return true;
  return contentType.trim() === '' || /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());
}

/** The reply's body as bytes (undefined for none); throws when it cannot be encoded (e.g. nested too deeply). */
function encodeBody(reply: Reply): Buffer | undefined {
  if (reply.raw) return Buffer.from(reply.raw.content);
  if (reply.body === undefined || reply.status === 204) return undefined;
  return Buffer.from(serviceJson(reply.body), 'utf8');
}

function send(res: http.ServerResponse, reply: Reply, method: string, encoded?: Buffer): void {
  if (res.headersSent || res.destroyed) return;
  const status = reply.status ?? 200;
  const headers: Record<string, string | number> = { ...reply.headers };
  const payload = encoded ?? encodeBody(reply);
  if (payload !== undefined)
    headers['Content-Type'] ??= reply.raw ? reply.raw.contentType : 'application/json; charset=utf-8';
  headers['Content-Length'] = payload?.length ?? 0;
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}
