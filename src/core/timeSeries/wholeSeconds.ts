// The service reads a time-series range to the whole second: its query writes `start` and `end` with .NET's
// sortable format ("s"), which drops the fraction, and includes both ends (docs/service-compatibility.md,
// "Range bounds to the second").
import type { TimeRange } from './timeRange';

const SECOND = 1000;

/** The instant as the service's range query writes it: cut to the whole second (epoch milliseconds). */
export function cutToSecond(ms: number): number {
  return Math.floor(ms / SECOND) * SECOND;
}

/**
 * The whole-second range to ask for so that the service returns every point of `range` whatever it does with
 * fractions: the start cut down, the end raised to the next whole second. The caller keeps only [start, end).
 */
export function wholeSecondCover(range: TimeRange): TimeRange {
  return { start: cutToSecond(range.start), end: Math.ceil(range.end / SECOND) * SECOND };
}
