// A series being filled: two Float64Array columns that double when full (no per-point objects).
import type { XYSeries } from './lttb';

export class GrowableSeries {
  x: Float64Array = new Float64Array(64);
  y: Float64Array = new Float64Array(64);
  length = 0;

  push(x: number, y: number): void {
    if (this.length === this.x.length) this.reserve(this.length * 2);
    this.x[this.length] = x;
    this.y[this.length] = y;
    this.length++;
  }

  /** Appends points [from, to) of two columns. */
  pushAll(x: ArrayLike<number>, y: ArrayLike<number>, from = 0, to = x.length): void {
    this.reserve(this.length + (to - from));
    for (let i = from; i < to; i++) {
      this.x[this.length] = x[i];
      this.y[this.length] = y[i];
      this.length++;
    }
  }

  /** Room for `size` points without growing again. */
  reserve(size: number): void {
    if (size <= this.x.length) return;
    const x = new Float64Array(Math.max(size, this.x.length * 2));
    const y = new Float64Array(x.length);
    x.set(this.x.subarray(0, this.length));
    y.set(this.y.subarray(0, this.length));
    this.x = x;
    this.y = y;
  }

  clear(): void {
    this.length = 0;
  }

  /** The points as exact-size columns, sorted by time (stable, so equal times keep their order). */
  sorted(): XYSeries {
    const x = this.x.slice(0, this.length);
    const y = this.y.slice(0, this.length);
    let ascending = true;
    for (let i = 1; i < x.length && ascending; i++) ascending = x[i] >= x[i - 1];
    if (ascending) return { x, y };
    const order = Array.from({ length: x.length }, (_, i) => i).sort((a, b) => x[a] - x[b] || a - b);
    return { x: Float64Array.from(order, (i) => x[i]), y: Float64Array.from(order, (i) => y[i]) };
  }
}
