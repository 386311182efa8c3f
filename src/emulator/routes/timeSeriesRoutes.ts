import type { TimeSeriesData, TimeSeriesPage } from '../../core/api/types';
import { decodeToken, encodeToken } from '../continuationToken';
import { badRequest, notFound, validationFailed } from '../httpErrors';
import { field, isObject, parseDateTime, queryBoolean, queryInteger, queryValue, requireArray } from '../requestFields';
import type { Reply, Router } from '../router';
import type { SeriesPoint, Series } from '../store/timeSeriesStore';
import { dataQualityOf } from '../timeSeries/dataQuality';
import { PointRun, timeSeriesPageJson } from '../timeSeries/timeSeriesPageJson';
import type { StoredTwin, TwinGraph } from '../twins/twinGraph';

export const DEFAULT_SERIES_PAGE_SIZE = 1000;
export const MAX_SERIES_PAGE_SIZE = 10000;
const MAX_REPORTED_ERRORS = 100;

export function registerTimeSeriesRoutes(router: Router, graph: TwinGraph): void {
  router.add('POST', '/time-series', (ctx) => ({ body: insert(graph, ctx.body) }));

  router.add('GET', '/time-series/:twinId', (ctx) => {
    const twin = graph.getTwin(ctx.params.twinId);
    if (!twin) throw notFound(`Twin '${ctx.params.twinId}' does not exist.`);
    const range = readRange(ctx.query);
    const page = readPage(ctx.query, { twin: twin.id, ...range });
    const out: TimeSeriesPage = { data: [], continuationToken: null, errorData: null };
    if (!graph.models.isCapability(twin.modelId)) {
      out.errorData = { message: `Twin '${twin.id}' (${twin.modelId}) is not a Capability twin and has no time series.`, ids: [twin.id] };
      return { body: out };
    }
    const result = readPoints(graph, [twin], range, page.size, page.position);
    return pageReply(result.runs, { continuationToken: result.next ? encodeToken(result.next, page.queryKey) : null, errorData: null }, range);
  });

  router.add('GET', '/time-series/:twinId/latest', (ctx) => {
    const twin = graph.getTwin(ctx.params.twinId);
    if (!twin) throw notFound(`Twin '${ctx.params.twinId}' does not exist.`);
    const point = latest(graph, twin, readRange(ctx.query), queryBoolean(ctx.query, 'includeDataQuality') ?? false);
    return { body: point ? [point] : [] };
  });

  router.add('POST', '/time-series/ids', (ctx) => {
    const ids = readIds(ctx.body);
    const range = readRange(ctx.query);
    const page = readPage(ctx.query, { ids, ...range });
    const { twins, errorList } = resolveIds(graph, ids);
    const result = readPoints(graph, twins, range, page.size, page.position);
    return pageReply(result.runs, { continuationToken: result.next ? encodeToken(result.next, page.queryKey) : null, errorList }, range);
  });

  router.add('POST', '/time-series/ids/latest', (ctx) => {
    const ids = readIds(ctx.body);
    const includeDataQuality = queryBoolean(ctx.query, 'includeDataQuality') ?? false;
    const range = readRange(ctx.query);
    const out: TimeSeriesData[] = [];
    for (const twin of resolveIds(graph, ids).twins) {
      const point = latest(graph, twin, range, includeDataQuality);
      if (point) out.push(point);
    }
    return { body: out };
  });
}

interface Range { start: number; end: number; includeDataQuality: boolean }

/** `start` inclusive, `end` exclusive; both optional (open range). */
function readRange(query: URLSearchParams): Range {
  const startText = queryValue(query, 'start');
  const endText = queryValue(query, 'end');
  const start = startText ? parseDateTime(startText, 'start') : -Infinity;
  const end = endText ? parseDateTime(endText, 'end') : Infinity;
  if (start > end) throw badRequest("'start' must not be after 'end'.", 'start');
  return { start, end, includeDataQuality: queryBoolean(query, 'includeDataQuality') ?? false };
}

function readPage(query: URLSearchParams, queryKey: unknown): { size: number; position?: { k: number; t: number }; queryKey: unknown } {
  const size = queryInteger(query, 'pageSize', 1, MAX_SERIES_PAGE_SIZE) ?? DEFAULT_SERIES_PAGE_SIZE;
  const token = queryValue(query, 'continuationToken');
  if (!token) return { size, queryKey };
  const p = decodeToken(token, queryKey);
  if (typeof p.k !== 'number' || typeof p.t !== 'number') throw badRequest("'continuationToken' is not a continuation token issued by this service.", 'continuationToken');
  return { size, position: { k: p.k, t: p.t }, queryKey };
}

function readIds(body: unknown): string[] {
  const ids = requireArray(body);
  ids.forEach((id, i) => {
    if (typeof id !== 'string') throw badRequest(`Item [${i}] must be a twin id string.`, `[${i}]`);
  });
  return [...new Set(ids as string[])];
}

/** Known Capability twins in request order, and the ids that are unknown or not capabilities. */
function resolveIds(graph: TwinGraph, ids: string[]): { twins: StoredTwin[]; errorList: Array<{ message: string; ids: string[] }> } {
  const twins: StoredTwin[] = [];
  const unknown: string[] = [];
  const notCapability: string[] = [];
  for (const id of ids) {
    const twin = graph.getTwin(id);
    if (!twin) unknown.push(id);
    else if (!graph.models.isCapability(twin.modelId)) notCapability.push(id);
    else twins.push(twin);
  }
  const errorList: Array<{ message: string; ids: string[] }> = [];
  if (unknown.length) errorList.push({ message: 'Twins not found.', ids: unknown });
  if (notCapability.length) errorList.push({ message: 'Twins are not Capability twins and have no time series.', ids: notCapability });
  return { twins, errorList };
}

/** Points of the twins in order (twin by twin, time ascending), from a token position `{k: twin index, t: last time}`. */
function readPoints(graph: TwinGraph, twins: StoredTwin[], range: Range, size: number, position?: { k: number; t: number }): { runs: PointRun[]; next?: { k: number; t: number } } {
  const runs: PointRun[] = [];
  let count = 0;
  for (let k = position?.k ?? 0; k < twins.length; k++) {
    const series = graph.store.timeSeries.get(twins[k].id);
    if (!series) continue;
    const startAt = position && k === position.k ? Math.max(range.start, position.t) : range.start;
    let { from, to } = series.range(startAt, range.end);
    if (position && k === position.k && from < series.length && series.times[from] === position.t) from++;
    if (to <= from) continue;
    const take = Math.min(to - from, size - count);
    runs.push({ series, twin: twins[k], from, to: from + take });
    count += take;
    if (count === size && (from + take < to || hasMore(graph, twins, k, range, to, series))) return { runs, next: { k, t: series.times[from + take - 1] } };
  }
  return { runs };
}

/** The page as JSON text written straight from the stored columns (see timeSeriesPageJson). */
function pageReply(runs: PointRun[], rest: Omit<TimeSeriesPage, 'data'>, range: Range): Reply {
  return { raw: { content: timeSeriesPageJson(runs, rest, range.includeDataQuality, Date.now()), contentType: 'application/json; charset=utf-8' } };
}

function hasMore(graph: TwinGraph, twins: StoredTwin[], k: number, range: Range, to: number, series: Series): boolean {
  if (to < series.range(range.start, range.end).to) return true;
  for (let j = k + 1; j < twins.length; j++) {
    const s = graph.store.timeSeries.get(twins[j].id);
    if (s) {
      const r = s.range(range.start, range.end);
      if (r.to > r.from) return true;
    }
  }
  return false;
}

function latest(graph: TwinGraph, twin: StoredTwin, range: Range, includeDataQuality: boolean): TimeSeriesData | undefined {
  const series = graph.store.timeSeries.get(twin.id);
  if (!series) return undefined;
  const { from, to } = series.range(range.start, range.end);
  return to > from ? toWire(series, to - 1, twin, includeDataQuality, Date.now()) : undefined;
}

function toWire(series: Series, i: number, twin: StoredTwin, includeDataQuality: boolean, now: number): TimeSeriesData {
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
  if (includeDataQuality) point.dataQuality = dataQualityOf(series, i, twin.contents, now);
  return point;
}

/** All or nothing: every entry is checked first; any problem -> 400 naming `[index]`, nothing stored. */
function insert(graph: TwinGraph, body: unknown): { insertedCount: number } {
  const entries = requireArray(body);
  const errors: Record<string, string[]> = {};
  let errorCount = 0;
  const fail = (i: number, message: string) => {
    if (errorCount++ < MAX_REPORTED_ERRORS) (errors[`[${i}]`] ??= []).push(message);
  };
  const enqueued = Date.now();
  const byTwin = new Map<string, { points: SeriesPoint[]; connectorId: string; externalId: string | null }>();
  entries.forEach((entry, i) => {
    if (!isObject(entry)) return fail(i, 'The entry must be an object.');
    const dtId = field(entry, 'dtId', 'twinId');
    const externalId = field(entry, 'externalId');
    const connectorId = field(entry, 'connectorId');
    const timestamp = field(entry, 'sourceTimestamp');
    const value = field(entry, 'scalarValue');
    const properties = field(entry, 'properties');
    let twin: StoredTwin | undefined;
    if (typeof dtId === 'string' && dtId) {
      twin = graph.getTwin(dtId);
      if (!twin) return fail(i, `Twin '${dtId}' does not exist; create the Capability twin before sending its telemetry.`);
    } else if (typeof externalId === 'string' && externalId) {
      const id = graph.twinIdByExternalId(externalId);
      twin = id === undefined ? undefined : graph.getTwin(id);
      if (!twin) return fail(i, `No twin has externalID '${externalId}'; create the Capability twin before sending its telemetry.`);
    } else {
      return fail(i, "The entry must name its twin with 'dtId' (or 'twinId') or 'externalId'.");
    }
    if (!graph.models.isCapability(twin.modelId)) return fail(i, `Twin '${twin.id}' is a ${twin.modelId}, not a Capability twin; only Capability twins take telemetry.`);
    if (typeof connectorId !== 'string' || !connectorId) return fail(i, "'connectorId' is required and must be a string.");
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(i, "'scalarValue' is required and must be a finite number.");
    if (properties !== undefined && properties !== null && !isObject(properties)) return fail(i, "'properties' must be an object.");
    let time: number;
    try {
      time = parseDateTime(timestamp, 'sourceTimestamp');
    } catch {
      return fail(i, "'sourceTimestamp' is required and must be an ISO 8601 date-time.");
    }
    let group = byTwin.get(twin.id);
    if (!group) {
      group = { points: [], connectorId, externalId: typeof externalId === 'string' && externalId ? externalId : null };
      byTwin.set(twin.id, group);
    }
    group.connectorId = connectorId;
    group.points.push({ time, value, enqueued, ...(isObject(properties) && Object.keys(properties).length ? { properties } : {}) });
  });
  if (errorCount) {
    const shown = errorCount > MAX_REPORTED_ERRORS ? ` (the first ${MAX_REPORTED_ERRORS} are listed)` : '';
    throw validationFailed(errors, `${errorCount} of ${entries.length} time series entries are invalid${shown}; nothing was stored.`);
  }
  graph.store.batch(() => {
    for (const [twinId, group] of byTwin) graph.store.insertPoints(twinId, group.points, { connectorId: group.connectorId, externalId: group.externalId });
  });
  return { insertedCount: entries.length };
}
