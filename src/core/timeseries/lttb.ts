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
    const ax = x[kept];
    const ay = y[kept];
    let maxArea = -1;
    let chosen = start;
    for (let i = start; i < end; i++) {
      const area = Math.abs((ax - avgX) * (y[i] - ay) - (ax - x[i]) * (avgY - ay));
      if (area > maxArea) {
        maxArea = area;
        chosen = i;
      }
    }
    outX[bucket + 1] = x[chosen];
    outY[bucket + 1] = y[chosen];
    kept = chosen;
  }

  outX[target - 1] = x[length - 1];
  outY[target - 1] = y[length - 1];
  return { x: outX, y: outY };
}
