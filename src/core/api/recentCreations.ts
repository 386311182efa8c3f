// The twins this client created lately, to explain a 403 that follows: the service's proxy keeps a location-
// scoped client's allowed twins in a cache for about 20 minutes (LazyCache's default), so a twin the client has
// just created under its location can be refused until that list is built again.
import { ApiError } from './apiError';
import type { Clock } from './clock';
import type { HttpRequest } from './httpTransport';

/** How long the proxy keeps a scoped client's allowed twins. */
const SCOPE_CACHE_MS = 20 * 60_000;
const MAX_REMEMBERED = 1000;
const MINUTE = 60_000;

export class RecentCreations {
  private readonly created = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  record(twinId: string): void {
    this.created.delete(twinId);
    this.created.set(twinId, this.clock.now());
    if (this.created.size > MAX_REMEMBERED) this.created.delete(this.created.keys().next().value!);
  }

  /** The 403 with the likely reason when the request names a twin created less than SCOPE_CACHE_MS ago; else the error as it is. */
  explain(error: unknown, request: Pick<HttpRequest, 'path' | 'json'>): unknown {
    if (!(error instanceof ApiError) || !error.isForbidden || this.created.size === 0) return error;
    const now = this.clock.now();
    const recent = twinIdsOf(request)
      .map((id) => ({ id, at: this.created.get(id) }))
      .filter((c): c is { id: string; at: number } => c.at !== undefined && now - c.at < SCOPE_CACHE_MS)
      .sort((a, b) => b.at - a.at)[0];
    if (!recent) return error;
    const ago = Math.max(1, Math.round((now - recent.at) / MINUTE));
    const until = new Date(recent.at + SCOPE_CACHE_MS).toISOString().slice(11, 16);
    return new ApiError({
      kind: 'http',
      operation: error.operation,
      status: 403,
      problem: error.problem,
      body: error.body,
      attempts: error.attempts,
      cause: error,
      detail: `no permission for twin "${recent.id}", which this client created ${ago} min ago: the service keeps a location-scoped client's allowed twins for about 20 minutes, so it may refuse a new twin until about ${until} UTC; try again then`,
    });
  }
}

const NOT_TWIN_IDS: ReadonlySet<string> = new Set(['ids', 'count', 'graph', 'relationships']);

/** The twin ids a request names: in its path (`/twins/{id}…`, `/time-series/{id}…`) and in its body (an id list, a relationship's ends). */
function twinIdsOf(request: Pick<HttpRequest, 'path' | 'json'>): string[] {
  const ids: string[] = [];
  const match = /^\/(?:twins|time-series)\/([^/?]+)/.exec(request.path);
  if (match && !NOT_TWIN_IDS.has(match[1])) {
    try {
      ids.push(decodeURIComponent(match[1]));
    } catch {
      // not an id the client encoded
    }
  }
  const body = request.json;
  if (Array.isArray(body)) ids.push(...body.filter((v): v is string => typeof v === 'string'));
  else if (body && typeof body === 'object') {
    for (const key of ['sourceId', 'targetId', '$sourceId', '$targetId']) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string') ids.push(value);
    }
  }
  return ids;
}
