// Time range helpers shared by the time series panel host and webview.

export const RANGE_PRESETS = ['1h', '24h', '7d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const PRESET_MS: Record<RangePreset, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** Epoch-millisecond interval, start inclusive, end exclusive. */
export interface TimeRange {
  start: number;
  end: number;
}

export function isRangePreset(value: unknown): value is RangePreset {
  return typeof value === 'string' && (RANGE_PRESETS as readonly string[]).includes(value);
}

/** The preset's interval ending at `now`. */
export function presetRange(preset: RangePreset, now: number = Date.now()): TimeRange {
  return { start: now - PRESET_MS[preset], end: now };
}

/** Validates an interval; throws a specific error for non-finite bounds or start >= end. */
export function checkRange(range: TimeRange): TimeRange {
  if (!Number.isFinite(range.start) || !Number.isFinite(range.end)) {
    throw new RangeError(`Time range bounds must be valid dates (got start ${range.start}, end ${range.end})`);
  }
  if (range.start >= range.end) {
    throw new RangeError(
      `Time range start (${new Date(range.start).toISOString()}) must be before its end (${new Date(range.end).toISOString()})`,
    );
  }
  return range;
}

/** Parses two ISO 8601 strings (as typed in the custom range fields) into a checked range. */
export function parseRange(start: string, end: string): TimeRange {
  const range = { start: Date.parse(start), end: Date.parse(end) };
  if (Number.isNaN(range.start)) throw new RangeError(`Start "${start}" is not a date (use e.g. 2024-10-01T00:00:00Z)`);
  if (Number.isNaN(range.end)) throw new RangeError(`End "${end}" is not a date (use e.g. 2024-10-01T00:00:00Z)`);
  return checkRange(range);
}

/** The longest range a panel may ask the host to fetch (about 13 months). */
const MAX_PANEL_RANGE_MS = 400 * 86_400_000;
/** The widest chart a point budget is computed for: a webview asking for more gets this. */
const MAX_CHART_WIDTH_PX = 8_000;

/** A range requested by a webview (untrusted): checked, and refused when longer than MAX_PANEL_RANGE_MS. */
export function checkPanelRange(range: TimeRange): TimeRange {
  checkRange(range);
  if (range.end - range.start > MAX_PANEL_RANGE_MS) {
    throw new RangeError(
      `Time range of ${Math.round((range.end - range.start) / 86_400_000)} days is longer than the ${MAX_PANEL_RANGE_MS / 86_400_000} days a panel can fetch; choose a shorter range`,
    );
  }
  return range;
}

/** How many points to send for a chart `widthPx` wide: a few per pixel, never fewer than 3, width capped. */
export function pointBudget(widthPx: number, pointsPerPixel = 2): number {
  const width = Number.isFinite(widthPx) && widthPx > 0 ? Math.min(widthPx, MAX_CHART_WIDTH_PX) : 800;
  return Math.max(3, Math.round(width * pointsPerPixel));
}
