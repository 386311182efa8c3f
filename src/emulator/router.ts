import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from './httpErrors';
import type { RequestLogNote } from './requestLog';
import type { Store } from './store/store';

/** What a handler returns. `body` is sent as JSON unless `raw` is given (binary or text with its content type). */
export interface Reply {
  status?: number;
  body?: unknown;
  raw?: { content: Uint8Array | string; contentType: string };
  headers?: Record<string, string>;
  /** Added to this request's entry in the admin request log and to its console log line. */
  note?: RequestLogNote;
}

export interface RequestContext {
  method: string;
  /** Path below `/api/v3`, e.g. `/twins/AHU-1`. */
  path: string;
  /** Path parameters, already URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON for JSON bodies (undefined when the body is empty or not JSON). */
  body: unknown;
  /** The raw request body and its content type (always set; empty Buffer when there was none). */
  rawBody: Buffer;
  contentType: string;
  headers: IncomingHttpHeaders;
  /** The authenticated client id (empty on routes without auth). */
  clientId: string;
  store: Store;
}

/** Synchronous: its writes and the encoding of its reply run in one store batch. */
export type Handler = (ctx: RequestContext) => Reply;

interface Route {
  method: string;
  /** As registered, normalised: `/twins/:id`. */
  pattern: string;
  segments: string[];
  handler: Handler;
}

export type RouteMatch =
  | {
      kind: 'found';
      handler: Handler;
      params: Record<string, string>;
      /** The route's pattern, e.g. `/twins/:id`. */ pattern: string;
    }
  | { kind: 'wrongMethod'; allowed: string[] }
  | { kind: 'none' };

/**
 * Method + path-pattern routing (`/twins/:id`). A literal segment beats a parameter at the same
 * position, so `/events/types` wins over `/events/:eventId` whatever the registration order.
 */
export class Router {
  private readonly routes: Route[] = [];
  /** Routes by segment count: only those can match a path. */
  private readonly byLength = new Map<number, Route[]>();

  add(method: string, pattern: string, handler: Handler): void {
    const segments = splitPath(pattern);
    const upper = method.toUpperCase();
    if (this.routes.some((r) => r.method === upper && sameShape(r.segments, segments))) {
      throw new Error(`Route ${upper} ${pattern} is registered twice`);
    }
    const route = { method: upper, pattern: `/${segments.join('/')}`, segments, handler };
    this.routes.push(route);
    const sameLength = this.byLength.get(segments.length);
    if (sameLength) sameLength.push(route);
    else this.byLength.set(segments.length, [route]);
  }

  /** The registered routes, e.g. `{ method: 'GET', pattern: '/twins/:id' }`. */
  list(): Array<{ method: string; pattern: string }> {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern }));
  }

  /** Throws HttpError 400 when a path segment is not valid percent-encoding. */
  match(method: string, path: string): RouteMatch {
    const parts = splitPath(path);
    let best: { route: Route; score: number } | undefined;
    const allowed = new Set<string>();
    let bestShapeScore = -1;
    const candidates: Array<{ route: Route; score: number }> = [];
    for (const route of this.byLength.get(parts.length) ?? []) {
      const score = matchScore(route.segments, parts);
      if (score < 0) continue;
      candidates.push({ route, score });
      bestShapeScore = Math.max(bestShapeScore, score);
    }
    // Only the most specific path shape counts, so GET /events/types is not "allowed" by PUT /events/:id.
    for (const c of candidates) {
      if (c.score !== bestShapeScore) continue;
      allowed.add(c.route.method);
      if (c.route.method === method.toUpperCase() && (!best || c.score > best.score)) best = c;
    }
    if (!best) {
      // A less specific shape may still serve this method (e.g. GET /twins/:id when only POST /twins/ids exists).
      for (const c of candidates) {
        if (c.route.method === method.toUpperCase() && (!best || c.score > best.score)) best = c;
      }
    }
    if (best)
      return {
        kind: 'found',
        handler: best.route.handler,
        params: extractParams(best.route.segments, parts),
        pattern: best.route.pattern,
      };
    if (allowed.size) return { kind: 'wrongMethod', allowed: [...allowed].sort() };
    return { kind: 'none' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function sameShape(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((s, i) => (s.startsWith(':') && b[i].startsWith(':')) || s === b[i]);
}

/** -1 when no match; otherwise a score where earlier literal segments weigh more. */
function matchScore(pattern: string[], parts: string[]): number {
  if (pattern.length !== parts.length) return -1;
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) continue;
    if (p !== parts[i]) return -1;
    score += 2 ** (pattern.length - i);
  }
  return score;
}

function extractParams(pattern: string[], parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  pattern.forEach((p, i) => {
    if (!p.startsWith(':')) return;
    try {
      params[p.slice(1)] = decodeURIComponent(parts[i]);
    } catch {
      throw new HttpError(400, `Path segment '${parts[i]}' is not valid percent-encoding.`);
    }
  });
  return params;
}
