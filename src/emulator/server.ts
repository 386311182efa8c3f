import { createHash, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { TokenAuthority } from './auth';
import type { AccessPolicy } from './clients/accessPolicy';
import { seedInsights } from './adminInsights';
import { errorReplyFor, internalErrorReply } from './errorBodies';
import { headerText, HttpError } from './httpErrors';
import { foreignRequestReason } from './requestOrigin';
import { FixedWindowRateLimiter, rateLimitGroup } from './rateLimiter';
import { describeNote, RequestLog, redactPath, type RequestLogNote } from './requestLog';
import type { Reply, RequestContext, RouteMatch, Router } from './router';
import { BodyBudget } from './bodyBudget';
import { ConnectionGuard, REQUEST_TIMEOUTS } from './connectionGuard';
import { readBody, readsAsJson } from './requestBody';
import type { Store } from './store/store';
import type { Clock } from '../core/api/clock';
import { hasControl } from '../core/untrusted/controlCharacters';

export const API_PREFIX = '/api/v3';
const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

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
  /** Connections held at once (ConnectionGuard; default 512). */
  connectionCap?: number;
  /** The emulator's time: rate-limit windows, admin-seeded insights, the request log. */
  clock: Pick<Clock, 'now'>;
  /** Accepted on /_emulator/* besides API access tokens. */
  adminToken?: string;
  /** The admin routes on models and twins (reload the models folders, delete a twin or a relationship). */
  adminActions?: AdminActions;
  /** The host the server listens on: Host headers naming it are answered besides loopback names. */
  host?: string;
  log?: (line: string) => void;
  random?: () => number;
}

export interface AdminActions {
  /** `refused`: the folders have problems and the models loaded before stay. */
  reloadModels(): Promise<{ refused: boolean; body: unknown }>;
  deleteTwin(id: string): unknown;
  deleteRelationship(id: string): unknown;
}

/** How many request-body bytes all requests may hold at once, in body limits (BodyBudget). */
const BODIES_AT_ONCE = 4;

/** The HTTP front: admin routes, body limits, faults, latency, auth, rate limits, JSON in/out, request log. */
export function createEmulatorServer(options: ServerOptions): { server: http.Server; requests: RequestLog } {
  const requests = new RequestLog();
  const limiter = options.rateLimit
    ? new FixedWindowRateLimiter(options.rateLimit.count, options.rateLimit.seconds)
    : undefined;
  const random = options.random ?? Math.random;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const budget = new BodyBudget(BODIES_AT_ONCE * bodyLimit);
  const { clock } = options;

  const server = http.createServer(REQUEST_TIMEOUTS, (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = requestUrl(req.url);
    const noteFor = recordWhenDone(res, method, url);
    serve(req, res, method, url, noteFor).catch((err: unknown) => {
      // A client gone mid-request (its connection closed or cut by the ConnectionGuard) is owed no answer.
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      send(res, errorReply(err, url.pathname), method);
    });
  });
  const connections = new ConnectionGuard(server, options.connectionCap);

  /** Logs the exchange once its answer is done (or dropped); answers the setter of its log note. */
  function recordWhenDone(res: http.ServerResponse, method: string, url: URL): (note: RequestLogNote) => void {
    const started = performance.now();
    const logged = redactPath(url.pathname, url.searchParams);
    let note: RequestLogNote | undefined;
    let recorded = false;
    const record = (status: number): void => {
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
    };
    res.on('finish', () => record(res.statusCode));
    res.on('close', () => {
      if (!res.writableFinished) record(0);
    });
    return (n) => (note = n);
  }

  /** One request, from its origin check to its answer. */
  async function serve(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    url: URL,
    onNote: (note: RequestLogNote) => void,
  ): Promise<void> {
    const foreign = foreignRequestReason(req.headers.host, req.headers.origin, options.host ?? '127.0.0.1');
    if (foreign) throw new HttpError(403, foreign, undefined, { headers: { Connection: 'close' } });
    if (url.pathname.startsWith('/_emulator/')) return send(res, await serveAdmin(req, res, method, url), method);
    const { path, match } = apiRoute(method, url.pathname, options.router);
    // Authenticate before reading the body: an anonymous request never makes the emulator buffer megabytes.
    const clientId = match ? options.auth.authenticate(req.headers.authorization) : undefined;
    const contentType = String(req.headers['content-type'] ?? '');
    const rawBody = await body(req, res, match !== undefined && readsAsJson(contentType));
    if (await simulatedConditions(req)) return;
    if (!match) return send(res, serveToken(method, rawBody, contentType), method);
    const answer = serveApi(req, method, url, path, match, clientId!, rawBody);
    if (answer.reply.note) onNote(answer.reply.note);
    send(res, answer.reply, method, answer.payload);
  }

  /** The body within the limits (BodyRules); the connection counts as answered from then on. */
  async function body(req: http.IncomingMessage, res: http.ServerResponse, json: boolean): Promise<Buffer> {
    const lease = budget.lease();
    res.once('close', lease.release);
    const raw = await readBody(req, { limit: bodyLimit, lease, json }, budget.maxBytes);
    connections.answering(req.socket);
    return raw;
  }

  /** `--faults` and `--latency`: true when the connection was dropped on purpose. */
  async function simulatedConditions(req: http.IncomingMessage): Promise<boolean> {
    if (options.faults && random() < options.faults) {
      const pick = random();
      if (pick < 1 / 3) {
        req.socket.destroy();
        return true;
      }
      throw new HttpError(
        pick < 2 / 3 ? 500 : 503,
        'Simulated fault (--faults): nothing was changed; retry the request.',
      );
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    return false;
  }

  /** `POST /oauth2/token`, answered as Entra does. */
  function serveToken(method: string, rawBody: Buffer, contentType: string): Reply {
    if (method !== 'POST')
      throw new HttpError(405, `Method ${method} is not allowed on /oauth2/token.`, undefined, {
        headers: { Allow: 'POST' },
      });
    return options.auth.tokenEndpoint(rawBody, contentType);
  }

  /**
   * An API route: rate limit, content type, permissions, then the handler. Its writes and the encoding of its
   * reply form one batch: a reply that cannot be produced rolls the writes back, so a failed request never
   * applied anything (in memory as with --data).
   */
  function serveApi(
    req: http.IncomingMessage,
    method: string,
    url: URL,
    path: string,
    match: FoundRoute,
    clientId: string,
    rawBody: Buffer,
  ): { reply: Reply; payload: Buffer | undefined } {
    const group = limiter && rateLimitGroup(path);
    if (limiter && group) {
      const retryAfter = limiter.take(`${clientId}\u0000${group.group}`, clock.now());
      if (retryAfter)
        throw new HttpError(429, group.message, undefined, {
          plainText: true,
          headers: { 'Retry-After': String(retryAfter) },
        });
    }
    const contentType = String(req.headers['content-type'] ?? '');
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
    return options.store.batch(() => {
      const reply = match.handler(ctx);
      return { reply, payload: encodeBody(reply) };
    });
  }

  /**
   * Admin routes read every client's request log and seed data: they need the per-process admin token or an API token
   * of a client with every permission (no location scope), so neither a page in the developer's browser nor a
   * restricted client reaches them.
   */
  async function serveAdmin(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    url: URL,
  ): Promise<Reply> {
    authorizeAdmin(req.headers.authorization);
    if (url.pathname === '/_emulator/requests') {
      if (method === 'GET') return { body: requests.list() };
      if (method !== 'DELETE') throw methodNotAllowed(method, url.pathname, 'GET, DELETE');
      requests.clear();
      return { status: 204 };
    }
    if (url.pathname === '/_emulator/insights') {
      if (method !== 'PUT') throw methodNotAllowed(method, url.pathname, 'PUT');
      const contentType = String(req.headers['content-type'] ?? '');
      const rawBody = await body(req, res, readsAsJson(contentType));
      const seeded = parseJsonBody(rawBody, contentType);
      return { body: seedInsights(options.store, new Date(clock.now()).toISOString(), seeded) };
    }
    const actions = options.adminActions;
    if (actions && url.pathname === '/_emulator/models/reload') {
      if (method !== 'POST') throw methodNotAllowed(method, url.pathname, 'POST');
      const reload = await actions.reloadModels();
      return { status: reload.refused ? 422 : 200, body: reload.body };
    }
    const deletion = /^\/_emulator\/(twins|relationships)\/([^/]+)$/.exec(url.pathname);
    if (actions && deletion) {
      if (method !== 'DELETE') throw methodNotAllowed(method, url.pathname, 'DELETE');
      const id = pathId(deletion[2]!);
      return { body: deletion[1] === 'twins' ? actions.deleteTwin(id) : actions.deleteRelationship(id) };
    }
    throw new HttpError(404, `No such resource: ${url.pathname}. The API lives under ${API_PREFIX}.`);
  }

  function authorizeAdmin(authorization: string | undefined): void {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (given && options.adminToken && sameSecret(given, options.adminToken)) return;
    if (!given) throw new HttpError(401, ADMIN_NEEDS, undefined, { headers: { 'WWW-Authenticate': 'Bearer' } });
    const clientId = options.auth.authenticate(authorization);
    if (options.access && !options.access.mayAdminister(clientId)) {
      throw new HttpError(403, `Client '${headerText(clientId)}' does not hold every permission; ${ADMIN_NEEDS}`);
    }
  }

  return { server, requests };
}

type FoundRoute = Extract<RouteMatch, { kind: 'found' }>;

function requestUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://emulator');
  } catch {
    return new URL('http://emulator/');
  }
}

/** A path segment as an id: percent-decoded, without control characters. */
function pathId(segment: string): string {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'The id in the path is not valid percent-encoding.');
  }
  if (hasControl(id)) throw new HttpError(400, 'The id in the path must not contain control characters.');
  return id;
}

function methodNotAllowed(method: string, path: string, allowed: string): HttpError {
  return new HttpError(405, `Method ${method} is not allowed on ${path}; allowed: ${allowed}.`, undefined, {
    headers: { Allow: allowed },
  });
}

/**
 * The API route of a path below /api/v3 (404 outside it, for an unknown path; 405 for a known path with another
 * method). The token endpoint has no route: `match` is undefined for it.
 */
function apiRoute(method: string, pathname: string, router: Router): { path: string; match?: FoundRoute } {
  if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) {
    throw new HttpError(404, `No such resource: ${pathname}. The API lives under ${API_PREFIX}.`);
  }
  const path = pathname.slice(API_PREFIX.length) || '/';
  if (path === '/oauth2/token') return { path };
  // HEAD is GET without the body (send() leaves it out).
  const match = router.match(method === 'HEAD' ? 'GET' : method, path);
  if (match.kind === 'none') throw new HttpError(404, `No such resource: ${method} ${path}.`);
  if (match.kind === 'wrongMethod') throw methodNotAllowed(method, path, match.allowed.join(', '));
  return { path, match };
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
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = `The request body is not valid JSON: ${(err as Error).message}`;
    throw new HttpError(400, detail, { $: [detail] });
  }
}

/** What the admin routes take, for their 401 and 403. */
const ADMIN_NEEDS =
  'admin routes need "Authorization: Bearer <token>" with the admin token the emulator printed at start, or an API access token of a client with every permission.';

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
