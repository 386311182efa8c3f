// How the client words time-series requests and reads the answers, so it works against the service
// (docs/service-compatibility.md, "Time series") and against older emulators alike:
// - entries go out keyed by `dtId` (the service binds only `dtId` and `externalId`), their
//   `sourceTimestamp` in the ISO 8601 extended form the service binds (`toServiceTimestamp`);
// - range reads always carry `start`, `end` and `pageSize` (the service answers 400 without them);
// - `POST /time-series` answers 202 with no body: the result is what was sent;
// - a read for twins none of which exists answers 404 with no body.
import { ApiError } from './apiError';
import type { QueryValue } from './httpTransport';
import { isObject } from '../dtdl/dtdlText';
import { TIME_SERIES_DEFAULT_PAGE_SIZE } from './requestChecks';
import { toServiceTimestamp } from './serviceTimestamp';
import type {
  TimeSeriesEntry,
  TimeSeriesErrorData,
  TimeSeriesPage,
  TimeSeriesQuery,
  TimeSeriesSendResult,
} from './types';

/** The entry as the service binds it: keyed by `dtId`, its timestamp in ISO 8601 extended form (checked before). */
export function wireEntry(entry: TimeSeriesEntry): TimeSeriesEntry {
  const keyed = keyedByDtId(entry);
  const written = toServiceTimestamp(keyed.sourceTimestamp);
  return 'timestamp' in written && written.timestamp !== keyed.sourceTimestamp
    ? { ...keyed, sourceTimestamp: written.timestamp }
    : keyed;
}

/** The entry as the service reads it: a `twinId` key becomes `dtId` (an explicit `dtId` wins). */
function keyedByDtId(entry: TimeSeriesEntry): TimeSeriesEntry {
  if (!('twinId' in entry)) return entry;
  const { twinId, ...rest } = entry;
  return rest.dtId || !twinId ? rest : { ...rest, dtId: twinId };
}

/** The query of a range read or a latest read; `pageSize` only on range reads (where it is required). */
export function seriesQuery(
  q: TimeSeriesQuery & { pageSize?: number },
  kind: 'range' | 'latest',
): Record<string, QueryValue> {
  const pageSize = kind === 'range' ? (q.pageSize ?? TIME_SERIES_DEFAULT_PAGE_SIZE) : undefined;
  return {
    start: q.start,
    end: q.end,
    pageSize,
    continuationToken: q.continuationToken,
    includeDataQuality: q.includeDataQuality,
  };
}

/** The result of `POST /time-series`: how many entries were sent, plus whatever a service put in its body. */
export function sendResult(raw: unknown, sent: number): TimeSeriesSendResult {
  return { ...(isObject(raw) ? raw : {}), sent };
}

/** `fallback` when the error is the service's 404 for "none of these twins exists"; otherwise rethrows. */
export function whenNoTwinKnown<T>(error: unknown, fallback: T): T {
  if (error instanceof ApiError && error.status === 404) return fallback;
  throw error;
}

/** The page a 404 stands for: no data, and every id named as not found (as `errorList` names some). */
export function noTwinKnownPage(ids: string[]): TimeSeriesPage {
  const errorData: TimeSeriesErrorData = { message: 'Twins not found.', ids };
  return { data: [], continuationToken: null, errorData };
}
