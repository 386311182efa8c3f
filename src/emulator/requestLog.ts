/** One telemetry entry `POST /time-series` accepted but did not store (the service drops such entries silently). */
export interface DroppedEntry {
  /** Position in the request body. */
  index: number;
  reason: string;
}

/** What a handler adds to its request's log entry: for `POST /time-series`, the entries it dropped. */
export interface RequestLogNote {
  /** `count` of the `sent` entries were dropped; `entries` lists the first ones (at most MAX_LOGGED_DROPS). */
  dropped?: { count: number; sent: number; entries: DroppedEntry[] };
}

export const MAX_LOGGED_DROPS = 100;

/** One served request as `GET /_emulator/requests` reports it (no headers, no tokens, no bodies). */
export interface RequestLogEntry extends RequestLogNote {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  time: string;
}

/** The note as text for the console log line, e.g. `dropped 2 of 5 entries: [1] twin 'X' does not exist; …`. */
export function describeNote(note: RequestLogNote | undefined): string {
  const dropped = note?.dropped;
  if (!dropped?.count) return '';
  const shown = dropped.entries.slice(0, 10).map((e) => `[${e.index}] ${e.reason}`);
  const more = dropped.count > shown.length ? `; … ${dropped.count - shown.length} more` : '';
  return `dropped ${dropped.count} of ${dropped.sent} entries: ${shown.join('; ')}${more}`;
}

const SENSITIVE_QUERY = /secret|password|access_token|^token$|^code$/i;

/** Path with the values of sensitive query parameters replaced by `***`. */
export function redactPath(pathname: string, query: URLSearchParams): string {
  if (query.keys().next().done) return pathname;
  const parts: string[] = [];
  for (const [k, v] of query)
    parts.push(`${encodeURIComponent(k)}=${SENSITIVE_QUERY.test(k) ? '***' : encodeURIComponent(v)}`);
  return `${pathname}?${parts.join('&')}`;
}

/** The most recent requests (a bounded ring). */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 10000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    // Trim in chunks so a full log costs O(1) per request on average.
    if (this.entries.length >= this.capacity * 1.5) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): RequestLogEntry[] {
    return this.entries.slice(-this.capacity);
  }

  clear(): void {
    this.entries = [];
  }
}
