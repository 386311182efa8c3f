import type { ProblemDetails } from './types';

/**
 * http: the service answered with an error status. network: no answer. timeout / aborted: the call's
 * deadline passed or its signal fired. invalid-request: refused locally, nothing was sent.
 * invalid-response: the answer could not be understood.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-request' | 'invalid-response';

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
    super(describe(init.kind, init.operation, init.status ?? 0, problem, body, detail), init.cause === undefined ? undefined : { cause: init.cause });
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

  /** One human line fit for a notification. */
  get oneLine(): string {
    return this.message;
  }

  /** Validation messages by field, from ProblemDetails `errors`. */
  get fieldErrors(): Array<{ field: string; message: string }> {
    const errors = this.problem?.errors ?? {};
    return Object.entries(errors).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [String(messages)]).map((message) => ({ field, message: String(message) })));
  }
}

function describe(kind: ApiErrorKind, operation: string, status: number, problem?: ProblemDetails, body?: string, detail?: string): string {
  const head = status ? `${operation} failed with HTTP ${status}` : `${operation} failed`;
  const parts: string[] = [];
  if (problem) {
    if (problem.title) parts.push(String(problem.title));
    if (problem.detail && problem.detail !== problem.title) parts.push(String(problem.detail));
    const said = parts.join(' ');
    const errors = Object.entries(problem.errors ?? {})
      .map(([field, messages]) => [field, (Array.isArray(messages) ? messages : [messages]).map(String).filter((m) => !said.includes(m))] as const)
      .filter(([, messages]) => messages.length)
      .map(([field, messages]) => `${field}: ${messages.join(', ')}`);
    if (errors.length) parts.push(errors.join('; '));
  } else if (body && body.trim()) {
    parts.push(body);
  }
  if (detail) parts.push(detail);
  if (!parts.length) parts.push(kind === 'http' ? 'no details given' : kind);
  return clip(`${head}: ${parts.join(' — ')}`);
}

/** One line for anything thrown: an ApiError's `oneLine` (also from another copy of the class), else the message. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'oneLine' in error && typeof (error as { oneLine: unknown }).oneLine === 'string') {
    return (error as { oneLine: string }).oneLine;
  }
  return error instanceof Error ? error.message : String(error);
}
