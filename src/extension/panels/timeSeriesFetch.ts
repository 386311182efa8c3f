// Fetches every point of a time range for the time series panel. Pages follow each other through
// continuation tokens, so a long range of one twin is split in time after its first page: the
// slices are paged side by side (the service serialises one while the host parses another).
import type { BuildingTwinsApi, TimeSeriesData } from '../../core/api/types';
import type { TimeRange } from '../../core/timeseries/timeRange';

export interface Points { x: Float64Array; y: Float64Array }

export interface FetchOptions {
  /** Points per request (the emulator's maximum by default). */
  pageSize?: number;
  /** At most this many slices of one twin's range in flight at once. */
  lanes?: number;
}

export const SERIES_PAGE_SIZE = 10_000;
const MAX_LANES = 4;

/**
 * Every point of the twins in [start, end), grouped by twin and sorted by time. The service includes
 * `end` in its reads, so a point exactly at `end` is left out here (it belongs to the next range).
 */
export async function fetchRange(api: BuildingTwinsApi, twinIds: string[], range: TimeRange, options: FetchOptions = {}): Promise<Map<string, Points>> {
  const pageSize = options.pageSize ?? SERIES_PAGE_SIZE;
  const columns = new Map(twinIds.map((id) => [id, new Column()]));
  if (twinIds.length !== 1) {
    // Several twins come through one paging (POST /time-series/ids): the service sorts rows by time across
    // all twins, older emulators sent them twin by twin; each column is sorted at the end either way.
    for await (const d of api.iterateTimeSeriesByIds(twinIds, query(range, pageSize))) columns.get(seriesTwinId(d) ?? twinIds[0])?.add(d, range);
  } else {
    await fetchOneTwin(api, twinIds[0], range, pageSize, options.lanes ?? MAX_LANES, columns.get(twinIds[0])!);
  }
  return new Map([...columns].map(([id, column]) => [id, column.sorted()]));
}

async function fetchOneTwin(api: BuildingTwinsApi, twinId: string, range: TimeRange, pageSize: number, maxLanes: number, column: Column): Promise<void> {
  const first = await api.getTimeSeries(twinId, query(range, pageSize));
  for (const d of first.data ?? []) column.add(d, range);
  if (!first.continuationToken) return;
  const covered = column.lastTimeIfAscending();
  if (covered === undefined || covered >= range.end - 1) {
    // Not in time order (or nothing left to slice): carry on with the token.
    for (let token: string | null = first.continuationToken; token; ) {
      const page = await api.getTimeSeries(twinId, { ...query(range, pageSize), continuationToken: token });
      for (const d of page.data ?? []) column.add(d, range);
      token = page.continuationToken;
    }
    return;
  }
  // Expected points left, from the first page's density; one slice per expected page, up to maxLanes.
  const rest = { start: covered + 1, end: range.end };
  const density = column.length / Math.max(1, covered - range.start + 1);
  const lanes = Math.max(1, Math.min(maxLanes, Math.ceil((density * (rest.end - rest.start)) / pageSize)));
  const slices = Array.from({ length: lanes }, (_, i) => ({
    start: rest.start + Math.round(((rest.end - rest.start) * i) / lanes),
    end: rest.start + Math.round(((rest.end - rest.start) * (i + 1)) / lanes),
  })).filter((s) => s.end > s.start);
  const parts = await Promise.all(slices.map(async (slice) => {
    const part = new Column();
    for await (const d of api.iterateTimeSeries(twinId, query(slice, pageSize))) part.add(d, slice);
    return part;
  }));
  for (const part of parts) column.append(part);
}

function query(range: TimeRange, pageSize: number): { start: string; end: string; pageSize: number } {
  return { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString(), pageSize };
}

export function seriesTwinId(d: TimeSeriesData): string | undefined {
  return d.twinId ?? (typeof d.dtId === 'string' ? d.dtId : undefined) ?? undefined;
}

/** Times and values of one series as they arrive. */
class Column {
  x: number[] = [];
  y: number[] = [];

  get length(): number {
    return this.x.length;
  }

  /** Keeps the numeric points in [start, end) of `within` (the service's `end` is inclusive: slice edges must not repeat). */
  add(d: TimeSeriesData, within: TimeRange): void {
    const time = Date.parse(d.sourceTimestamp);
    if (!Number.isFinite(time) || typeof d.scalarValue !== 'number') return;
    if (time < within.start || time >= within.end) return;
    this.x.push(time);
    this.y.push(d.scalarValue);
  }

  append(other: Column): void {
    for (let i = 0; i < other.x.length; i++) {
      this.x.push(other.x[i]);
      this.y.push(other.y[i]);
    }
  }

  lastTimeIfAscending(): number | undefined {
    for (let i = 1; i < this.x.length; i++) if (this.x[i] < this.x[i - 1]) return undefined;
    return this.x.length ? this.x[this.x.length - 1] : undefined;
  }

  sorted(): Points {
    const { x, y } = this;
    let ascending = true;
    for (let i = 1; i < x.length && ascending; i++) ascending = x[i] >= x[i - 1];
    if (ascending) return { x: Float64Array.from(x), y: Float64Array.from(y) };
    const order = x.map((_, i) => i).sort((a, b) => x[a] - x[b]);
    return { x: Float64Array.from(order, (i) => x[i]), y: Float64Array.from(order, (i) => y[i]) };
  }
}
