// One page of a range read over one or several twins, in the service's order: every row sorted by
// source time ascending across all twins (ties in the order the twins were asked for). A position
// `{ t, k }` names the last row returned (its time and its twin's index), so the next page starts
// right after it.
import type { Series } from '../store/timeSeriesStore';
import type { StoredTwin } from '../twins/twinGraph';
import type { SeriesRange } from './seriesQuery';
import type { PointRun } from './timeSeriesPageJson';

export interface SeriesPosition {
  t: number;
  k: number;
}

export interface SeriesSource {
  twin: StoredTwin;
  series: Series | undefined;
}

/** Up to `size` rows after `after`; `next` is set when rows were returned and more remain. */
export function seriesPage(
  sources: SeriesSource[],
  range: SeriesRange,
  size: number,
  after?: SeriesPosition,
): { runs: PointRun[]; next?: SeriesPosition } {
  const cursors = sources.map(({ series }, k) => cursorOf(series, k, range, after));
  const runs: PointRun[] = [];
  let taken = 0;
  let lastK = -1;
  while (taken < size) {
    const [best, second] = firstTwo(cursors);
    if (!best) break;
    const series = best.series;
    let stop = best.end;
    if (second) {
      // Rows of `best` up to the head of `second`; at an equal time the lower twin index goes first.
      const t = second.series.times[second.at];
      stop = Math.min(stop, best.k < second.k ? series.upperBound(t) : series.lowerBound(t));
    }
    // At least one row: `best` heads the order, so its first row is always next.
    const take = Math.min(Math.max(1, stop - best.at), size - taken);
    runs.push({ series, twin: sources[best.k].twin, from: best.at, to: best.at + take });
    best.at += take;
    taken += take;
    lastK = best.k;
  }
  const last = runs[runs.length - 1];
  const more = cursors.some((c) => c && c.at < c.end);
  return last && more ? { runs, next: { t: last.series.times[last.to - 1], k: lastK } } : { runs };
}

interface Cursor {
  k: number;
  series: Series;
  at: number;
  end: number;
}

function cursorOf(
  series: Series | undefined,
  k: number,
  range: SeriesRange,
  after?: SeriesPosition,
): Cursor | undefined {
  if (!series) return undefined;
  const { from: first, to } = series.between(range.start, range.end);
  let from = first;
  // After (t, k): later times, and the same time only for twins after k.
  if (after) from = Math.max(from, k <= after.k ? series.upperBound(after.t) : series.lowerBound(after.t));
  return from < to ? { k, series, at: from, end: to } : undefined;
}

/** The two cursors with the earliest heads (time, then twin index). */
function firstTwo(cursors: Array<Cursor | undefined>): [Cursor | undefined, Cursor | undefined] {
  let best: Cursor | undefined;
  let second: Cursor | undefined;
  for (const c of cursors) {
    if (!c || c.at >= c.end) continue;
    if (!best || before(c, best)) {
      second = best;
      best = c;
    } else if (!second || before(c, second)) {
      second = c;
    }
  }
  return [best, second];
}

function before(a: Cursor, b: Cursor): boolean {
  const ta = a.series.times[a.at];
  const tb = b.series.times[b.at];
  return ta < tb || (ta === tb && a.k < b.k);
}
