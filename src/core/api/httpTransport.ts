import { ApiError } from './apiError';
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES, type RetryOptions } from './backoff';
import { type CircuitBreaker, circuitRefusalText, isCircuitRefusal } from './circuitBreaker';
import { sleep, type Clock } from './clock';
import type { Semaphore } from './concurrency';
import { CallSignal } from './callSignal';
import {
  type ExchangeRequest,
  type HttpExchange,
  RedirectRefused,
  type ResponseHeaders,
  ResponseTooLarge,
} from './httpExchange';
import { normalizeProblem } from './normalize';
import { isWriteOperation, RETRY_SAFE } from './operations';
import { rateLimitGroup, type RateLimiter } from './rateLimiter';
import type { SecretRegistry } from './redact';
import type { TokenProvider } from './tokenProvider';
import type { CallOptions } from './types';
import { unreachableCode } from './unreachable';

/** One line per HTTP attempt, for logs. Carries no headers, bodies or tokens. */
export interface RequestEvent {
  operation: string;
  method: string;
  /** Path below the base URL, without the query. */
  path: string;
  /** 0 when no response arrived. */
  status: number;
  durationMs: number;
  /** 1 for the first try. */
  attempt: number;
  /** Why no response arrived (network error, timeout, cancelled), redacted. */
  error?: string;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the base URL, starting with `/`; path segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Extra request headers (printable ASCII values). */
  headers?: Readonly<Record<string, string>>;
  json?: unknown;
  form?: URLSearchParams;
  multipart?: FormData;
  /**
   * Whether sending it twice is harmless: only then are transient failures retried. By default the operation's
   * entry in RETRY_SAFE (operations.ts).
   */
  retrySafe?: boolean;
  /** Send the bearer token (all operations except the token request). */
  auth?: boolean;
  /** Read the body as bytes instead of text. */
  binary?: boolean;
  /**
   * A refused connection or an unknown host ends the call at once instead of being retried (the sign-in:
   * nothing will answer there a few seconds later either). Timeouts and 5xx answers are retried as usual.
   */
  unreachableIsFinal?: boolean;
  /**
   * Why an HTTP 500 may be this request's own fault rather than an outage (a filter the service's database
   * cannot run): such a 500 is neither retried nor counted by the circuit breaker, and the reason joins the error.
   */
  queryFault?: string;
}

export interface HttpResponse {
  status: number;
  headers: ResponseHeaders;
  text: string;
  bytes?: Uint8Array;
}

export interface TransportOptions {
  baseUrl: string;
  /** Sends one HTTP request on the wire (nodeExchange.ts, fetchExchange.ts). */
  exchange: HttpExchange;
  retry: RetryOptions;
  timeoutMs: number;
  limiters: Map<string, RateLimiter>;
  semaphore: Semaphore;
  secrets: SecretRegistry;
  clock: Clock;
  onRequest?: (event: RequestEvent) => void;
  random?: () => number;
  maxResponseBytes?: number;
  /** Ends every call when it fires (the client is no longer wanted, e.g. its connection was removed). */
  signal?: AbortSignal;
  /** Pauses the instance after repeated 5xx answers (circuitBreaker.ts); none: never paused. */
  breaker?: CircuitBreaker;
  /** Set on read-only clients: the connection's name, for the refusal of every write (operations.ts). */
  readOnlyConnection?: string;
  /** Awaited before every write is sent (BuildingTwinsClientOptions.beforeWrite); a rejection sends nothing. */
  beforeWrite?: (write: OutgoingWrite) => Promise<void>;
}

/** A write about to be sent, as BuildingTwinsClientOptions.beforeWrite sees it. */
export interface OutgoingWrite {
  operation: string;
  method: HttpRequest['method'];
  /** Below the base URL, e.g. `/twins/AHU-1`. */
  path: string;
  /** The full URL, query included. */
  url: string;
  /** The JSON body, if any. */
  json?: unknown;
  /** The files of a multipart upload: their names and sizes in bytes. */
  files?: Array<{ name: string; bytes: number }>;
}

/** Largest response body read by default; larger answers fail early (a page of twins is a few MB). */
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Sends requests: token, pacing, bounded concurrency, the call deadline, retries, errors. */
export class HttpTransport {
  tokens?: TokenProvider;

  constructor(private readonly options: TransportOptions) {}

  async send(request: HttpRequest, call: CallOptions = {}): Promise<HttpResponse> {
    // Every request passes here, the token request too: a refused write sends nothing at all.
    const readOnly = this.options.readOnlyConnection;
    if (readOnly !== undefined && isWriteOperation(request.operation))
      throw ApiError.readOnly(request.operation, readOnly);
    // URLs resolve `.` and `..` segments, so such an id would silently address another resource.
    const dotSegment = DOT_SEGMENT.exec(request.path);
    if (dotSegment)
      throw ApiError.invalidRequest(
        request.operation,
        `an id of "${dotSegment[1]}" cannot be sent in a URL path; nothing was sent`,
      );
    // Serialised once, before anything goes out: a body that cannot be (too deep, circular, a BigInt) is the
    // caller's mistake, reported at once, never retried as if the network had failed.
    const json = jsonBody(request);
    if (this.options.beforeWrite && isWriteOperation(request.operation))
      await this.options.beforeWrite(this.outgoingWrite(request));
    const retrySafe = request.retrySafe ?? RETRY_SAFE[request.operation as keyof typeof RETRY_SAFE] === true;
    const cancel = new CallSignal(call.timeoutMs ?? this.options.timeoutMs, this.options.clock, [
      call.signal,
      this.options.signal,
    ]);
    const signal = cancel.signal;
    let attempt = 0;
    try {
      let retries = 0;
      let refreshed = false;
      for (;;) {
        attempt++;
        // Before the pacer: a paused instance costs no slot of the budget.
        const ticket = this.admit(request, attempt);
        let outcome: { response: HttpResponse; token?: string };
        try {
          outcome = await this.attempt(
            request,
            json,
            retrySafe,
            attempt,
            signal,
            call.maxResponseBytes ?? this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
          );
          ticket?.(isQueryFault(request, outcome.response.status) ? undefined : outcome.response.status);
        } catch (error) {
          ticket?.(undefined);
          if (signal.aborted || error instanceof ApiError) throw error;
          const final = request.unreachableIsFinal === true && unreachableCode(error) !== undefined;
          if (retrySafe && !final && retries < this.options.retry.retries) {
            retries++;
            await sleep(backoffDelay(retries, this.options.retry, this.options.random), signal, this.options.clock);
            continue;
          }
          throw this.error(request, {
            kind: 'network',
            detail: networkMessage(error),
            attempts: attempt,
            cause: error,
          });
        }
        const { response, token } = outcome;
        if (response.status === 401 && token && !refreshed && this.tokens) {
          refreshed = true;
          await this.tokens.invalidate(token);
          continue;
        }
        if (
          RETRYABLE_STATUSES.has(response.status) &&
          retrySafe &&
          !isQueryFault(request, response.status) &&
          retries < this.options.retry.retries
        ) {
          const retryAfter = parseRetryAfter(response.headers.get('retry-after'), this.options.clock.now());
          if (retryAfter === undefined || retryAfter <= this.options.retry.maxRetryAfterMs) {
            retries++;
            const delay = retryAfter ?? backoffDelay(retries, this.options.retry, this.options.random);
            await sleep(delay, signal, this.options.clock);
            continue;
          }
        }
        if (response.status < 200 || response.status > 299) throw this.httpError(request, response, attempt);
        return response;
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal.aborted) {
        throw cancel.timedOut
          ? this.error(request, {
              kind: 'timeout',
              detail: `no answer within ${cancel.timeoutMs} ms`,
              attempts: attempt,
            })
          : this.error(request, { kind: 'aborted', detail: 'cancelled', attempts: attempt });
      }
      throw this.error(request, { kind: 'network', detail: networkMessage(error), attempts: attempt, cause: error });
    } finally {
      cancel.dispose();
    }
  }

  private outgoingWrite(request: HttpRequest): OutgoingWrite {
    const write: OutgoingWrite = {
      operation: request.operation,
      method: request.method,
      path: request.path,
      url: this.url(request),
    };
    if (request.json !== undefined) write.json = request.json;
    if (request.multipart) {
      write.files = [];
      for (const [field, value] of request.multipart.entries()) {
        if (typeof value !== 'string') write.files.push({ name: value.name || field, bytes: value.size });
      }
    }
    return write;
  }

  url(request: Pick<HttpRequest, 'path' | 'query'>): string {
    let query: URLSearchParams | undefined;
    for (const key in request.query) {
      const value = request.query[key];
      if (value !== undefined && value !== null) (query ??= new URLSearchParams()).set(key, String(value));
    }
    const search = query?.toString();
    return `${this.options.baseUrl}${request.path}${search ? `?${search}` : ''}`;
  }

  /** The breaker's ticket for one attempt; a paused instance is a `paused` ApiError and nothing is sent. */
  private admit(request: HttpRequest, attempt: number): ((status: number | undefined) => void) | undefined {
    const outcome = this.options.breaker?.admit();
    if (!outcome || !isCircuitRefusal(outcome)) return outcome;
    throw this.error(request, {
      kind: 'paused',
      detail: circuitRefusalText(new URL(this.options.baseUrl).host, outcome),
      attempts: attempt - 1,
    });
  }

  /** One attempt: its slot of the rate budget, the token, a concurrency slot, then the exchange. */
  private async attempt(
    request: HttpRequest,
    json: string | undefined,
    retrySafe: boolean,
    attempt: number,
    signal: AbortSignal,
    maxBytes: number,
  ): Promise<{ response: HttpResponse; token?: string }> {
    const group = rateLimitGroup(request.path);
    const limiter = group ? this.options.limiters.get(group) : undefined;
    const releaseRate = limiter ? await limiter.acquire(signal) : undefined;
    let releaseSlot: (() => void) | undefined;
    let sent = false;
    try {
      // The token first: holding a concurrency slot while waiting for it would starve the token request.
      const tokens = request.auth === false ? undefined : this.requireTokens();
      const token = tokens && (tokens.validToken() ?? (await tokens.getAccessToken(signal)));
      signal.throwIfAborted();
      releaseSlot = this.options.semaphore.tryAcquire() ?? (await this.options.semaphore.acquire(signal));
      sent = true;
      // The exchange, reported to onRequest whatever happens.
      const exchangeRequest = this.exchangeRequest(request, json, retrySafe, token, signal, maxBytes);
      const started = this.options.onRequest ? performance.now() : 0;
      let status = 0;
      let failure: string | undefined;
      try {
        const res = await this.options.exchange.send(exchangeRequest);
        status = res.status;
        const bytes = request.binary && res.status >= 200 && res.status <= 299 ? res.body : undefined;
        const response = { status, headers: res.headers, text: bytes ? '' : UTF8.decode(res.body), bytes };
        return { response, token };
      } catch (error) {
        failure = signal.aborted
          ? String((signal.reason as Error | undefined)?.message ?? 'cancelled')
          : networkMessage(error);
        if (error instanceof ResponseTooLarge) status = error.status;
        throw signal.aborted ? error : this.exchangeError(request, error, attempt, exchangeRequest.url, maxBytes);
      } finally {
        if (this.options.onRequest)
          this.report({
            operation: request.operation,
            method: request.method,
            path: this.options.secrets.redact(request.path),
            status,
            durationMs: Math.round((performance.now() - started) * 100) / 100,
            attempt,
            ...(failure ? { error: this.options.secrets.redact(failure) } : {}),
          });
      }
    } finally {
      releaseSlot?.();
      // Cancelled before it went out (waiting for the token or a connection): the slot was not spent.
      releaseRate?.({ sent });
    }
  }

  /** What the exchange is asked to send for one attempt. */
  private exchangeRequest(
    request: HttpRequest,
    json: string | undefined,
    retrySafe: boolean,
    token: string | undefined,
    signal: AbortSignal,
    maxBytes: number,
  ): ExchangeRequest {
    const accept = request.binary ? '*/*' : 'application/json';
    const headers: Record<string, string> = request.headers ? { ...request.headers, accept } : { accept };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = json;
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = request.form.toString();
    } else if (request.multipart) {
      body = request.multipart; // the exchange writes the multipart boundary header itself
    }
    return { url: this.url(request), method: request.method, headers, body, signal, maxBytes, idempotent: retrySafe };
  }

  /** An exchange's failure (not a cancellation) as the call reports it: a size or redirect refusal is an ApiError. */
  private exchangeError(request: HttpRequest, error: unknown, attempt: number, url: string, maxBytes: number): unknown {
    if (error instanceof ResponseTooLarge) {
      return this.error(request, {
        kind: 'invalid-response',
        status: error.status,
        detail: `the response is larger than the limit of ${formatBytes(maxBytes)}; nothing past the limit was read (narrow the request or raise maxResponseBytes)`,
        attempts: attempt,
      });
    }
    if (error instanceof RedirectRefused) {
      const answer = error.status ? ` (HTTP ${error.status}${error.location ? ` to ${error.location}` : ''})` : '';
      return this.error(request, {
        kind: 'network',
        detail: `${url} answered with a redirect${answer}, which the client does not follow: check the service URL (${this.options.baseUrl})`,
        attempts: attempt,
        cause: error,
      });
    }
    return error;
  }

  /** A failing listener must not fail the call it listens to. */
  private report(event: RequestEvent): void {
    try {
      this.options.onRequest?.(event);
    } catch {
      // ignored on purpose
    }
  }

  private requireTokens(): TokenProvider {
    if (!this.tokens) throw new Error('No token provider configured');
    return this.tokens;
  }

  private httpError(request: HttpRequest, response: HttpResponse, attempts: number): ApiError {
    const problem = normalizeProblem(response.text);
    return this.error(request, {
      kind: 'http',
      status: response.status,
      ...(problem ? { problem } : { body: response.text }),
      target: `${request.method} ${request.path}`,
      challenge: response.headers.get('www-authenticate') ?? undefined,
      ...(isQueryFault(request, response.status) ? { detail: request.queryFault } : {}),
      attempts,
    });
  }

  private error(request: HttpRequest, init: Omit<ConstructorParameters<typeof ApiError>[0], 'operation'>): ApiError {
    return new ApiError({ ...init, operation: request.operation }, (text) => this.options.secrets.redact(text));
  }
}

const UTF8 = new TextDecoder();

/** A path segment `.` or `..` (URLs resolve them, so such an id would address another resource). */
const DOT_SEGMENT = /(?:^|\/)(\.\.?)(?=\/|$)/;

function isQueryFault(request: HttpRequest, status: number): boolean {
  return status === 500 && request.queryFault !== undefined;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`
    : `${bytes} bytes`;
}

function networkMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? cause.message : cause ? String(cause) : '';
  return causeText && causeText !== error.message ? `${error.message} (${causeText})` : error.message;
}

/** The request's JSON body as sent, or undefined without one; a body JSON cannot hold is an invalid-request ApiError. */
function jsonBody(request: HttpRequest): string | undefined {
  if (request.json === undefined) return undefined;
  try {
    return JSON.stringify(request.json);
  } catch (error) {
    const reason =
      error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error);
    throw ApiError.invalidRequest(
      request.operation,
      `the request body cannot be written as JSON (${reason}); nothing was sent`,
    );
  }
}
