// The query parameters of the time-series reads, bound as the service's minimal API binds them:
// `start`, `end` and `pageSize` are required on the range reads (400 without them), both ends are
// cut to the whole second and included, and `latest` looks back one hour unless the caller gives its own window.
import { TIME_SERIES_LATEST_WINDOW_MS } from '../../core/api/requestChecks';
import { badRequest } from '../httpErrors';
import { parseDateTime, queryBoolean, queryInteger, queryValue } from '../requestFields';
import { PAGE_SIZES } from '../../core/api/serviceLimits';
import { cutToSecond } from '../../core/timeSeries/wholeSeconds';

/** The emulator's own ceiling on a page (the service states none). */
const MAX_SERIES_PAGE_SIZE = PAGE_SIZES.timeSeries.max;

/** Both ends included, epoch milliseconds. */
export interface SeriesRange {
  start: number;
  end: number;
}

/** `start` and `end` of a range read; both required, and cut to the whole second as the service's query writes them. */
export function requiredRange(query: URLSearchParams): SeriesRange {
  return checkedRange(cutToSecond(requiredTime(query, 'start')), cutToSecond(requiredTime(query, 'end')));
}

/**
 * The window of a `latest` read: the caller's `start`/`end` when given (the docs list both as optional),
 * otherwise the hour up to `now` (the service looks back only that far).
 */
export function latestWindow(query: URLSearchParams, now: number): SeriesRange {
  const startText = queryValue(query, 'start');
  const endText = queryValue(query, 'end');
  const end = endText ? parseDateTime(endText, 'end') : now;
  const start = startText ? parseDateTime(startText, 'start') : end - TIME_SERIES_LATEST_WINDOW_MS;
  return checkedRange(start, end);
}

/** `pageSize`, required; 0 is allowed and selects no rows (the service pages rows n+1..n+pageSize). */
export function requiredPageSize(query: URLSearchParams): number {
  const size = queryInteger(query, 'pageSize', 0, MAX_SERIES_PAGE_SIZE);
  if (size === undefined) throw badRequest("Query parameter 'pageSize' is required.", 'pageSize');
  return size;
}

export function includeDataQuality(query: URLSearchParams): boolean {
  return queryBoolean(query, 'includeDataQuality') ?? false;
}

function requiredTime(query: URLSearchParams, name: 'start' | 'end'): number {
  const text = queryValue(query, name);
  if (!text) throw badRequest(`Query parameter '${name}' is required (an ISO 8601 date-time).`, name);
  return parseDateTime(text, name);
}

function checkedRange(start: number, end: number): SeriesRange {
  if (start > end) throw badRequest("'start' must not be after 'end'.", 'start');
  return { start, end };
}
