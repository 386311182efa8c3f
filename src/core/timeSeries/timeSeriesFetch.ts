// Fetches the points of a time range for the time series panel, page by page: each page is read straight
// into typed columns (no per-point objects beyond the parsed JSON) and handed to a sink, a downsampler that
// holds only its output (fetchDownsampled) or a collector of every point (fetchRange, for CSV export).
// Pages follow each other through continuation tokens, so after the first page the rest of a long range is
// split in time: the slices are paged side by side (within the client's rate limit) while their pages are
// handed on in time order, each slice reading at most a few pages ahead.
import { inOrder } from '../api/orderedLanes';
import type { BuildingTwinsApi, CallOptions, TimeSeriesData, TimeSeriesPage } from '../api/types';
import { GrowableSeries } from './growableSeries';
import { isoTimeParser } from './isoTime';
import { lttbOverRange, type XYSeries } from './lttb';
import { LttbStream, OutOfOrderError } from './lttbStream';
import type { TimeRange } from './timeRange';
import { wholeSecondCover } from './wholeSeconds';

export interface Points {
  x: Float64Array;
  y: Float64Array;
}

export interface FetchOptions {
  /** Points per request (the emulator's maximum by default). */
  pageSize?: number;
  /** At most this many slices of the range in flight at once. */
  lanes?: number;
  /** Ends every request of the read (the panel closed, a newer range superseded it). */
  signal?: AbortSignal;
}

const SERIES_PAGE_SIZE = 10_000;
const MAX_LANES = 4;
/** Pages a slice may fetch before the ones in front of it are consumed. */
const PAGES_AHEAD = 2;

/** The points one page holds for one twin, within the page's slice. */
interface Chunk {
  twinId: string;
  x: Float64Array;
  y: Float64Array;
  length: number;
}

/** What a page gave: its chunks, and its last time when its rows came in time order (else undefined). */
interface PagePoints {
  chunks: Chunk[];
  lastTime: number | undefined;
  count: number;
}

/** Takes the points of one twin as they come, in time order within a slice and slices in order. */
interface SeriesSink {
  add(chunk: Chunk): void;
}

/**
 * Every point of the twins in [start, end), grouped by twin and sorted by time. The service includes
 * `end` in its reads, so a point exactly at `end` is left out here (it belongs to the next range).
 */
export async function fetchRange(
  api: BuildingTwinsApi,
  twinIds: string[],
  range: TimeRange,
  options: FetchOptions = {},
): Promise<Map<string, Points>> {
  const columns = new Map(twinIds.map((id) => [id, new GrowableSeries()]));
  await streamRange(api, twinIds, range, options, (id) => {
    const column = columns.get(id)!;
    return { add: (chunk) => column.pushAll(chunk.x, chunk.y, 0, chunk.length) };
  });
  return new Map([...columns].map(([id, column]) => [id, column.sorted()]));
}

export interface Downsampled extends XYSeries {
  rawCount: number;
}

/**
 * The twins' points in [start, end) downsampled to at most `threshold` each (lttbOverRange), computed as
 * the pages arrive: memory holds the output and two buckets, not the range. Should a service send points
 * out of time order, the range is fetched again whole and sorted first.
 */
export async function fetchDownsampled(
  api: BuildingTwinsApi,
  twinIds: string[],
  range: TimeRange,
  threshold: number,
  options: FetchOptions = {},
): Promise<Map<string, Downsampled>> {
  const streams = new Map(twinIds.map((id) => [id, new LttbStream(threshold, range)]));
  try {
    await streamRange(api, twinIds, range, options, (id) => {
      const stream = streams.get(id)!;
      return { add: (chunk) => stream.pushAll(chunk.x, chunk.y, 0, chunk.length) };
    });
  } catch (error) {
    if (!(error instanceof OutOfOrderError)) throw error;
    const all = await fetchRange(api, twinIds, range, options);
    return new Map(
      [...all].map(([id, points]) => [id, { ...lttbOverRange(points, threshold, range), rawCount: points.x.length }]),
    );
  }
  return new Map([...streams].map(([id, stream]) => [id, { ...stream.finish(), rawCount: stream.count }]));
}

/** Pages the range into the twins' sinks: the first page, then the rest by time slices side by side, or by token. */
async function streamRange(
  api: BuildingTwinsApi,
  twinIds: string[],
  range: TimeRange,
  options: FetchOptions,
  sinkFor: (twinId: string) => SeriesSink,
): Promise<void> {
  const pageSize = options.pageSize ?? SERIES_PAGE_SIZE;
  // The read's own time parser (it remembers the last day it computed).
  const parseTime = isoTimeParser();
  const sinks = new Map(twinIds.map((id) => [id, sinkFor(id)]));
  const deliver = (points: PagePoints): void => {
    for (const chunk of points.chunks) sinks.get(chunk.twinId)?.add(chunk);
  };
  // Ends the other slices' requests when one fails.
  const lifetime = new AbortController();
  const call: CallOptions = {
    signal: options.signal ? AbortSignal.any([lifetime.signal, options.signal]) : lifetime.signal,
  };
  const pagesOf = (slice: TimeRange) =>
    mapPages(
      twinIds.length === 1
        ? api.iterateTimeSeriesPages(twinIds[0], query(slice, pageSize), call)
        : api.iterateTimeSeriesByIdsPages(twinIds, query(slice, pageSize), call),
      (page) => pagePoints(page.data ?? [], twinIds, slice, parseTime),
      lifetime,
    );
  const walk = pagesOf(range)[Symbol.asyncIterator]();
  try {
    const first = await walk.next();
    if (first.done) return;
    deliver(first.value);
    const covered = first.value.lastTime;
    if (!first.value.more) return;
    // Expected points left, from the first page's density; one slice per expected page, up to the lanes.
    const rest = covered === undefined ? undefined : { start: covered + 1, end: range.end };
    const lanes = rest && rest.end > rest.start ? lanesFor(first.value.count, range.start, rest, pageSize, options) : 1;
    if (!rest || lanes === 1) {
      // Not in time order, nothing left to slice, or one slice: carry on with the token. (Asking for the rest
      // as a slice of its own would read again the second its first page ended in, and often one page more.)
      for (let next = await walk.next(); !next.done; next = await walk.next()) deliver(next.value);
      return;
    }
    await walk.return?.();
    const slices = Array.from({ length: lanes }, (_, i) => ({
      start: rest.start + Math.round(((rest.end - rest.start) * i) / lanes),
      end: rest.start + Math.round(((rest.end - rest.start) * (i + 1)) / lanes),
    })).filter((s) => s.end > s.start);
    for await (const points of inOrder(slices.map(pagesOf), PAGES_AHEAD)) deliver(points);
  } finally {
    await walk.return?.();
  }
}

/** Slices for the rest of a range: one per page the first page's density expects there, up to the lanes allowed. */
function lanesFor(firstCount: number, start: number, rest: TimeRange, pageSize: number, options: FetchOptions): number {
  const density = firstCount / Math.max(1, rest.start - start);
  return Math.max(1, Math.min(options.lanes ?? MAX_LANES, Math.ceil((density * (rest.end - rest.start)) / pageSize)));
}

/**
 * Each page as its points (read in the slice's own lane), and whether another page follows. A failure
 * ends the other slices' requests at once.
 */
async function* mapPages(
  pages: AsyncIterable<TimeSeriesPage>,
  read: (page: TimeSeriesPage) => PagePoints,
  lifetime: AbortController,
): AsyncGenerator<PagePoints & { more: boolean }, void, undefined> {
  try {
    for await (const page of pages) yield { ...read(page), more: page.continuationToken !== null };
  } catch (error) {
    lifetime.abort(error);
    throw error;
  }
}

/** The slice asked for in whole seconds (the service cuts its bounds to the second); pagePoints keeps the slice's own points. */
function query(range: TimeRange, pageSize: number): { start: string; end: string; pageSize: number } {
  const asked = wholeSecondCover(range);
  return { start: new Date(asked.start).toISOString(), end: new Date(asked.end).toISOString(), pageSize };
}

export function seriesTwinId(d: TimeSeriesData): string | undefined {
  return d.twinId ?? (typeof d.dtId === 'string' ? d.dtId : undefined) ?? undefined;
}

/**
 * The numeric points of a page in [start, end) of `within` (the service's `end` is inclusive: slice edges
 * must not repeat), read into one chunk per twin, times read with `parseTime`. With one twin every row is that twin's; with several a
 * row without a twin id goes to the first.
 */
function pagePoints(
  rows: readonly TimeSeriesData[],
  twinIds: string[],
  within: TimeRange,
  parseTime: (text: string) => number,
): PagePoints {
  // One twin: every row is its own, read into columns of the page's size. Several: one growing column each.
  const only =
    twinIds.length === 1
      ? { twinId: twinIds[0], x: new Float64Array(rows.length), y: new Float64Array(rows.length), length: 0 }
      : undefined;
  const columns = new Map<string, GrowableSeries>();
  let lastTime = -Infinity;
  let ascending = true;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const value = row.scalarValue;
    if (typeof value !== 'number') continue;
    const time = parseTime(row.sourceTimestamp);
    if (!(time >= within.start && time < within.end)) continue; // NaN fails too
    if (only) {
      only.x[only.length] = time;
      only.y[only.length] = value;
      only.length++;
    } else {
      const twinId = seriesTwinId(row) ?? twinIds[0];
      let column = columns.get(twinId);
      if (!column) columns.set(twinId, (column = new GrowableSeries()));
      column.push(time, value);
    }
    if (time < lastTime) ascending = false;
    lastTime = time;
    count++;
  }
  const chunks = only
    ? [only]
    : [...columns].map(([twinId, column]) => ({ twinId, x: column.x, y: column.y, length: column.length }));
  return { chunks, lastTime: ascending && count ? lastTime : undefined, count };
}
