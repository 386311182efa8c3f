// Largest-Triangle-Three-Buckets downsampling (Steinarsson, 2013) over parallel Float64Arrays.
// Keeps the first and last point and, per bucket, the point forming the largest triangle with the
// previously kept point and the average of the next bucket: the visual shape survives.

export interface XYSeries {
  /** Ascending x values (epoch ms for time series). */
  x: Float64Array;
  y: Float64Array;
}

/**
 * Downsamples `series` to at most `threshold` points. Returns the input arrays' copies unchanged
 * when they already fit (or when threshold < 3, where no triangle can be formed).
 */
export function lttb(series: XYSeries, threshold: number): XYSeries {
  const { x, y } = series;
  const length = x.length;
  if (y.length !== length) {
    throw new RangeError(`lttb: x has ${length} values but y has ${y.length}`);
  }
  if (!Number.isFinite(threshold) || threshold < 0) {
    throw new RangeError(`lttb: threshold must be a non-negative number, got ${threshold}`);
  }
  const target = Math.floor(threshold);
  if (target >= length || target < 3) {
    return { x: x.slice(), y: y.slice() };
  }

  const outX = new Float64Array(target);
  const outY = new Float64Array(target);
  const bucketSize = (length - 2) / (target - 2);
  let kept = 0; // index in the input of the last kept point
  outX[0] = x[0];
  outY[0] = y[0];

  for (let bucket = 0; bucket < target - 2; bucket++) {
    // Average of the next bucket (the last point when this is the final bucket).
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, length);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      avgX += x[i];
      avgY += y[i];
    }
    const nextCount = nextEnd - nextStart;
    avgX /= nextCount;
    avgY /= nextCount;

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    const chosen = largestTriangle(x, y, start, end, x[kept], y[kept], avgX, avgY);
    outX[bucket + 1] = x[chosen];
    outY[bucket + 1] = y[chosen];
    kept = chosen;
  }

  outX[target - 1] = x[length - 1];
  outY[target - 1] = y[length - 1];
  return { x: outX, y: outY };
}

/**
 * The index in [from, to) of the point forming the largest triangle with the kept point (ax, ay) and the
 * next bucket's average; the first one on ties.
 */
export function largestTriangle(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  from: number,
  to: number,
  ax: number,
  ay: number,
  avgX: number,
  avgY: number,
): number {
  let maxArea = -1;
  let chosen = from;
  for (let i = from; i < to; i++) {
    const area = Math.abs((ax - avgX) * (y[i] - ay) - (ax - x[i]) * (avgY - ay));
    if (area > maxArea) {
      maxArea = area;
      chosen = i;
    }
  }
  return chosen;
}

/** Where buckets of equal time fall: `threshold - 2` of them across [range.start, range.end). */
export class TimeBuckets {
  readonly count: number;
  private readonly width: number;

  constructor(
    threshold: number,
    private readonly range: { start: number; end: number },
  ) {
    this.count = Math.max(1, Math.floor(threshold) - 2);
    this.width = (range.end - range.start) / this.count;
  }

  /** The time at which the bucket after `bucket` starts, up to rounding (Infinity after the last one). */
  upperBound(bucket: number): number {
    return bucket >= this.count - 1 ? Infinity : this.range.start + (bucket + 1) * this.width;
  }

  /** The bucket of time `x`; times outside the range go to the first or last bucket. */
  of(x: number): number {
    const bucket = Math.floor((x - this.range.start) / this.width);
    return bucket < 0 ? 0 : bucket >= this.count ? this.count - 1 : bucket;
  }
}

/**
 * LTTB with buckets of equal time instead of equal point counts: the first and last point, then for each
 * bucket of [range.start, range.end) that holds points (the first and last point left out) the point
 * forming the largest triangle with the previously kept point and the average of the next bucket holding
 * points (the last point after the final one). A gap in the data stays a gap. Unlike count buckets, these
 * do not depend on how many points there are, so LttbStream computes the same result page by page.
 */
export function lttbOverRange(series: XYSeries, threshold: number, range: { start: number; end: number }): XYSeries {
  const { x, y } = series;
  const length = x.length;
  if (y.length !== length) throw new RangeError(`lttb: x has ${length} values but y has ${y.length}`);
  if (!Number.isFinite(threshold) || threshold < 0)
    throw new RangeError(`lttb: threshold must be a non-negative number, got ${threshold}`);
  if (length <= Math.floor(threshold) || Math.floor(threshold) < 3) return { x: x.slice(), y: y.slice() };
  const buckets = new TimeBuckets(threshold, range);
  // The start of each bucket holding points, among the points between the first and the last.
  const starts: number[] = [];
  for (let i = 1, previous = -1; i < length - 1; i++) {
    const bucket = buckets.of(x[i]);
    if (bucket !== previous) starts.push(i);
    previous = bucket;
  }
  starts.push(length - 1);
  const outX: number[] = [x[0]];
  const outY: number[] = [y[0]];
  let kept = 0;
  for (let b = 0; b < starts.length - 1; b++) {
    const from = starts[b];
    const to = starts[b + 1];
    const nextTo = b + 2 < starts.length ? starts[b + 2] : length;
    let avgX = 0;
    let avgY = 0;
    for (let i = to; i < nextTo; i++) {
      avgX += x[i];
      avgY += y[i];
    }
    avgX /= nextTo - to;
    avgY /= nextTo - to;
    kept = largestTriangle(x, y, from, to, x[kept], y[kept], avgX, avgY);
    outX.push(x[kept]);
    outY.push(y[kept]);
  }
  outX.push(x[length - 1]);
  outY.push(y[length - 1]);
  return { x: Float64Array.from(outX), y: Float64Array.from(outY) };
}
