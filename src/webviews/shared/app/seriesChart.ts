// The time-series chart of the panels (uPlot): time on x, one line per series in the theme's chart colours,
// a live legend with each value, one y-axis per unit, and an optional drag-to-select span.
import * as l10n from '@vscode/l10n';
import type uPlot from 'uplot';
import { chartColor, formatTime, themeColor } from './dom';
import { assignUnitAxes } from './unitAxes';

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
  const { axes, lineAxis } = assignUnitAxes(options.lines.map((l) => l.unit));
  const onSelect = options.onSelect;
  return {
    width: options.width,
    height: options.height,
    ms: 1,
    scales: { x: { time: true }, ...Object.fromEntries(axes.map((a) => [a.scale, { auto: true }])) },
    cursor: { drag: { x: Boolean(onSelect), y: false, setScale: false } },
    legend: { live: true },
    // uPlot's sides: 1 is right, 3 left. The grid belongs to the first y-axis only, so lines do not cross.
    axes: [
      axis,
      ...axes.map((a, i) => ({
        ...axis,
        scale: a.scale,
        side: a.side === 'left' ? 3 : 1,
        label: a.unit,
        grid: { ...axis.grid, show: i === 0 },
      })),
    ],
    series: [
      { label: l10n.t('Time'), value: (_u, v) => (v == null ? '—' : formatTime(v)) },
      ...options.lines.map((line, i) => {
        const unit = line.unit ? ` ${line.unit}` : '';
        return {
          label: `${line.label}${line.unit ? ` [${line.unit}]` : ''}`,
          stroke: chartColor(i),
          scale: axes[lineAxis[i]].scale,
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

/** Gives each legend label its whole text as its title (the stylesheet cuts a long one with "…"). */
export function titleLegendLabels(chart: uPlot): void {
  for (const label of chart.root.querySelectorAll<HTMLElement>('.u-legend .u-series .u-label'))
    label.title = label.textContent ?? '';
}
