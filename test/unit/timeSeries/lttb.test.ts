import * as assert from 'node:assert/strict';
import { lttb } from '../../../src/core/timeSeries/lttb';
import { checkRange, parseRange, pointBudget, presetRange } from '../../../src/core/timeSeries/timeRange';

function series(values: number[]): { x: Float64Array; y: Float64Array } {
  return { x: Float64Array.from(values.map((_, i) => i)), y: Float64Array.from(values) };
}

describe('lttb', () => {
  it('returns copies when the series already fits the threshold', () => {
    const input = series([1, 2, 3]);
    const out = lttb(input, 10);
    assert.deepEqual(Array.from(out.y), [1, 2, 3]);
    assert.notEqual(out.y, input.y);
  });

  it('returns the series unchanged for thresholds below 3', () => {
    assert.equal(lttb(series([1, 2, 3, 4, 5]), 2).x.length, 5);
  });

  it('selects the largest-triangle point of each bucket (hand-computed example)', () => {
    const out = lttb(series([0, 0, 0, 10, 0, 0, 0, 0, -6, 0]), 4);
    assert.deepEqual(Array.from(out.x), [0, 3, 8, 9]);
    assert.deepEqual(Array.from(out.y), [0, 10, -6, 0]);
  });

  it('keeps first and last points, the exact size, ascending x taken from the input', () => {
    const n = 100_000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = 1_700_000_000_000 + i * 60_000;
      y[i] = Math.sin(i / 500) * 10 + (i % 7);
    }
    const out = lttb({ x, y }, 1000);
    assert.equal(out.x.length, 1000);
    assert.equal(out.x[0], x[0]);
    assert.equal(out.x[999], x[n - 1]);
    const inputIndex = new Map<number, number>();
    x.forEach((v, i) => inputIndex.set(v, i));
    for (let i = 0; i < out.x.length; i++) {
      const at = inputIndex.get(out.x[i]);
      assert.ok(at !== undefined, `x ${out.x[i]} is not an input point`);
      assert.equal(out.y[i], y[at]);
      if (i > 0) assert.ok(out.x[i] > out.x[i - 1], 'x must stay ascending');
    }
  });

  it('keeps a single spike that a stride sample would miss', () => {
    const values = new Array<number>(10_000).fill(1);
    values[4321] = 500;
    const out = lttb(series(values), 100);
    assert.ok(Array.from(out.y).includes(500));
  });

  it('rejects arrays of different lengths and negative thresholds', () => {
    assert.throws(() => lttb({ x: new Float64Array(3), y: new Float64Array(2) }, 2), /x has 3 values but y has 2/);
    assert.throws(() => lttb(series([1, 2, 3]), -1), /non-negative/);
  });
});

describe('timeRange', () => {
  it('computes presets ending now', () => {
    assert.deepEqual(presetRange('24h', 100_000_000), { start: 100_000_000 - 86_400_000, end: 100_000_000 });
  });

  it('parses custom ranges and rejects bad ones with specific messages', () => {
    assert.deepEqual(parseRange('2024-10-01T00:00:00Z', '2024-10-02T00:00:00Z'), {
      start: Date.UTC(2024, 9, 1),
      end: Date.UTC(2024, 9, 2),
    });
    assert.throws(() => parseRange('yesterday', '2024-10-02T00:00:00Z'), /Start "yesterday" is not a date/);
    assert.throws(() => parseRange('2024-10-02T00:00:00Z', '2024-10-01T00:00:00Z'), /must be before its end/);
    assert.throws(() => checkRange({ start: NaN, end: 1 }), /valid dates/);
  });

  it('budgets a few points per pixel', () => {
    assert.equal(pointBudget(800), 1600);
    assert.equal(pointBudget(0), 1600);
    assert.equal(pointBudget(1, 1), 3);
  });
});
