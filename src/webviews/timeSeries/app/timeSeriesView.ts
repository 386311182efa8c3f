// The time series panel's page: the toolbar, the chart, the data table and the latest values, built once; the
// render functions draw a TimeSeriesState into them. No host messages (timeSeriesActions.ts).
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import { RANGE_PRESETS, type RangePreset } from '../../../core/timeSeries/timeRange';
import { textField } from '../../shared/app/textField';
import { StatusLine } from '../../shared/app/statusLine';
import { clear, el, formatTime } from '../../shared/app/dom';
import { seriesChartOptions, titleLegendLabels } from '../../shared/app/seriesChart';
import { assignUnitAxes } from '../../shared/app/unitAxes';
import { dataTableModel } from './dataTableModel';
import { formatValue, type TimeSeriesState } from './timeSeriesState';

/** The range buttons' text; a translation may spell the units its own way. */
const PRESET_LABELS: Record<RangePreset, string> = {
  '1h': l10n.t({ message: '1h', comment: ['A range button: the last hour'] }),
  '24h': l10n.t({ message: '24h', comment: ['A range button: the last 24 hours'] }),
  '7d': l10n.t({ message: '7d', comment: ['A range button: the last 7 days'] }),
  '30d': l10n.t({ message: '30d', comment: ['A range button: the last 30 days'] }),
};

export class TimeSeriesView {
  readonly presetButtons = RANGE_PRESETS.map((p) =>
    el('vscode-button', { 'data-preset': p, 'aria-pressed': 'false', secondary: true }, PRESET_LABELS[p]),
  );
  readonly startInput = textField(l10n.t('Custom range start (ISO 8601)'), {
    class: 'time',
    placeholder: '2024-10-01T00:00:00Z',
  });
  readonly endInput = textField(l10n.t('Custom range end (ISO 8601)'), {
    class: 'time',
    placeholder: '2024-10-02T00:00:00Z',
  });
  readonly applyButton = el('vscode-button', { secondary: true }, l10n.t('Apply'));
  readonly panLeft = el(
    'vscode-button',
    { secondary: true, title: l10n.t('Pan left (←)'), 'aria-label': l10n.t('Pan left') },
    '◀',
  );
  readonly panRight = el(
    'vscode-button',
    { secondary: true, title: l10n.t('Pan right (→)'), 'aria-label': l10n.t('Pan right') },
    '▶',
  );
  readonly zoomOut = el('vscode-button', { secondary: true, title: l10n.t('Zoom out (-)') }, l10n.t('Zoom out'));
  readonly liveBox = el('vscode-checkbox', { id: 'live', label: l10n.t('Live') });
  readonly exportButton = el('vscode-button', { secondary: true }, l10n.t('Export CSV'));
  readonly tableButton = el(
    'vscode-button',
    {
      secondary: true,
      id: 'data-table-toggle',
      'aria-pressed': 'false',
      title: l10n.t('Show the drawn points of the visible range as a table'),
    },
    l10n.t('Data table'),
  );
  readonly saveRequestButton = el(
    'vscode-button',
    {
      secondary: true,
      id: 'save-request',
      title: l10n.t('Write the request that reads this range into a request file'),
    },
    l10n.t('Save as Request'),
  );
  readonly status = new StatusLine();
  readonly chartHost = el('div', {
    class: 'chart',
    tabindex: 0,
    'aria-label': l10n.t('Time series chart. Arrow keys pan, + and - zoom, drag to zoom with the mouse.'),
  });
  private readonly emptyBox = el('div', { class: 'empty', hidden: true });
  private readonly dataTable = el('section', {
    class: 'data-table',
    hidden: true,
    'aria-label': l10n.t('Data table of the visible range'),
  });
  private readonly latestList = el('ul', { class: 'latest', 'aria-label': l10n.t('Latest value per series') });
  private chart: uPlot | undefined;

  constructor(private readonly state: TimeSeriesState) {
    document.body.append(
      el(
        'div',
        { class: 'toolbar' },
        el('div', { class: 'group', role: 'group', 'aria-label': l10n.t('Range presets') }, ...this.presetButtons),
        el(
          'div',
          { class: 'group', role: 'group', 'aria-label': l10n.t('Custom range') },
          this.startInput,
          el('span', {}, '–'),
          this.endInput,
          this.applyButton,
        ),
        el('div', { class: 'group' }, this.panLeft, this.panRight, this.zoomOut),
        this.liveBox,
        this.exportButton,
        this.tableButton,
        this.saveRequestButton,
      ),
      this.status.element,
      this.chartHost,
      this.emptyBox,
      this.dataTable,
      el('h3', {}, l10n.t('Latest values')),
      this.latestList,
    );
  }

  /** Whether a chart is drawn. */
  get charted(): boolean {
    return this.chart !== undefined;
  }

  /** The span the chart shows (the range until the chart is drawn). */
  visibleSpan(): { start: number; end: number } {
    const { range } = this.state;
    return { start: this.chart?.scales.x.min ?? range.start, end: this.chart?.scales.x.max ?? range.end };
  }

  /** Draws the chart of the state's series; `onSelect` gets the span a drag selects (setScale is off). */
  render(onSelect: (start: number, end: number) => void): void {
    const { current, range } = this.state;
    if (!current.some((s) => s.x.length)) return;
    this.emptyBox.hidden = true;
    this.chartHost.hidden = false;
    const data = uPlot.join(current.map((s) => [s.x, s.y] as uPlot.AlignedData));
    const lines = current.map((s) => this.state.lineOf(s.twinId));
    const opts = seriesChartOptions({ ...this.chartSize(), lines, formatValue, onSelect });
    this.chart?.destroy();
    clear(this.chartHost);
    this.chart = new uPlot(opts, data, this.chartHost);
    titleLegendLabels(this.chart);
    this.chart.setScale('x', { min: range.start, max: range.end });
    this.describeAxes(lines.map((l) => l.unit));
    this.renderDataTable();
  }

  /** The points the chart draws in the visible range (the downsampled ones, as the caption says), as a native table. */
  renderDataTable(): void {
    const { panel, current, range } = this.state;
    const { tableButton, dataTable } = this;
    tableButton.setAttribute('aria-pressed', String(!!panel.table));
    tableButton.secondary = !panel.table;
    dataTable.hidden = !panel.table || this.chartHost.hidden;
    clear(dataTable);
    if (dataTable.hidden) return;
    const model = dataTableModel(
      current.map((s) => {
        const { label, unit } = this.state.lineOf(s.twinId);
        return { heading: unit ? `${label} [${unit}]` : label, x: s.x, y: s.y };
      }),
      range.start,
      range.end,
    );
    const drawn = model.rows.reduce((n, r) => n + r.values.filter((v) => v !== undefined).length, 0);
    const { raw } = this.state.counts();
    const caption =
      drawn < raw
        ? l10n.t({
            message: '{0} – {1}: the {2} points the chart draws (downsampled from {3} in range)',
            args: [formatTime(range.start), formatTime(range.end), drawn.toLocaleString(), raw.toLocaleString()],
            comment: ['{0} and {1} are times; {2} and {3} counts of points'],
          })
        : l10n.t({
            message: '{0} – {1}: all {2} points in range (none left out by downsampling)',
            args: [formatTime(range.start), formatTime(range.end), drawn.toLocaleString()],
            comment: ['{0} and {1} are times; {2} a count of points'],
          });
    const body = el('tbody');
    for (const row of model.rows) {
      body.append(
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, formatTime(row.time)),
          ...row.values.map((v) => el('td', {}, v === undefined ? '' : formatValue(v))),
        ),
      );
    }
    dataTable.append(
      el(
        'table',
        {},
        el('caption', {}, caption),
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', { scope: 'col' }, l10n.t('Time')),
            ...model.headings.map((h) => el('th', { scope: 'col' }, h)),
          ),
        ),
        body,
      ),
    );
    dataTable.dataset.rows = String(model.rows.length);
  }

  /** Says which unit each y-axis shows (the axes themselves are drawn on the canvas). */
  private describeAxes(units: Array<string | undefined>): void {
    const { axes } = assignUnitAxes(units);
    this.chartHost.dataset.yAxes = axes.map((a) => `${a.side}:${a.unit ?? ''}`).join('|');
    const described = axes.map((a) =>
      a.side === 'left'
        ? l10n.t('left axis: {0}', a.unit ?? l10n.t('no unit'))
        : l10n.t('right axis: {0}', a.unit ?? l10n.t('no unit')),
    );
    this.chartHost.setAttribute('aria-description', described.join('; '));
  }

  /** Fits the chart to its box. */
  resize(): void {
    this.chart?.setSize(this.chartSize());
  }

  showEmpty(text: string): void {
    this.chart?.destroy();
    this.chart = undefined;
    clear(this.chartHost);
    this.chartHost.hidden = true;
    this.dataTable.hidden = true;
    this.emptyBox.hidden = false;
    this.emptyBox.textContent = text;
  }

  renderLatest(): void {
    clear(this.latestList);
    for (const info of this.state.infos) {
      const p = this.state.latest.get(info.twinId);
      this.latestList.append(
        el(
          'li',
          {},
          el('span', { class: 'series-name' }, info.label),
          ': ',
          p
            ? l10n.t('{0} at {1}', `${formatValue(p.value)}${info.unit ? ` ${info.unit}` : ''}`, formatTime(p.time))
            : l10n.t('no value in the last hour'),
        ),
      );
    }
  }

  /** The preset buttons and the range fields show the state's range. */
  updateControls(): void {
    for (const b of this.presetButtons) {
      const pressed = b.dataset.preset === this.state.panel.preset;
      b.setAttribute('aria-pressed', String(pressed));
      b.secondary = !pressed;
    }
    this.startInput.value = new Date(this.state.range.start).toISOString();
    this.endInput.value = new Date(this.state.range.end).toISOString();
  }

  chartSize(): { width: number; height: number } {
    return {
      width: Math.max(300, this.chartHost.clientWidth || document.body.clientWidth - 24),
      height: Math.max(240, Math.round(window.innerHeight * 0.55)),
    };
  }
}
