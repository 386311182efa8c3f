// Time series panel app: uPlot chart with range presets, drag zoom, pan, live mode and CSV export.
import '../../shared/app/installL10n';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../../shared/app/base.css';
import './style.css';
import {
  isRangePreset,
  parseRange,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  type TimeRange,
} from '../../../core/timeseries/timeRange';
import { countNoun } from '../../../shared/countNoun';
import type {
  LatestPoint,
  SeriesData,
  SeriesInfo,
  TimeSeriesMethods,
  TimeSeriesPanelState,
} from '../timeSeriesProtocol';
import { HostBridge } from '../../shared/app/hostBridge';
import { textField } from '../../shared/app/textField';
import { errorMessage, StatusLine } from '../../shared/app/statusLine';
import { clear, el, formatTime, onThemeChange } from '../../shared/app/dom';
import { seriesChartOptions } from '../../shared/app/seriesChart';
import { assignUnitAxes } from '../../shared/app/unitAxes';
import { dataTableModel } from './dataTableModel';

const LIVE_POLL_MS = 5000;
/** A resize refetches (the point budget follows the width) once it has settled and changed the width this much. */
const RESIZE_SETTLE_MS = 300;
const RESIZE_REFETCH_RATIO = 0.05;
const bridge = new HostBridge<TimeSeriesMethods>();
const state: TimeSeriesPanelState = { twinIds: [], preset: '24h', ...(bridge.getState<TimeSeriesPanelState>() ?? {}) };

let infos: SeriesInfo[] = [];
let current: SeriesData[] = [];
let range: TimeRange = initialRange();
let chart: uPlot | undefined;
let loadGeneration = 0;
let liveTimer: ReturnType<typeof setInterval> | undefined;
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
/** The chart width the shown data was downsampled for. */
let loadedWidth = 0;
const latest = new Map<string, LatestPoint>();
/** The range buttons' text; a translation may spell the units its own way. */
const PRESET_LABELS: Record<RangePreset, string> = {
  '1h': l10n.t({ message: '1h', comment: ['A range button: the last hour'] }),
  '24h': l10n.t({ message: '24h', comment: ['A range button: the last 24 hours'] }),
  '7d': l10n.t({ message: '7d', comment: ['A range button: the last 7 days'] }),
  '30d': l10n.t({ message: '30d', comment: ['A range button: the last 30 days'] }),
};

const presetButtons = RANGE_PRESETS.map((p) =>
  el('vscode-button', { 'data-preset': p, 'aria-pressed': 'false', secondary: true }, PRESET_LABELS[p]),
);
const startInput = textField(l10n.t('Custom range start (ISO 8601)'), {
  class: 'time',
  placeholder: '2024-10-01T00:00:00Z',
});
const endInput = textField(l10n.t('Custom range end (ISO 8601)'), {
  class: 'time',
  placeholder: '2024-10-02T00:00:00Z',
});
const applyButton = el('vscode-button', { secondary: true }, l10n.t('Apply'));
const panLeft = el(
  'vscode-button',
  { secondary: true, title: l10n.t('Pan left (←)'), 'aria-label': l10n.t('Pan left') },
  '◀',
);
const panRight = el(
  'vscode-button',
  { secondary: true, title: l10n.t('Pan right (→)'), 'aria-label': l10n.t('Pan right') },
  '▶',
);
const zoomOut = el('vscode-button', { secondary: true, title: l10n.t('Zoom out (-)') }, l10n.t('Zoom out'));
const liveBox = el('vscode-checkbox', { id: 'live', label: l10n.t('Live') });
const exportButton = el('vscode-button', { secondary: true }, l10n.t('Export CSV'));
const tableButton = el(
  'vscode-button',
  {
    secondary: true,
    id: 'data-table-toggle',
    'aria-pressed': 'false',
    title: l10n.t('Show the drawn points of the visible range as a table'),
  },
  l10n.t('Data table'),
);
const saveRequestButton = el(
  'vscode-button',
  { secondary: true, id: 'save-request', title: l10n.t('Write the request that reads this range into a request file') },
  l10n.t('Save as Request'),
);
const status = new StatusLine();
const chartHost = el('div', {
  class: 'chart',
  tabindex: 0,
  'aria-label': l10n.t('Time series chart. Arrow keys pan, + and - zoom, drag to zoom with the mouse.'),
});
const emptyBox = el('div', { class: 'empty', hidden: true });
const dataTable = el('section', {
  class: 'data-table',
  hidden: true,
  'aria-label': l10n.t('Data table of the visible range'),
});
const latestList = el('ul', { class: 'latest', 'aria-label': l10n.t('Latest value per series') });

document.body.append(
  el(
    'div',
    { class: 'toolbar' },
    el('div', { class: 'group', role: 'group', 'aria-label': l10n.t('Range presets') }, ...presetButtons),
    el(
      'div',
      { class: 'group', role: 'group', 'aria-label': l10n.t('Custom range') },
      startInput,
      el('span', {}, '–'),
      endInput,
      applyButton,
    ),
    el('div', { class: 'group' }, panLeft, panRight, zoomOut),
    liveBox,
    exportButton,
    tableButton,
    saveRequestButton,
  ),
  status.element,
  chartHost,
  emptyBox,
  dataTable,
  el('h3', {}, l10n.t('Latest values')),
  latestList,
);

presetButtons.forEach((b) => b.addEventListener('click', () => choosePreset(b.dataset.preset as RangePreset)));
applyButton.addEventListener('click', applyCustomRange);
for (const input of [startInput, endInput])
  input.addEventListener('keydown', (e) => e.key === 'Enter' && applyCustomRange());
panLeft.addEventListener('click', () => pan(-0.25));
panRight.addEventListener('click', () => pan(0.25));
zoomOut.addEventListener('click', () => zoom(2));
liveBox.addEventListener('change', () => setLive(liveBox.checked));
exportButton.addEventListener('click', exportVisible);
saveRequestButton.addEventListener('click', () => void saveVisibleAsRequest());
tableButton.addEventListener('click', () => {
  state.table = !state.table;
  saveState();
  renderDataTable();
});
chartHost.addEventListener('keydown', (e) => {
  const actions: Record<string, () => void> = {
    ArrowLeft: () => pan(-0.1),
    ArrowRight: () => pan(0.1),
    '+': () => zoom(0.5),
    '=': () => zoom(0.5),
    '-': () => zoom(2),
  };
  const action = actions[e.key];
  if (action) {
    e.preventDefault();
    action();
  }
});
new ResizeObserver(onResize).observe(chartHost);
onThemeChange(() => render());

void start();

async function start(): Promise<void> {
  status.set(l10n.t('Loading series…'));
  try {
    const init = await bridge.request('init', {});
    infos = init.series;
    state.twinIds = init.twinIds;
    state.connection = init.connection;
    saveState();
    if (init.errors.length) status.set(init.errors.join('; '), true);
    if (!infos.length) {
      showEmpty(l10n.t('None of the requested twins exist, so there is nothing to chart.'));
      return;
    }
    liveBox.checked = !!state.live;
    await Promise.all([load(), refreshLatest()]);
    if (state.live) setLive(true);
  } catch (error) {
    status.set(l10n.t('Could not open the time series: {0}', errorMessage(error)), true);
  }
}

function initialRange(): TimeRange {
  if (state.range && state.range.start < state.range.end) return state.range;
  return presetRange(isRangePreset(state.preset) ? state.preset : '24h');
}

function choosePreset(preset: RangePreset): void {
  state.preset = preset;
  range = presetRange(preset);
  state.range = undefined;
  void load();
}

function applyCustomRange(): void {
  try {
    range = parseRange(startInput.value.trim(), endInput.value.trim());
  } catch (error) {
    status.set(errorMessage(error), true);
    return;
  }
  state.preset = undefined;
  state.range = range;
  void load();
}

function pan(fraction: number): void {
  const shift = (range.end - range.start) * fraction;
  setRange({ start: range.start + shift, end: range.end + shift });
}

function zoom(factor: number): void {
  const middle = (range.start + range.end) / 2;
  const half = ((range.end - range.start) * factor) / 2;
  setRange({ start: Math.round(middle - half), end: Math.round(middle + half) });
}

function setRange(next: TimeRange): void {
  range = { start: Math.round(next.start), end: Math.round(next.end) };
  state.preset = undefined;
  state.range = range;
  void load();
}

async function load(): Promise<void> {
  const generation = ++loadGeneration;
  updateControls();
  saveState();
  status.set(l10n.t('Loading {0} – {1}…', formatTime(range.start), formatTime(range.end)));
  document.body.dataset.state = 'loading';
  try {
    const width = chartSize().width;
    const result = await bridge.request('load', { start: range.start, end: range.end, width });
    if (generation !== loadGeneration) return;
    loadedWidth = width;
    document.body.dataset.chartWidth = String(width);
    current = result.series;
    const raw = current.reduce((n, s) => n + s.rawCount, 0);
    const shown = current.reduce((n, s) => n + s.x.length, 0);
    const problems = result.errors.map((e) => `${e.twinId}: ${e.message}`);
    if (raw === 0) {
      showEmpty(
        l10n.t('No data between {0} and {1}. Try a longer range.', formatTime(range.start), formatTime(range.end)),
      );
      status.set(problems.join('; '), problems.length > 0);
    } else {
      render();
      const points = countNoun(raw, l10n.t('{0} point'), l10n.t('{0} points'));
      const summary = l10n.t({
        message: '{0} in range, {1} drawn',
        args: [points, shown.toLocaleString()],
        comment: ['{0} is "1,204 points", {1} how many of them the chart draws'],
      });
      status.set(problems.length ? problems.join('; ') : summary, problems.length > 0);
    }
    for (const s of current) {
      const n = s.x.length;
      if (n && !latest.has(s.twinId)) latest.set(s.twinId, { twinId: s.twinId, time: s.x[n - 1], value: s.y[n - 1] });
    }
    renderLatest();
    document.body.dataset.pointCount = String(shown);
    document.body.dataset.state = raw === 0 ? 'empty' : 'ready';
  } catch (error) {
    if (generation !== loadGeneration) return;
    showEmpty(l10n.t('Could not load the time series: {0}', errorMessage(error)));
    status.set(errorMessage(error), true);
    document.body.dataset.state = 'error';
  }
}

function render(): void {
  if (!current.some((s) => s.x.length)) return;
  emptyBox.hidden = true;
  chartHost.hidden = false;
  const data = uPlot.join(current.map((s) => [s.x, s.y] as uPlot.AlignedData));
  const lines = current.map((s) => {
    const info = infos.find((x) => x.twinId === s.twinId);
    return { label: info?.label ?? s.twinId, unit: info?.unit };
  });
  // Drag selects a span (setScale is off); the host then fetches that finer range.
  const opts = seriesChartOptions({
    ...chartSize(),
    lines,
    formatValue,
    onSelect: (start, end) => setRange({ start, end }),
  });
  chart?.destroy();
  clear(chartHost);
  chart = new uPlot(opts, data, chartHost);
  chart.setScale('x', { min: range.start, max: range.end });
  describeAxes(lines.map((l) => l.unit));
  renderDataTable();
}

/** The points the chart draws in the visible range (the downsampled ones, as the caption says), as a native table. */
function renderDataTable(): void {
  tableButton.setAttribute('aria-pressed', String(!!state.table));
  tableButton.secondary = !state.table;
  dataTable.hidden = !state.table || chartHost.hidden;
  clear(dataTable);
  if (dataTable.hidden) return;
  const model = dataTableModel(
    current.map((s) => {
      const info = infos.find((x) => x.twinId === s.twinId);
      const label = info?.label ?? s.twinId;
      return { heading: info?.unit ? `${label} [${info.unit}]` : label, x: s.x, y: s.y };
    }),
    range.start,
    range.end,
  );
  const drawn = model.rows.reduce((n, r) => n + r.values.filter((v) => v !== undefined).length, 0);
  const raw = current.reduce((n, s) => n + s.rawCount, 0);
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
function describeAxes(units: Array<string | undefined>): void {
  const { axes } = assignUnitAxes(units);
  chartHost.dataset.yAxes = axes.map((a) => `${a.side}:${a.unit ?? ''}`).join('|');
  const described = axes.map((a) =>
    a.side === 'left'
      ? l10n.t('left axis: {0}', a.unit ?? l10n.t('no unit'))
      : l10n.t('right axis: {0}', a.unit ?? l10n.t('no unit')),
  );
  chartHost.setAttribute('aria-description', described.join('; '));
}

function onResize(): void {
  chart?.setSize(chartSize());
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    const width = chartSize().width;
    if (chart && loadedWidth && Math.abs(width - loadedWidth) / loadedWidth > RESIZE_REFETCH_RATIO) void load();
  }, RESIZE_SETTLE_MS);
}

function showEmpty(text: string): void {
  chart?.destroy();
  chart = undefined;
  clear(chartHost);
  chartHost.hidden = true;
  dataTable.hidden = true;
  emptyBox.hidden = false;
  emptyBox.textContent = text;
}

async function refreshLatest(): Promise<LatestPoint[]> {
  const { points } = await bridge.request('latest', {});
  for (const p of points) latest.set(p.twinId, p);
  renderLatest();
  return points;
}

function renderLatest(): void {
  clear(latestList);
  for (const info of infos) {
    const p = latest.get(info.twinId);
    latestList.append(
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

function setLive(on: boolean): void {
  state.live = on;
  saveState();
  clearInterval(liveTimer);
  liveTimer = undefined;
  if (!on) return;
  liveTimer = setInterval(() => void poll(), LIVE_POLL_MS);
}

async function poll(): Promise<void> {
  try {
    const points = await refreshLatest();
    let appended = false;
    for (const p of points) {
      const series = current.find((s) => s.twinId === p.twinId);
      if (!series || (series.x.length && p.time <= series.x[series.x.length - 1])) continue;
      series.x.push(p.time);
      series.y.push(p.value);
      series.rawCount++;
      appended = true;
      if (p.time >= range.end) range = { start: range.start, end: p.time + 1 };
    }
    if (appended) {
      render();
      document.body.dataset.pointCount = String(current.reduce((n, s) => n + s.x.length, 0));
    }
  } catch (error) {
    status.set(l10n.t('Live update failed: {0}', errorMessage(error)), true);
  }
}

async function exportVisible(): Promise<void> {
  const start = chart?.scales.x.min ?? range.start;
  const end = chart?.scales.x.max ?? range.end;
  status.set(l10n.t('Exporting…'));
  try {
    const result = await bridge.request('exportCsv', { start: Math.floor(start), end: Math.ceil(end) + 1 });
    status.set(
      'cancelled' in result
        ? l10n.t('Export cancelled')
        : l10n.t('Exported {0} to {1}', countNoun(result.rows, l10n.t('{0} row'), l10n.t('{0} rows')), result.path),
    );
  } catch (error) {
    status.set(l10n.t('Export failed: {0}', errorMessage(error)), true);
  }
}

async function saveVisibleAsRequest(): Promise<void> {
  const start = chart?.scales.x.min ?? range.start;
  const end = chart?.scales.x.max ?? range.end;
  try {
    const saved = await bridge.request('saveAsRequest', { start: Math.floor(start), end: Math.ceil(end) });
    status.set(l10n.t('Saved as request "{0}" in {1}', saved.name, saved.file));
  } catch (error) {
    status.set(l10n.t('Save as request failed: {0}', errorMessage(error)), true);
  }
}

function updateControls(): void {
  for (const b of presetButtons) {
    const pressed = b.dataset.preset === state.preset;
    b.setAttribute('aria-pressed', String(pressed));
    b.secondary = !pressed;
  }
  startInput.value = new Date(range.start).toISOString();
  endInput.value = new Date(range.end).toISOString();
}

function chartSize(): { width: number; height: number } {
  return {
    width: Math.max(300, chartHost.clientWidth || document.body.clientWidth - 24),
    height: Math.max(240, Math.round(window.innerHeight * 0.55)),
  };
}

function saveState(): void {
  bridge.setState(state);
}

function formatValue(v: number): string {
  return Math.abs(v) >= 1000 || Number.isInteger(v) ? v.toLocaleString() : v.toFixed(2);
}
