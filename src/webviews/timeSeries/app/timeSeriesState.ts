// What the time series panel shows and remembers: the range (a preset or a custom span, moved by pan and zoom),
// the series and their latest values. Pure: no DOM, no host messages (timeSeriesActions.ts sends those).
import { isRangePreset, presetRange, type RangePreset, type TimeRange } from '../../../core/timeSeries/timeRange';
import type { LatestPoint, SeriesData, SeriesInfo, TimeSeriesPanelState } from '../timeSeriesProtocol';

export class TimeSeriesState {
  /** What the webview keeps across reloads (the bridge's state). */
  readonly panel: TimeSeriesPanelState;
  range: TimeRange;
  infos: SeriesInfo[] = [];
  /** The series of the last load, downsampled for `loadedWidth`. */
  current: SeriesData[] = [];
  /** The chart width the shown data was downsampled for. */
  loadedWidth = 0;
  readonly latest = new Map<string, LatestPoint>();

  /** `now` is the panel's one clock: presets end at its time. */
  constructor(
    saved: Partial<TimeSeriesPanelState> | undefined,
    private readonly now: () => number,
  ) {
    this.panel = { twinIds: [], preset: '24h', ...(saved ?? {}) };
    const kept = this.panel.range;
    this.range =
      kept && kept.start < kept.end
        ? kept
        : presetRange(isRangePreset(this.panel.preset) ? this.panel.preset : '24h', now());
  }

  choosePreset(preset: RangePreset): void {
    this.panel.preset = preset;
    this.panel.range = undefined;
    this.range = presetRange(preset, this.now());
  }

  /** A custom span (typed, dragged, panned or zoomed), in whole milliseconds. */
  setRange(next: TimeRange): void {
    this.range = { start: Math.round(next.start), end: Math.round(next.end) };
    this.panel.preset = undefined;
    this.panel.range = this.range;
  }

  /** Moves the range by `fraction` of its length (negative: back in time). */
  pan(fraction: number): void {
    const shift = (this.range.end - this.range.start) * fraction;
    this.setRange({ start: this.range.start + shift, end: this.range.end + shift });
  }

  /** Scales the range around its middle (`factor` < 1 zooms in). */
  zoom(factor: number): void {
    const middle = (this.range.start + this.range.end) / 2;
    const half = ((this.range.end - this.range.start) * factor) / 2;
    this.setRange({ start: Math.round(middle - half), end: Math.round(middle + half) });
  }

  /** A load's series; a series' last point stands for its latest value until the host says one. */
  loaded(series: SeriesData[], width: number): void {
    this.loadedWidth = width;
    this.current = series;
    for (const s of series) {
      const n = s.x.length;
      if (n && !this.latest.has(s.twinId))
        this.latest.set(s.twinId, { twinId: s.twinId, time: s.x[n - 1], value: s.y[n - 1] });
    }
  }

  rememberLatest(points: readonly LatestPoint[]): void {
    for (const p of points) this.latest.set(p.twinId, p);
  }

  /**
   * Live mode: appends each point newer than its series' last one, stretching the range's end to it. Whether any
   * was appended (the chart is drawn again).
   */
  appendLatest(points: readonly LatestPoint[]): boolean {
    let appended = false;
    for (const p of points) {
      const series = this.current.find((s) => s.twinId === p.twinId);
      if (!series || (series.x.length && p.time <= series.x[series.x.length - 1])) continue;
      series.x.push(p.time);
      series.y.push(p.value);
      series.rawCount++;
      appended = true;
      if (p.time >= this.range.end) this.range = { start: this.range.start, end: p.time + 1 };
    }
    return appended;
  }

  /** How many points the service has in range, and how many of them the chart draws. */
  counts(): { raw: number; shown: number } {
    return {
      raw: this.current.reduce((n, s) => n + s.rawCount, 0),
      shown: this.current.reduce((n, s) => n + s.x.length, 0),
    };
  }

  /** A series' label and unit (its twin id when the host named none). */
  lineOf(twinId: string): { label: string; unit?: string } {
    const info = this.infos.find((x) => x.twinId === twinId);
    return { label: info?.label ?? twinId, unit: info?.unit };
  }
}

/** A value as the chart, its table and the latest values show it. */
export function formatValue(v: number): string {
  return Math.abs(v) >= 1000 || Number.isInteger(v) ? v.toLocaleString() : v.toFixed(2);
}
