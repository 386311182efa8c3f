import * as assert from 'node:assert/strict';
import { isoTimeParser } from '../../../src/core/timeSeries/isoTime';

/** Deterministic pseudo-random numbers (a test that fails must fail the same way again). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('isoTimeParser', () => {
  it('equals Date.parse on UTC timestamps from 1970 to 2100 with 0 to 9 fraction digits', () => {
    const parse = isoTimeParser();
    const next = random(7);
    for (let i = 0; i < 20_000; i++) {
      const iso = new Date(Math.floor(next() * Date.UTC(2100, 0, 1))).toISOString();
      const digits = Math.floor(next() * 10);
      const text =
        digits === 0
          ? `${iso.slice(0, 19)}Z`
          : `${iso.slice(0, 20)}${(iso.slice(20, 23) + String(Math.floor(next() * 1e6)).padStart(6, '0')).slice(0, digits)}Z`;
      assert.equal(parse(text), Date.parse(text), text);
    }
  });

  it('equals Date.parse on runs of the same day and across day, month and year ends', () => {
    const parse = isoTimeParser();
    for (const start of [
      Date.UTC(2024, 1, 28, 23, 59, 58),
      Date.UTC(2023, 11, 31, 23, 59, 59),
      Date.UTC(2000, 1, 29, 12),
    ]) {
      for (let t = start; t < start + 90_000_000; t += 997_003) {
        const text = new Date(t).toISOString();
        assert.equal(parse(text), t, text);
      }
    }
  });

  it('leaves every other spelling to Date.parse, NaN included', () => {
    const parse = isoTimeParser();
    const cases = [
      '2024-10-01T00:00:00+02:00',
      '2024-10-01T00:00:00.000-05:30',
      '2024-10-01',
      '2024-10-01T00:00Z',
      '2024-10-01T00:00:00z',
      '2024-10-01T00:00:00.Z',
      '2024-10-01T00:00:00.1234567890Z',
      '2024-10-01 00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-00-10T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-10-01T24:00:00Z',
      '2024-10-01T23:60:00Z',
      '2024-10-01T23:59:60Z',
      '2024-10-01T2x:00:00Z',
      '2024-10-01T00:0x:00Z',
      '2024-10-01T00:00:-1Z',
      '2O24-10-01T00:00:00Z',
      '2024-1a-01T00:00:00Z',
      '2024-10-01T00:00:00.12aZ',
      '0099-10-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '+002024-10-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '',
      'not a date',
    ];
    for (const text of cases)
      assert.ok(Object.is(parse(text), Date.parse(text)), `${text}: ${parse(text)} vs ${Date.parse(text)}`);
  });
});
