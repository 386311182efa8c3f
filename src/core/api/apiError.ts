import type { ProblemDetails } from './types';

/**
 * http: the service answered with an error status. network: no answer. timeout / aborted: the call's
 * deadline passed or its signal fired. invalid-request: refused locally, nothing was sent.
 * invalid-response: the answer could not be understood. read-only: a write refused by a read-only client
 * (BuildingTwinsClientOptions.readOnly), nothing was sent. paused: the instance answered 5xx too often in a
 * row and its requests are paused for a while (circuitBreaker.ts), nothing was sent.
 */
export type ApiErrorKind =
  'http' | 'network' | 'timeout' | 'aborted' | 'invalid-request' | 'invalid-response' | 'read-only' | 'paused';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  operation: string;
  /** HTTP status; 0 when there was no answer. */
  status?: number;
  problem?: ProblemDetails;
  /** The raw response body when it was not ProblemDetails (e.g. the plain-text 429 message). */
  body?: string;
  /** What went wrong when there is no response to describe it. */
  detail?: string;
  /** The request, e.g. `GET /twins/AHU-1`: named in the message when the service said nothing. */
  target?: string;
  /** The `WWW-Authenticate` challenge of a 401 (JwtBearer puts its reason there, not in a body). */
  challenge?: string;
  attempts?: number;
  cause?: unknown;
}

const MAX_TEXT = 300;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

/** The single error type of the client. `message` is `oneLine`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly operation: string;
  readonly problem?: ProblemDetails;
  readonly body?: string;
  readonly detail?: string;
  readonly attempts: number;

  /** `redact` is applied to every text the error carries, before anything can read it. */
  constructor(init: ApiErrorInit, redact: (text: string) => string = (t) => t) {
    const problem = init.problem ? (JSON.parse(redact(JSON.stringify(init.problem))) as ProblemDetails) : undefined;
    const body = init.body === undefined ? undefined : redact(init.body);
    const detail = init.detail === undefined ? undefined : redact(init.detail);
    const said = {
      problem,
      body,
      detail,
      target: init.target && redact(init.target),
      challenge: init.challenge && redact(init.challenge),
    };
    super(
      describe(init.kind, init.operation, init.status ?? 0, said),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.operation = init.operation;
    this.problem = problem;
    this.body = body;
    this.detail = detail;
    this.attempts = init.attempts ?? 1;
  }

  /** A request refused before sending: nothing reached the service. */
  static invalidRequest(operation: string, detail: string): ApiError {
    return new ApiError({ kind: 'invalid-request', operation, detail, attempts: 0 });
  }

  /**
   * A write refused because the client is read-only: nothing was sent, not even a token request. The message
   * names the operation and the connection: `putTwin refused: the connection "Production" is read-only; nothing was sent`.
   */
  static readOnly(operation: string, connection: string): ApiError {
    return new ApiError({
      kind: 'read-only',
      operation,
      detail: `the connection "${connection}" is read-only; nothing was sent`,
      attempts: 0,
    });
  }

  /** The service refused the operation for lack of permission (HTTP 403), not for bad credentials. */
  get isForbidden(): boolean {
    return this.kind === 'http' && this.status === 403;
  }

  /** One human line fit for a notification. */
  get oneLine(): string {
    return this.message;
  }

  /** Validation messages by field, from ProblemDetails `errors`. */
  get fieldErrors(): Array<{ field: string; message: string }> {
    const errors = this.problem?.errors ?? {};
    return Object.entries(errors).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [String(messages)]).map((message) => ({ field, message: String(message) })),
    );
  }
}

/** What a bodiless answer means, for the statuses the service sends without a body. */
const SILENT_STATUS: Record<number, string> = {
  400: 'the request was refused as invalid',
  401: 'the access token was refused',
  403: 'no permission: the client lacks the permission for this operation, or the twin is outside its location scope',
  404: 'not found',
  405: 'the operation is not allowed here',
  409: 'it conflicts with the current state',
  413: 'the request is too large',
  415: 'the content type is not accepted',
  429: 'too many requests',
  500: 'the service failed',
  502: 'the service could not be reached through its gateway',
  503: 'the service is unavailable',
  504: 'the service gateway timed out',
};

interface Said {
  problem?: ProblemDetails;
  body?: string;
  detail?: string;
  target?: string;
  challenge?: string;
}

function describe(kind: ApiErrorKind, operation: string, status: number, said: Said): string {
  const { problem, body, detail } = said;
  const head = status
    ? `${operation} failed with HTTP ${status}`
    : kind === 'read-only'
      ? `${operation} refused`
      : `${operation} failed`;
  const parts: string[] = [];
  if (problem) {
    if (problem.title) parts.push(String(problem.title));
    if (problem.detail && problem.detail !== problem.title) parts.push(String(problem.detail));
    const text = parts.join(' ');
    const errors = Object.entries(problem.errors ?? {})
      .map(
        ([field, messages]) =>
          [
            field,
            (Array.isArray(messages) ? messages : [messages]).map(String).filter((m) => !text.includes(m)),
          ] as const,
      )
      .filter(([, messages]) => messages.length)
      .map(([field, messages]) => `${field}: ${messages.join(', ')}`);
    if (errors.length) parts.push(errors.join('; '));
  } else if (body && body.trim()) {
    parts.push(body);
  }
  if (detail) parts.push(detail);
  if (!parts.length && kind === 'http') parts.push(silentAnswer(status, said));
  if (!parts.length) parts.push(kind);
  return clip(`${head}: ${parts.join(' — ')}`);
}

/** A bodiless HTTP error in words: what the status means, the 401 challenge's reason, and the request. */
function silentAnswer(status: number, said: Said): string {
  const reason =
    /error_description="([^"]*)"/i.exec(said.challenge ?? '')?.[1] ??
    /error="([^"]*)"/i.exec(said.challenge ?? '')?.[1];
  const meaning = SILENT_STATUS[status] ?? 'no details given';
  const target = said.target ? ` (${said.target})` : '';
  return `${meaning}${reason ? ` (${reason})` : ''}; the service sent no details${target}`;
}

/** A write refused by a read-only client (also from another copy of ApiError, e.g. another bundle). */
export function isReadOnlyRefusal(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { kind?: unknown }).kind === 'read-only';
}

/** One line for anything thrown: an ApiError's `oneLine` (also from another copy of the class), else the message. */
export function errorText(error: unknown): string {
  if (
    error &&
    typeof error === 'object' &&
    'oneLine' in error &&
    typeof (error as { oneLine: unknown }).oneLine === 'string'
  ) {
    return (error as { oneLine: string }).oneLine;
  }
  return error instanceof Error ? error.message : String(error);
}
