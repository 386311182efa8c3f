import * as http from 'node:http';
import type { TokenAuthority } from './auth';
import { seedInsights } from './adminInsights';
import { errorReplyFor, internalErrorReply } from './errorBodies';
import { HttpError } from './httpErrors';
import { FixedWindowRateLimiter, rateLimitGroup } from './rateLimiter';
import { RequestLog, redactPath } from './requestLog';
import type { Reply, RequestContext, Router } from './router';
import type { Store } from './store/store';

export const API_PREFIX = '/api/v3';
export const DEFAULT_BODY_LIMIT = 16 * 1024 * 1024;

export interface ServerOptions {
  router: Router;
  store: Store;
  auth: TokenAuthority;
  rateLimit?: { count: number; seconds: number };
  /** Probability (0..1) of a simulated 500, 503 or dropped connection, decided before the request is handled. */
  faults?: number;
  latencyMs?: number;
  bodyLimit?: number;
  log?: (line: string) => void;
  random?: () => number;
}

/** The HTTP front: admin routes, body limits, faults, latency, auth, rate limits, JSON in/out, request log. */
export function createEmulatorServer(options: ServerOptions): { server: http.Server; requests: RequestLog } {
  const requests = new RequestLog();
  const limiter = options.rateLimit ? new FixedWindowRateLimiter(options.rateLimit.count, options.rateLimit.seconds) : undefined;
  const random = options.random ?? Math.random;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;

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
      if (!url.pathname.startsWith('/_emulator/')) requests.add({ method, path: logged, status, durationMs, time: new Date().toISOString() });
      options.log?.(`${method} ${logged} ${status || 'dropped'} ${durationMs.toFixed(1)}ms`);
    }

    handle(req, res, method, url).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, errorReply(err, url.pathname), method);
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL): Promise<void> {
    if (url.pathname === '/_emulator/requests') {
      if (method === 'GET') return send(res, { body: requests.list() }, method);
      if (method === 'DELETE') {
        requests.clear();
        return send(res, { status: 204 }, method);
      }
      return send(res, errorReply(new HttpError(405, `Method ${method} is not allowed on /_emulator/requests.`, undefined, { headers: { Allow: 'GET, DELETE' } }), url.pathname), method);
    }
    if (url.pathname === '/_emulator/insights') {
      if (method !== 'PUT') throw new HttpError(405, `Method ${method} is not allowed on /_emulator/insights.`, undefined, { headers: { Allow: 'PUT' } });
      const rawBody = await readBody(req, bodyLimit);
      return send(res, { body: seedInsights(options.store, parseJsonBody(rawBody, String(req.headers['content-type'] ?? ''))) }, method);
    }
    if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) {
      throw new HttpError(404, `No such resource: ${url.pathname}. The API lives under ${API_PREFIX}.`);
    }
    const path = url.pathname.slice(API_PREFIX.length) || '/';
    const rawBody = await readBody(req, bodyLimit);

    if (options.faults && random() < options.faults) {
      const pick = random();
      if (pick < 1 / 3) {
        req.socket.destroy();
        return;
      }
      throw new HttpError(pick < 2 / 3 ? 500 : 503, 'Simulated fault (--faults): nothing was changed; retry the request.');
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));

    const contentType = String(req.headers['content-type'] ?? '');
    if (path === '/oauth2/token') {
      if (method !== 'POST') throw new HttpError(405, `Method ${method} is not allowed on /oauth2/token.`, undefined, { headers: { Allow: 'POST' } });
      return send(res, options.auth.tokenEndpoint(rawBody, contentType), method);
    }

    const match = options.router.match(method, path);
    if (match.kind === 'none') throw new HttpError(404, `No such resource: ${method} ${path}.`);
    if (match.kind === 'wrongMethod') {
      throw new HttpError(405, `Method ${method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}.`, undefined, { headers: { Allow: match.allowed.join(', ') } });
    }

    const clientId = options.auth.authenticate(req.headers.authorization);
    const group = limiter && rateLimitGroup(path);
    if (limiter && group) {
      const retryAfter = limiter.take(`${clientId}\u0000${group.group}`);
      if (retryAfter) throw new HttpError(429, group.message, undefined, { plainText: true, headers: { 'Retry-After': String(retryAfter) } });
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
    const reply = await match.handler(ctx);
    send(res, reply, method);
  }

  return { server, requests };
}

function parseJsonBody(rawBody: Buffer, contentType: string): unknown {
  if (!rawBody.length) return undefined;
  const isJson = /json/i.test(contentType);
  if (!isJson && contentType.trim() !== '') return undefined;
  const text = rawBody[0] === 0xef && rawBody[1] === 0xbb && rawBody[2] === 0xbf ? rawBody.toString('utf8', 3) : rawBody.toString('utf8');
  if (!isJson && text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = `The request body is not valid JSON: ${(err as Error).message}`;
    throw new HttpError(400, detail, { $: [detail] });
  }
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new HttpError(413, `The request body is ${declared} bytes; the limit is ${limit} bytes.`, undefined, { headers: { Connection: 'close' } }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new HttpError(413, `The request body exceeds the limit of ${limit} bytes.`, undefined, { headers: { Connection: 'close' } }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function errorReply(err: unknown, instance: string): Reply {
  const apiPath = instance === API_PREFIX || instance.startsWith(`${API_PREFIX}/`) ? instance.slice(API_PREFIX.length) || '/' : undefined;
  if (err instanceof HttpError) return errorReplyFor(err, instance, apiPath);
  const message = err instanceof Error ? err.message : String(err);
  process.emitWarning(`Emulator internal error: ${err instanceof Error && err.stack ? err.stack : message}`);
  return internalErrorReply(message, instance, apiPath);
}

function send(res: http.ServerResponse, reply: Reply, method: string): void {
  if (res.headersSent || res.destroyed) return;
  const status = reply.status ?? 200;
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload: Buffer | undefined;
  if (reply.raw) {
    payload = Buffer.from(reply.raw.content);
    headers['Content-Type'] ??= reply.raw.contentType;
  } else if (reply.body !== undefined && status !== 204) {
    payload = Buffer.from(JSON.stringify(reply.body), 'utf8');
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = payload?.length ?? 0;
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}
