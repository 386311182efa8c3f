/** One point as inserted (times are epoch milliseconds). */
export interface SeriesPoint {
  time: number;
  value: number;
  enqueued: number;
  properties?: Record<string, unknown>;
}

/** Per-twin telemetry in sorted typed arrays; `length` entries of each array are in use. */
export class Series {
  times: Float64Array;
  values: Float64Array;
  enqueued: Float64Array;
  length = 0;
  connectorId: string | null = null;
  externalId: string | null = null;
  /** Point properties keyed by time (only points that carried properties). */
  properties = new Map<number, Record<string, unknown>>();

  constructor(capacity = 16) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    this.enqueued = new Float64Array(capacity);
  }

  /** Index of the first point with time >= t. */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first point with time > t. */
  upperBound(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [from, to) index range of the points with start <= time <= end (both ends included, as the service's `between`). */
  between(start: number, end: number): { from: number; to: number } {
    const from = this.lowerBound(start);
    const to = Math.max(from, this.upperBound(end));
    return { from, to };
  }

  /** Inserts points (any order); a point at an existing time replaces it. */
  insert(points: SeriesPoint[]): void {
    if (!points.length) return;
    const sorted = [...points].sort((a, b) => a.time - b.time);
    for (const p of sorted) {
      if (p.properties) this.properties.set(p.time, p.properties);
    }
    if (this.length === 0 || sorted[0].time > this.times[this.length - 1]) this.append(dedupeSorted(sorted));
    else this.merge(dedupeSorted(sorted));
  }

  private append(points: SeriesPoint[]): void {
    this.reserve(this.length + points.length);
    for (const p of points) {
      this.times[this.length] = p.time;
      this.values[this.length] = p.value;
      this.enqueued[this.length] = p.enqueued;
      this.length++;
    }
  }

  /** Merge into fresh arrays (the old ones stay intact, which is what rollback relies on). */
  private merge(points: SeriesPoint[]): void {
    const capacity = grownCapacity(this.length + points.length);
    const times = new Float64Array(capacity);
    const values = new Float64Array(capacity);
    const enqueued = new Float64Array(capacity);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < this.length || j < points.length) {
      if (j >= points.length || (i < this.length && this.times[i] < points[j].time)) {
        times[n] = this.times[i];
        values[n] = this.values[i];
        enqueued[n++] = this.enqueued[i++];
      } else {
        if (i < this.length && this.times[i] === points[j].time) i++;
        times[n] = points[j].time;
        values[n] = points[j].value;
        enqueued[n++] = points[j++].enqueued;
      }
    }
    this.times = times;
    this.values = values;
    this.enqueued = enqueued;
    this.length = n;
  }

  reserve(capacity: number): void {
    if (capacity <= this.times.length) return;
    const size = grownCapacity(capacity);
    this.times = grow(this.times, size, this.length);
    this.values = grow(this.values, size, this.length);
    this.enqueued = grow(this.enqueued, size, this.length);
  }

  /** Replaces the whole content (used by loaders); arrays are adopted, not copied. */
  adopt(times: Float64Array, values: Float64Array, enqueued: Float64Array, length: number): void {
    this.times = times;
    this.values = values;
    this.enqueued = enqueued;
    this.length = length;
  }
}

function grownCapacity(needed: number): number {
  let size = 16;
  while (size < needed) size = size < 1 << 20 ? size * 2 : Math.ceil(size * 1.5);
  return size;
}

function grow(a: Float64Array, size: number, used: number): Float64Array {
  const next = new Float64Array(size);
  next.set(a.subarray(0, used));
  return next;
}

/** Keeps the last point of each run of equal times (later entries in a batch win). */
function dedupeSorted(points: SeriesPoint[]): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (const p of points) {
    if (out.length && out[out.length - 1].time === p.time) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/** Saved state of a series for rollback; insert() never overwrites array content below the old length. */
export interface SeriesUndo {
  twinId: string;
  existed: boolean;
  state?: {
    times: Float64Array;
    values: Float64Array;
    enqueued: Float64Array;
    length: number;
    connectorId: string | null;
    externalId: string | null;
  };
  /** Point properties an insert is about to set, with their previous values. */
  properties: Array<[number, Record<string, unknown> | undefined]>;
}

export class TimeSeriesStore {
  private readonly series = new Map<string, Series>();

  get(twinId: string): Series | undefined {
    return this.series.get(twinId);
  }

  ensure(twinId: string): Series {
    let s = this.series.get(twinId);
    if (!s) {
      s = new Series();
      this.series.set(twinId, s);
    }
    return s;
  }

  entries(): IterableIterator<[string, Series]> {
    return this.series.entries();
  }

  get size(): number {
    return this.series.size;
  }

  get pointCount(): number {
    let n = 0;
    for (const s of this.series.values()) n += s.length;
    return n;
  }

  /** State to restore if inserting `points` has to be undone. */
  capture(twinId: string, points: SeriesPoint[]): SeriesUndo {
    const s = this.series.get(twinId);
    const properties = points
      .filter((p) => p.properties)
      .map((p): [number, Record<string, unknown> | undefined] => [p.time, s?.properties.get(p.time)]);
    if (!s) return { twinId, existed: false, properties };
    return {
      twinId,
      existed: true,
      state: {
        times: s.times,
        values: s.values,
        enqueued: s.enqueued,
        length: s.length,
        connectorId: s.connectorId,
        externalId: s.externalId,
      },
      properties,
    };
  }

  restore(undo: SeriesUndo): void {
    if (!undo.existed || !undo.state) {
      this.series.delete(undo.twinId);
      return;
    }
    const s = this.ensure(undo.twinId);
    const st = undo.state;
    s.adopt(st.times, st.values, st.enqueued, st.length);
    s.connectorId = st.connectorId;
    s.externalId = st.externalId;
    for (let i = undo.properties.length - 1; i >= 0; i--) {
      const [time, previous] = undo.properties[i];
      if (previous) s.properties.set(time, previous);
      else s.properties.delete(time);
    }
  }
}
