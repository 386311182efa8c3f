// Error bodies as the service's backends send them (docs/service-compatibility.md, "Errors"):
// - 401 (JwtBearer), 403 (the proxy's authorization) and time-series 4xx (LiveDataCore's minimal API): no body;
// - request validation (ASP.NET [ApiController]): RFC 7807 ValidationProblemDetails with `errors` and `traceId`;
// - other errors of twins, models, relationships, insights and tickets (the backends' exception filters):
//   `{ statusCode, message, data }` as application/problem+json;
// - events and everything else: ProblemDetails (the docs show it for events).
// Bodiless answers carry the emulator's reason in `X-Emulator-Detail`, which the real service does not send.

import { randomBytes } from 'node:crypto';
import { HttpError, headerText, statusTitle } from './httpErrors';
import type { Reply } from './router';

const PROBLEM_JSON = 'application/problem+json; charset=utf-8';
const DETAIL_HEADER = 'X-Emulator-Detail';

type ErrorStyle = 'exceptionFilter' | 'minimalApi' | 'problemDetails';

const EXCEPTION_FILTER_PREFIXES = ['/twins', '/models', '/insights', '/tickets'];

/** The backend's error style for an API path below /api/v3 (undefined for paths outside it). */
function errorStyle(apiPath: string | undefined): ErrorStyle {
  if (apiPath === undefined) return 'problemDetails';
  if (startsSegment(apiPath, '/time-series')) return 'minimalApi';
  return EXCEPTION_FILTER_PREFIXES.some((prefix) => startsSegment(apiPath, prefix))
    ? 'exceptionFilter'
    : 'problemDetails';
}

function startsSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** A trace id shaped like ASP.NET's (W3C traceparent). */
function traceId(): string {
  return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`;
}

/** The reply for an HttpError raised while serving `instance` (the full request path); `apiPath` is below /api/v3. */
export function errorReplyFor(err: HttpError, instance: string, apiPath: string | undefined): Reply {
  const style = errorStyle(apiPath);
  const headers = { ...err.options.headers };
  if (err.options.plainText)
    return { status: err.status, raw: { content: err.detail, contentType: 'text/plain; charset=utf-8' }, headers };
  if (err.options.body !== undefined) return { status: err.status, body: err.options.body, headers };
  const bodiless =
    err.options.emptyBody ||
    err.status === 401 ||
    err.status === 403 ||
    (style === 'minimalApi' && err.status >= 400 && err.status < 500 && err.status !== 413 && err.status !== 429);
  if (bodiless) return { status: err.status, headers: { ...headers, [DETAIL_HEADER]: headerText(err.detail) } };
  const problemHeaders = { ...headers, 'Content-Type': PROBLEM_JSON };
  if (err.errors && Object.keys(err.errors).length) {
    return {
      status: err.status,
      body: {
        type: err.problem().type,
        title: 'One or more validation errors occurred.',
        status: err.status,
        errors: err.errors,
        traceId: traceId(),
      },
      headers: problemHeaders,
    };
  }
  if (style === 'exceptionFilter')
    return {
      status: err.status,
      body: { statusCode: err.status, message: err.detail, data: {} },
      headers: problemHeaders,
    };
  return { status: err.status, body: err.problem(instance), headers: problemHeaders };
}

/** An unexpected exception: 500 in the path's style, never the stack. */
export function internalErrorReply(message: string, instance: string, apiPath: string | undefined): Reply {
  return errorReplyFor(
    new HttpError(500, `Internal emulator error: ${message}`, undefined, { title: statusTitle(500) }),
    instance,
    apiPath,
  );
}
