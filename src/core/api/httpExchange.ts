// The client's seam to the wire: one HTTP request sent and its answer read, nothing more. Tokens, pacing,
// retries, the call deadline and error wording stay in HttpTransport; an exchange only moves bytes, so
// the global fetch (fetchExchange.ts) and keep-alive node:http (nodeExchange.ts) are interchangeable.

/** What the client reads from a response's headers (fetch's Headers and Node's header object both give it). */
export interface ResponseHeaders {
  /** The header's value (several joined with ", "), or null when absent. Names are case-insensitive. */
  get(name: string): string | null;
}

export interface ExchangeRequest {
  /** Absolute URL, query included. */
  url: string;
  method: string;
  /** Lower-case names; the request's own object, which the exchange may add to (e.g. accept-encoding). */
  headers: Record<string, string>;
  body?: string | FormData;
  /** Ends the exchange (connection, upload, download) when it fires: the call's cancellation (callSignal.ts). */
  signal: AbortSignal;
  /** Largest body read; past it the exchange fails with ResponseTooLarge, having read no further. */
  maxBytes: number;
  /** Sending it twice is harmless, so a connection found dead when reused may be replaced and the request sent again. */
  idempotent: boolean;
}

export interface ExchangeResponse {
  status: number;
  headers: ResponseHeaders;
  body: Uint8Array;
}

/** Sends one HTTP request and reads its answer. Redirects are never followed (RedirectRefused). */
export interface HttpExchange {
  readonly name: string;
  send(request: ExchangeRequest): Promise<ExchangeResponse>;
  /** Lets go of idle connections; later sends open new ones. */
  close(): void;
}

/** The answer was a redirect; the API has none, and following one would drop or leak the bearer token. */
export class RedirectRefused extends Error {
  constructor(
    readonly url: string,
    readonly status?: number,
    readonly location?: string,
  ) {
    super(`${url} answered with a redirect${status ? ` (HTTP ${status}${location ? ` to ${location}` : ''})` : ''}`);
  }
}

/** The body is larger than the exchange's maxBytes: refused on its Content-Length or cancelled once past it. */
export class ResponseTooLarge extends Error {
  constructor(
    readonly status: number,
    readonly limit: number,
  ) {
    super(`the response is larger than ${limit} bytes`);
  }
}

/** The status codes of a redirect that fetch would follow (300 and 304 are answers, not redirects). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
