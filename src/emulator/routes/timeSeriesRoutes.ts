import type { Clock } from '../../core/api/clock';
import type { TimeSeriesData, TimeSeriesPage } from '../../core/api/types';
import { decodeToken, encodeToken } from '../continuationToken';
import { badRequest, HttpError } from '../httpErrors';
import { queryValue, requireArray } from '../requestFields';
import type { Reply, Router } from '../router';
import type { Series } from '../store/timeSeriesStore';
import { dataQualityOf } from '../timeSeries/dataQuality';
import { seriesPage, type SeriesPosition, type SeriesSource } from '../timeSeries/seriesPage';
import {
  includeDataQuality,
  latestWindow,
  requiredPageSize,
  requiredRange,
  type SeriesRange,
} from '../timeSeries/seriesQuery';
import { insertTelemetry } from '../timeSeries/telemetryInsert';
import { timeSeriesPageJson } from '../timeSeries/timeSeriesPageJson';
import type { StoredTwin, TwinGraph } from '../twins/twinGraph';

type TwinError = { message: string; ids: string[] };

/**
 * The time-series routes (docs/service-compatibility.md, "Time series"). The query is bound before the
 * twins are looked up, so a missing `start`, `end` or `pageSize` is a 400 even for an unknown twin.
 */
export function registerTimeSeriesRoutes(router: Router, graph: TwinGraph, clock: Pick<Clock, 'now'>): void {
  router.add('POST', '/time-series', (ctx) => ({ status: 202, note: insertTelemetry(graph, ctx.body, clock.now()) }));

  router.add('GET', '/time-series/:twinId', (ctx) => {
    const read = rangeRead(ctx.query, { twin: ctx.params.twinId });
    const twin = knownTwin(graph, ctx.params.twinId);
    if (!graph.models.isCapability(twin.modelId)) {
      const errorData = {
        message: `Twin '${twin.id}' (${twin.modelId}) is not a Capability twin and has no time series.`,
        ids: [twin.id],
      };
      return { body: { data: [], continuationToken: '', errorData } satisfies TimeSeriesPage };
    }
    return pageReply(graph, [twin], read, {}, clock.now());
  });

  router.add('POST', '/time-series/ids', (ctx) => {
    const ids = readIds(ctx.body);
    const read = rangeRead(ctx.query, { ids });
    const { twins, errorList } = resolveIds(graph, ids);
    return pageReply(graph, twins, read, { errorList }, clock.now());
  });

  router.add('GET', '/time-series/:twinId/latest', (ctx) => {
    const now = clock.now();
    const window = latestWindow(ctx.query, now);
    const twin = knownTwin(graph, ctx.params.twinId);
    return { body: latestPoints(graph, [twin], window, includeDataQuality(ctx.query), now) };
  });

  router.add('POST', '/time-series/ids/latest', (ctx) => {
    const ids = readIds(ctx.body);
    const now = clock.now();
    const window = latestWindow(ctx.query, now);
    const { twins } = resolveIds(graph, ids);
    return { body: latestPoints(graph, twins, window, includeDataQuality(ctx.query), now) };
  });
}

interface RangeRead {
  range: SeriesRange;
  size: number;
  after?: SeriesPosition;
  queryKey: unknown;
  includeDataQuality: boolean;
}

function rangeRead(query: URLSearchParams, what: Record<string, unknown>): RangeRead {
  const range = requiredRange(query);
  const size = requiredPageSize(query);
  const queryKey = { ...what, ...range };
  const read: RangeRead = { range, size, queryKey, includeDataQuality: includeDataQuality(query) };
  const token = queryValue(query, 'continuationToken');
  if (!token) return read;
  const p = decodeToken(token, queryKey);
  if (typeof p.k !== 'number' || typeof p.t !== 'number')
    throw badRequest("'continuationToken' is not a continuation token issued by this service.", 'continuationToken');
  return { ...read, after: { t: p.t, k: p.k } };
}

/** The page as JSON text written straight from the stored columns (see timeSeriesPageJson); the last page's token is "". */
function pageReply(
  graph: TwinGraph,
  twins: StoredTwin[],
  read: RangeRead,
  rest: Omit<TimeSeriesPage, 'data' | 'continuationToken'>,
  now: number,
): Reply {
  const sources: SeriesSource[] = twins.map((twin) => ({ twin, series: graph.store.timeSeries.get(twin.id) }));
  const { runs, next } = seriesPage(sources, read.range, read.size, read.after);
  const fields = { continuationToken: next ? encodeToken({ ...next }, read.queryKey) : '', ...rest };
  return {
    raw: {
      content: timeSeriesPageJson(runs, fields, read.includeDataQuality, now),
      contentType: 'application/json; charset=utf-8',
    },
  };
}

/** The twin, or the service's bodiless 404. */
function knownTwin(graph: TwinGraph, id: string): StoredTwin {
  const twin = graph.getTwin(id);
  if (!twin) throw noneKnown(`Twin '${id}' does not exist.`);
  return twin;
}

function noneKnown(detail: string): HttpError {
  return new HttpError(404, detail, undefined, { emptyBody: true });
}

function readIds(body: unknown): string[] {
  const ids = requireArray(body);
  ids.forEach((id, i) => {
    if (typeof id !== 'string') throw badRequest(`Item [${i}] must be a twin id string.`, `[${i}]`);
  });
  return [...new Set(ids as string[])];
}

/**
 * Known Capability twins in request order, and the ids that are unknown or not capabilities. When none
 * of the ids names a twin at all, the service answers 404 with no body.
 */
function resolveIds(graph: TwinGraph, ids: string[]): { twins: StoredTwin[]; errorList: TwinError[] } {
  const twins: StoredTwin[] = [];
  const unknown: string[] = [];
  const notCapability: string[] = [];
  for (const id of ids) {
    const twin = graph.getTwin(id);
    if (!twin) unknown.push(id);
    else if (!graph.models.isCapability(twin.modelId)) notCapability.push(id);
    else twins.push(twin);
  }
  if (unknown.length === ids.length)
    throw noneKnown(ids.length ? `None of the ${ids.length} twins exists.` : 'No twin ids were given.');
  const errorList: TwinError[] = [];
  if (unknown.length) errorList.push({ message: 'Twins not found.', ids: unknown });
  if (notCapability.length)
    errorList.push({ message: 'Twins are not Capability twins and have no time series.', ids: notCapability });
  return { twins, errorList };
}

/** The latest point of each twin within the window, sorted by source time (ties in request order). */
function latestPoints(
  graph: TwinGraph,
  twins: StoredTwin[],
  window: SeriesRange,
  withQuality: boolean,
  now: number,
): TimeSeriesData[] {
  const found: Array<{ time: number; point: TimeSeriesData }> = [];
  for (const twin of twins) {
    const series = graph.store.timeSeries.get(twin.id);
    if (!series) continue;
    const { from, to } = series.between(window.start, window.end);
    if (to > from) found.push({ time: series.times[to - 1], point: toWire(series, to - 1, twin, withQuality, now) });
  }
  return found.sort((a, b) => a.time - b.time).map((f) => f.point);
}

function toWire(series: Series, i: number, twin: StoredTwin, withQuality: boolean, now: number): TimeSeriesData {
  const point: TimeSeriesData = {
    connectorId: series.connectorId,
    twinId: twin.id,
    externalId: series.externalId ?? (typeof twin.contents.externalID === 'string' ? twin.contents.externalID : null),
    sourceTimestamp: new Date(series.times[i]).toISOString(),
    enqueuedTimestamp: new Date(series.enqueued[i]).toISOString(),
    scalarValue: series.values[i],
  };
  const properties = series.properties.size ? series.properties.get(series.times[i]) : undefined;
  if (properties) point.properties = properties;
  if (withQuality) point.dataQuality = dataQualityOf(series, i, twin.contents, now);
  return point;
}
