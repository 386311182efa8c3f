import * as assert from 'node:assert/strict';
import { lttb, lttbOverRange, type XYSeries } from '../../../src/core/timeSeries/lttb';
import { LttbStream, OutOfOrderError } from '../../../src/core/timeSeries/lttbStream';

/** Deterministic pseudo-random numbers (a failure repeats). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Ascending times in [start, end) with gaps, repeated times and repeated values (ties). */
function series(next: () => number, n: number, range: { start: number; end: number }): XYSeries {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let t = range.start;
  const step = (range.end - range.start) / Math.max(1, n);
  for (let i = 0; i < n; i++) {
    const r = next();
    // Mostly even steps, some repeats, some long gaps.
    t += r < 0.05 ? 0 : r > 0.97 ? step * 20 * next() : step * (0.2 + next() * 0.6);
    x[i] = Math.min(t, range.end - 1);
    y[i] = next() < 0.3 ? 5 : Math.round(Math.sin(i / 50) * 100 + next() * 20);
  }
  return { x, y };
}

function streamed(
  input: XYSeries,
  threshold: number,
  range: { start: number; end: number },
  next: () => number,
): XYSeries {
  const stream = new LttbStream(threshold, range);
  for (let from = 0; from < input.x.length;) {
    const to = Math.min(input.x.length, from + 1 + Math.floor(next() * 3000));
    stream.pushAll(input.x, input.y, from, to);
    from = to;
  }
  return stream.finish();
}

describe('LttbStream: LTTB over equal-time buckets, page by page', () => {
  it('gives what the batch lttbOverRange gives on the same input, whatever the pieces', () => {
    const next = random(42);
    const range = { start: 1_700_000_000_000, end: 1_700_000_000_000 + 86_400_000 };
    for (const n of [0, 1, 2, 3, 4, 10, 99, 100, 101, 2_000, 25_000]) {
      for (const threshold of [0, 2, 3, 4, 10, 100, 1_600]) {
        const input = series(next, n, range);
        const batch = lttbOverRange(input, threshold, range);
        const stream = streamed(input, threshold, range, next);
        assert.deepEqual(Array.from(stream.x), Array.from(batch.x), `x, n ${n}, threshold ${threshold}`);
        assert.deepEqual(Array.from(stream.y), Array.from(batch.y), `y, n ${n}, threshold ${threshold}`);
        assert.ok(
          batch.x.length <= Math.max(threshold, n <= threshold || threshold < 3 ? n : 0),
          `at most ${threshold} points`,
        );
      }
    }
  });

  it('equals the count-bucket LTTB where the buckets line up (evenly spaced points), on the hand-computed example', () => {
    const input = {
      x: Float64Array.from({ length: 10 }, (_, i) => i),
      y: Float64Array.from([0, 0, 0, 10, 0, 0, 0, 0, -6, 0]),
    };
    const range = { start: 1, end: 9 }; // two buckets: times 1-4 and 5-8, as the count buckets of 8 inner points
    const expected = lttb(input, 4);
    assert.deepEqual(Array.from(expected.x), [0, 3, 8, 9]);
    for (const out of [lttbOverRange(input, 4, range), streamed(input, 4, range, random(1))]) {
      assert.deepEqual(Array.from(out.x), Array.from(expected.x));
      assert.deepEqual(Array.from(out.y), Array.from(expected.y));
    }
  });

  it('leaves a gap a gap: an empty time bucket gives no point', () => {
    const x = Float64Array.from([0, 1, 2, 3, 96, 97, 98, 99]);
    // Four buckets of 25: the first and the last hold points, the two between are empty.
    const out = lttbOverRange({ x, y: Float64Array.from([0, 5, 1, 2, 3, 9, 1, 0]) }, 6, { start: 0, end: 100 });
    assert.deepEqual(Array.from(out.x), [0, 1, 97, 99]);
  });

  it('holds the output and two buckets, not the range', () => {
    const range = { start: 0, end: 1_000_000 };
    const stream = new LttbStream(100, range);
    let most = 0;
    for (let i = 0; i < 1_000_000; i++) {
      stream.push(i, Math.sin(i / 1000));
      most = Math.max(most, stream.held);
    }
    // 98 buckets of ~10,204 points: two buckets and the output, never the million.
    assert.ok(most <= 100 + 2 * Math.ceil(1_000_000 / 98) + 1, `held ${most} points at most`);
    assert.equal(stream.count, 1_000_000);
    assert.equal(stream.finish().x.length, 100);
  });

  it('refuses points out of time order', () => {
    const stream = new LttbStream(10, { start: 0, end: 100 });
    stream.push(5, 1);
    stream.push(5, 2);
    assert.throws(() => stream.push(4, 3), OutOfOrderError);
  });

  it('refuses a point out of time order in the middle of a page, keeping the points before it as push() does', () => {
    const range = { start: 0, end: 1_000 };
    const x = Float64Array.from({ length: 600 }, (_, i) => (i === 400 ? 100 : i));
    const y = Float64Array.from({ length: 600 }, (_, i) => Math.sin(i / 7) * 10);
    const paged = new LttbStream(20, range);
    const single = new LttbStream(20, range);
    assert.throws(() => paged.pushAll(x, y), OutOfOrderError);
    assert.throws(() => {
      for (let i = 0; i < x.length; i++) single.push(x[i]!, y[i]!);
    }, OutOfOrderError);
    assert.equal(paged.count, 400);
    assert.equal(paged.count, single.count);
    const [a, b] = [paged.finish(), single.finish()];
    assert.deepEqual(Array.from(a.x), Array.from(b.x));
    assert.deepEqual(Array.from(a.y), Array.from(b.y));
  });

  it('gives the batch result when pages end on bucket bounds and times sit exactly on them', () => {
    const range = { start: 0, end: 980 };
    // 98 buckets of 10: a point at every bound, pages of 10 and 7 points.
    const x = Float64Array.from({ length: 980 }, (_, i) => i);
    const y = Float64Array.from({ length: 980 }, (_, i) => (i * 37) % 11);
    const batch = lttbOverRange({ x, y }, 100, range);
    for (const page of [10, 7, 1]) {
      const stream = new LttbStream(100, range);
      for (let from = 0; from < x.length; from += page) stream.pushAll(x, y, from, Math.min(x.length, from + page));
      const out = stream.finish();
      assert.deepEqual(Array.from(out.x), Array.from(batch.x), `pages of ${page}`);
      assert.deepEqual(Array.from(out.y), Array.from(batch.y), `pages of ${page}`);
    }
  });
});
