import * as assert from 'node:assert/strict';
import { cutToSecond, wholeSecondCover } from '../../../src/core/timeSeries/wholeSeconds';

describe('time-series bounds to the whole second', () => {
  const T = Date.UTC(2024, 0, 1, 10, 0, 0);
  it('cuts an instant down to its second (before 1970 too)', () => {
    assert.equal(cutToSecond(T + 999), T);
    assert.equal(cutToSecond(T), T);
    assert.equal(cutToSecond(-1), -1000);
  });

  it('covers a range with whole seconds: the start cut down, the end raised', () => {
    assert.deepEqual(wholeSecondCover({ start: T + 250, end: T + 5_001 }), { start: T, end: T + 6_000 });
    assert.deepEqual(wholeSecondCover({ start: T, end: T + 5_000 }), { start: T, end: T + 5_000 });
  });
});
