import type { DataQuality } from '../../core/api/types';
import type { Series } from '../store/timeSeriesStore';

const DEFAULT_INTERVAL_MS = 15 * 60_000;
const FLATLINE_RUN = 5;

/**
 * Data-quality flags the emulator derives per point (the service's rules are not documented):
 * the expected interval is the twin's `trendInterval` (seconds) or 15 minutes;
 * `sparse`: gap to the previous point > 2 intervals; `offline`: gap > 8 intervals, or the latest
 * point is more than 8 intervals old; `delayed`: enqueued > 2 intervals after the source time;
 * `flatline`: the value equals the previous 4; `valueOutOfRange`: outside the twin's
 * `minValue`/`maxValue`, or outside 0..100 when its unit is a percentage.
 */
export function dataQualityOf(series: Series, i: number, contents: Record<string, unknown>, now: number): DataQuality {
  const interval =
    typeof contents.trendInterval === 'number' && contents.trendInterval > 0
      ? contents.trendInterval * 1000
      : DEFAULT_INTERVAL_MS;
  const t = series.times[i];
  const gap = i > 0 ? t - series.times[i - 1] : 0;
  const isLatest = i === series.length - 1;
  let flatline = i >= FLATLINE_RUN - 1;
  for (let k = 1; flatline && k < FLATLINE_RUN; k++) flatline = series.values[i - k] === series.values[i];
  return {
    offline: gap > 8 * interval || (isLatest && now - t > 8 * interval),
    valueOutOfRange: outOfRange(series.values[i], contents),
    sparse: gap > 2 * interval,
    flatline,
    delayed: series.enqueued[i] - t > 2 * interval,
  };
}

function outOfRange(value: number, contents: Record<string, unknown>): boolean {
  const { minValue, maxValue, unit } = contents;
  if (typeof minValue === 'number' && value < minValue) return true;
  if (typeof maxValue === 'number' && value > maxValue) return true;
  return typeof unit === 'string' && /^(%|percent)$/i.test(unit.trim()) && (value < 0 || value > 100);
}
