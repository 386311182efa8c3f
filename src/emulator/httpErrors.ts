import type { ProblemDetails } from '../core/api/types';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Type URIs as ASP.NET emits them (RFC 9110 sections). */
const TYPES: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/**
 * An error a route handler throws; the server renders it as ProblemDetails (or as plain text / a
 * custom JSON body when given) and never applies any write of the failed request.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly options: {
      headers?: Record<string, string>;
      plainText?: boolean;
      body?: unknown;
      title?: string;
      /** Answer with no body at all, as the service does for 401, 403 and time-series 404s. */
      emptyBody?: boolean;
    } = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }

  problem(instance?: string): ProblemDetails {
    const problem: ProblemDetails = {
      type: TYPES[this.status] ?? null,
      title: this.options.title ?? statusTitle(this.status),
      status: this.status,
      detail: this.detail,
    };
    if (instance) problem.instance = instance;
    if (this.errors && Object.keys(this.errors).length) problem.errors = this.errors;
    return problem;
  }
}

/** 400 with a validation dictionary; `field` names the offending request field (e.g. `pageSize`, `[3].scalarValue`). */
export function badRequest(detail: string, field?: string): HttpError {
  return new HttpError(400, detail, field === undefined ? undefined : { [field]: [detail] });
}

/** 400 carrying several field errors at once. */
export function validationFailed(
  errors: Record<string, string[]>,
  detail = 'One or more validation errors occurred.',
): HttpError {
  return new HttpError(400, detail, errors, { title: 'One or more validation errors occurred.' });
}

export function notFound(detail: string): HttpError {
  return new HttpError(404, detail);
}

export function conflict(detail: string): HttpError {
  return new HttpError(409, detail);
}

/**
 * 401 as JwtBearer sends it: no body, the reason in `WWW-Authenticate` (`error="invalid_token"` only when a
 * token was sent).
 */
export function unauthorized(detail: string, tokenSent = true): HttpError {
  const challenge = tokenSent ? `Bearer error="invalid_token", error_description="${headerText(detail)}"` : 'Bearer';
  return new HttpError(401, detail, undefined, { emptyBody: true, headers: { 'WWW-Authenticate': challenge } });
}

/** 403 as the proxy's authorization sends it: no body. */
export function forbidden(detail: string): HttpError {
  return new HttpError(403, detail, undefined, { emptyBody: true });
}

/** Text safe inside a quoted header value: printable ASCII without quotes or backslashes. */
export function headerText(text: string): string {
  return text.replace(/[^\x20-\x7e]|["\\]/g, ' ').slice(0, 300);
}
