// The time-series chart of the panels (uPlot): time on x, one line per series in the theme's chart colours,
// a live legend with each value, and an optional drag-to-select span.
import * as l10n from '@vscode/l10n';
import type uPlot from 'uplot';
import { chartColor, formatTime, themeColor } from './dom';

export interface ChartLine {
  label: string;
  unit?: string;
}

export interface SeriesChartOptions {
  width: number;
  height: number;
  lines: readonly ChartLine[];
  /** Value text in the legend (the panel's number format). */
  formatValue: (value: number) => string;
  /** A span dragged on the chart (epoch ms); without it, dragging does nothing. */
  onSelect?: (start: number, end: number) => void;
}

export function seriesChartOptions(options: SeriesChartOptions): uPlot.Options {
  const foreground = themeColor('--vscode-foreground', '#cccccc');
  const grid = themeColor('--vscode-editorWidget-border', 'rgba(128,128,128,0.35)');
  const axis = { stroke: foreground, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const units = new Set(options.lines.map((l) => l.unit).filter(Boolean));
  const onSelect = options.onSelect;
  return {
    width: options.width,
    height: options.height,
    ms: 1,
    scales: { x: { time: true } },
    cursor: { drag: { x: Boolean(onSelect), y: false, setScale: false } },
    legend: { live: true },
    axes: [axis, { ...axis, label: units.size === 1 ? [...units][0] : undefined }],
    series: [
      { label: l10n.t('Time'), value: (_u, v) => (v == null ? '—' : formatTime(v)) },
      ...options.lines.map((line, i) => {
        const unit = line.unit ? ` ${line.unit}` : '';
        return {
          label: `${line.label}${line.unit ? ` [${line.unit}]` : ''}`,
          stroke: chartColor(i),
          width: 1.5,
          spanGaps: true,
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${options.formatValue(v)}${unit}`),
        };
      }),
    ],
    hooks: onSelect
      ? {
          setSelect: [
            (u) => {
              if (u.select.width < 2) return;
              const min = u.posToVal(u.select.left, 'x');
              const max = u.posToVal(u.select.left + u.select.width, 'x');
              u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
              if (max > min) onSelect(min, max);
            },
          ],
        }
      : {},
  };
}
