/** One served request as `GET /_emulator/requests` reports it (no headers, no tokens, no bodies). */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  time: string;
}

const SENSITIVE_QUERY = /secret|password|access_token|^token$|^code$/i;

/** Path with the values of sensitive query parameters replaced by `***`. */
export function redactPath(pathname: string, query: URLSearchParams): string {
  if (query.keys().next().done) return pathname;
  const parts: string[] = [];
  for (const [k, v] of query) parts.push(`${encodeURIComponent(k)}=${SENSITIVE_QUERY.test(k) ? '***' : encodeURIComponent(v)}`);
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
