// lttbOverRange computed as points arrive, page by page, so a long range never has to be held: memory is
// the output plus two buckets of input (the bucket waiting for its successor's average and that successor).
import { GrowableSeries } from './growableSeries';
import { largestTriangle, TimeBuckets, type XYSeries } from './lttb';

/** Points came out of time order: equal-time buckets need ascending times (sort them and use lttbOverRange). */
export class OutOfOrderError extends Error {
  constructor(
    readonly previous: number,
    readonly next: number,
  ) {
    super(`time ${next} came after ${previous}: points must arrive in time order`);
  }
}

/** The points of one bucket with their sums (added in arrival order, as lttbOverRange adds them). */
class Bucket {
  readonly points = new GrowableSeries();
  index = -1;
  sumX = 0;
  sumY = 0;

  reset(index: number): void {
    this.index = index;
    this.points.clear();
    this.sumX = 0;
    this.sumY = 0;
  }

  add(x: number, y: number): void {
    this.points.push(x, y);
    this.sumX += x;
    this.sumY += y;
  }

  /** Adds points [from, to) of two columns, all of this bucket. */
  addAll(x: ArrayLike<number>, y: ArrayLike<number>, from: number, to: number): void {
    this.points.pushAll(x, y, from, to);
    let sumX = this.sumX;
    let sumY = this.sumY;
    for (let i = from; i < to; i++) {
      sumX += x[i]!;
      sumY += y[i]!;
    }
    this.sumX = sumX;
    this.sumY = sumY;
  }
}

/**
 * Downsamples a series given in time order, in pieces, to the result of lttbOverRange on the whole series.
 * Until more than `threshold` points have come they are all kept (a short series is returned as it is).
 */
export class LttbStream {
  /** Points pushed so far. */
  count = 0;
  private readonly target: number;
  private readonly buckets: TimeBuckets;
  private readonly out = new GrowableSeries();
  /** Every point while there are at most `target`; afterwards unused. */
  private readonly early = new GrowableSeries();
  private bucketing = false;
  private lastX = -Infinity;
  /** The newest point: the last one unless another comes, so it joins a bucket only when one does. */
  private heldX = NaN;
  private heldY = NaN;
  private keptX = NaN;
  private keptY = NaN;
  /** The complete bucket waiting for the average of the next one, and that next one (still filling). */
  private waiting = new Bucket();
  private filling = new Bucket();

  constructor(threshold: number, range: { start: number; end: number }) {
    if (!Number.isFinite(threshold) || threshold < 0)
      throw new RangeError(`lttb: threshold must be a non-negative number, got ${threshold}`);
    this.target = Math.floor(threshold);
    this.buckets = new TimeBuckets(threshold, range);
  }

  push(x: number, y: number): void {
    if (x < this.lastX) throw new OutOfOrderError(this.lastX, x);
    this.lastX = x;
    this.count++;
    if (!this.bucketing) {
      this.early.push(x, y);
      if (this.count > this.target && this.target >= 3) this.startBucketing();
      return;
    }
    this.addInterior(this.heldX, this.heldY);
    this.heldX = x;
    this.heldY = y;
  }

  /** How many points the stream holds now (output so far, early points, the two buckets): what memory it needs. */
  get held(): number {
    return this.out.length + this.early.length + this.waiting.points.length + this.filling.points.length;
  }

  /**
   * Pushes points [from, to) of two columns, as push() would one by one; a run of points in one bucket (a page
   * falls into a few) is checked and copied in one pass.
   */
  pushAll(x: ArrayLike<number>, y: ArrayLike<number>, from = 0, to = x.length): void {
    let i = from;
    while (i < to && !this.bucketing) this.push(x[i]!, y[i++]!);
    while (i < to) {
      // Checks the order, adds the held point to its bucket and holds this one.
      this.push(x[i]!, y[i]!);
      const bucket = this.buckets.of(x[i]!);
      const upper = this.buckets.upperBound(bucket);
      let end = i + 1;
      while (end < to && x[end]! >= x[end - 1]! && x[end]! < upper) end++;
      // Rounding at the bound: the bucket of a time only grows with it, so checking the run's last point is enough.
      while (end - 1 > i && this.buckets.of(x[end - 1]!) !== bucket) end--;
      if (end - i > 1) {
        // Point i and the rest of the run but its last join the bucket; the last is held back.
        this.addInterior(x[i]!, y[i]!);
        this.filling.addAll(x, y, i + 1, end - 1);
        this.count += end - i - 1;
        this.lastX = this.heldX = x[end - 1]!;
        this.heldY = y[end - 1]!;
      }
      i = end;
    }
  }

  /** The downsampled series (the stream should not be pushed to afterwards). */
  finish(): XYSeries {
    if (!this.bucketing)
      return { x: this.early.x.slice(0, this.early.length), y: this.early.y.slice(0, this.early.length) };
    if (this.waiting.index >= 0)
      this.decide(
        this.waiting,
        this.filling.sumX / this.filling.points.length,
        this.filling.sumY / this.filling.points.length,
      );
    if (this.filling.index >= 0) this.decide(this.filling, this.heldX, this.heldY);
    this.out.push(this.heldX, this.heldY);
    return { x: this.out.x.slice(0, this.out.length), y: this.out.y.slice(0, this.out.length) };
  }

  /** More than `target` points: the first is kept, the rest replayed into buckets, the newest held back. */
  private startBucketing(): void {
    this.bucketing = true;
    const { x, y, length } = this.early;
    this.out.push(x[0], y[0]);
    this.keptX = x[0];
    this.keptY = y[0];
    for (let i = 1; i < length - 1; i++) this.addInterior(x[i], y[i]);
    this.heldX = x[length - 1];
    this.heldY = y[length - 1];
    this.early.x = new Float64Array(0);
    this.early.y = new Float64Array(0);
    this.early.length = 0;
  }

  private addInterior(x: number, y: number): void {
    const bucket = this.buckets.of(x);
    if (bucket !== this.filling.index) {
      if (this.filling.index >= 0) {
        // The filling bucket is complete: the one waiting for its average can now choose its point.
        if (this.waiting.index >= 0)
          this.decide(
            this.waiting,
            this.filling.sumX / this.filling.points.length,
            this.filling.sumY / this.filling.points.length,
          );
        const done = this.waiting;
        this.waiting = this.filling;
        this.filling = done;
      }
      this.filling.reset(bucket);
    }
    this.filling.add(x, y);
  }

  private decide(bucket: Bucket, avgX: number, avgY: number): void {
    const { x, y, length } = bucket.points;
    const chosen = largestTriangle(x, y, 0, length, this.keptX, this.keptY, avgX, avgY);
    this.keptX = x[chosen];
    this.keptY = y[chosen];
    this.out.push(this.keptX, this.keptY);
    bucket.index = -1;
  }
}
