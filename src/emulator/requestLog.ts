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
  if (![...query.keys()].length) return pathname;
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
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(): RequestLogEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}
