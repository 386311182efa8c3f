// Request results panel app: one tab per request of the latest run; its result as a sortable table
// (twins with their model's properties), as JSON, or as a chart for time series; "Load more" follows the
// service's paging; export to JSON or CSV; a twin's id opens the twin.
import '../../shared/app/installL10n';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../../shared/app/base.css';
import './style.css';
import type { Cell } from '../../../core/requestFiles/resultTable';
import type { ResultSort } from '../../../core/requestFiles/resultView';
import { countNoun } from '../../../shared/countNoun';
import { clear, el, onThemeChange } from '../../shared/app/dom';
import { HostBridge } from '../../shared/app/hostBridge';
import { seriesChartOptions } from '../../shared/app/seriesChart';
import { errorMessage, StatusLine } from '../../shared/app/statusLine';
import type {
  RequestResultsEvents,
  RequestResultsMethods,
  ResultDetail,
  ResultSummary,
} from '../requestResultsProtocol';

type View = 'table' | 'json' | 'chart';

const bridge = new HostBridge<RequestResultsMethods, RequestResultsEvents>();
let results: ResultSummary[] = [];
let selected: number | undefined;
let view: View = 'table';
let sort: ResultSort | undefined;
let detail: ResultDetail | undefined;
let chart: uPlot | undefined;
let generation = 0;

const fileLine = el('div', { class: 'muted', id: 'file' });
const tabs = el('div', { class: 'tabs', role: 'tablist', 'aria-label': l10n.t('Requests') });
const viewButtons: Record<View, HTMLButtonElement> = {
  table: el('button', { type: 'button', 'data-view': 'table' }, l10n.t('Table')),
  json: el('button', { type: 'button', 'data-view': 'json' }, l10n.t('JSON')),
  chart: el('button', { type: 'button', 'data-view': 'chart' }, l10n.t('Chart')),
};
const loadMoreButton = el('vscode-button', { id: 'load-more' }, l10n.t('Load more'));
const exportJsonButton = el('vscode-button', { id: 'export-json', secondary: true }, l10n.t('Export JSON'));
const exportCsvButton = el('vscode-button', { id: 'export-csv', secondary: true }, l10n.t('Export CSV'));
const status = new StatusLine();
const headRow = el('tr');
const tbody = el('tbody');
const table = el(
  'table',
  { class: 'results', id: 'results-table', 'aria-label': l10n.t('Result rows') },
  el('thead', {}, headRow),
  tbody,
);
const tableWrap = el('div', { class: 'table-wrap' }, table);
const jsonView = el('pre', { class: 'json', id: 'results-json', tabindex: 0 });
const chartHost = el('div', { class: 'chart', id: 'results-chart' });
const errorBox = el('div', { class: 'error-box', role: 'alert' });

document.body.append(
  fileLine,
  tabs,
  el(
    'div',
    { class: 'toolbar' },
    el(
      'div',
      { class: 'group', role: 'group', 'aria-label': l10n.t('View') },
      viewButtons.table,
      viewButtons.json,
      viewButtons.chart,
    ),
    el('div', { class: 'group' }, loadMoreButton, exportJsonButton, exportCsvButton),
  ),
  status.element,
  errorBox,
  tableWrap,
  jsonView,
  chartHost,
);

for (const [name, button] of Object.entries(viewButtons) as Array<[View, HTMLButtonElement]>) {
  button.addEventListener('click', () => {
    view = name;
    renderView();
  });
}
loadMoreButton.addEventListener('click', () => void loadMore());
exportJsonButton.addEventListener('click', () => void exportResult('json'));
exportCsvButton.addEventListener('click', () => void exportResult('csv'));
bridge.onEvent('changed', (data) => void refresh(data.selected));
onThemeChange(() => view === 'chart' && renderChart());
window.addEventListener('resize', () => chart?.setSize(chartSize()));

function stateText(result: ResultSummary): string {
  if (result.state === 'pending') return l10n.t('running…');
  if (result.state === 'error') return l10n.t('failed');
  const rows = result.rows === undefined ? '' : countNoun(result.rows, l10n.t('{0} row'), l10n.t('{0} rows'));
  return [rows, result.durationMs === undefined ? '' : l10n.t('{0} ms', result.durationMs)].filter(Boolean).join(' · ');
}

function renderTabs(): void {
  clear(tabs);
  for (const result of results) {
    const tab = el(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: `tab ${result.state}`,
        'aria-selected': result.id === selected ? 'true' : 'false',
        'data-name': result.name,
      },
      el('span', { class: 'name' }, result.name),
      ' ',
      el('span', { class: 'muted' }, stateText(result)),
    );
    tab.addEventListener('click', () => {
      if (selected === result.id) return;
      selected = result.id;
      sort = undefined;
      renderTabs();
      void loadSelected();
    });
    tabs.append(tab);
  }
}

async function refresh(select?: number): Promise<void> {
  try {
    const list = await bridge.request('list', {});
    results = list.results;
    fileLine.textContent = list.file;
    const stillThere = results.some((r) => r.id === selected);
    if (!stillThere) {
      selected = select ?? list.selected ?? results[0]?.id;
      sort = undefined;
    }
    renderTabs();
    const current = results.find((r) => r.id === selected);
    // A finished request shows its result once; a pending one waits for the next change.
    if (current && (!stillThere || detail?.id !== current.id)) await loadSelected();
    else if (!current) showState(l10n.t('No requests run yet.'));
  } catch (error) {
    status.set(errorMessage(error), true);
  }
}

function showState(text: string, isError = false): void {
  detail = undefined;
  errorBox.textContent = isError ? text : '';
  errorBox.hidden = !isError;
  status.set(isError ? '' : text);
  tableWrap.hidden = true;
  jsonView.hidden = true;
  chartHost.hidden = true;
  updateButtons();
  document.body.dataset.state = isError ? 'error' : 'waiting';
}

async function loadSelected(): Promise<void> {
  const result = results.find((r) => r.id === selected);
  if (!result) return;
  if (result.state === 'pending') return showState(l10n.t('Running "{0}"…', result.name));
  if (result.state === 'error' && result.rows === undefined)
    return showState(result.error ?? l10n.t('The request failed.'), true);
  const mine = ++generation;
  try {
    const answer = await bridge.request('result', { id: result.id, sort });
    if (mine !== generation) return;
    show(answer, result);
  } catch (error) {
    if (mine === generation) showState(errorMessage(error), true);
  }
}

function show(answer: ResultDetail, result: ResultSummary | undefined): void {
  detail = answer;
  errorBox.hidden = !result?.error;
  errorBox.textContent = result?.error ?? '';
  if (view === 'chart' && !answer.series.length) view = 'table';
  renderView();
  const shown =
    answer.rows.length < answer.totalRows
      ? l10n.t('showing the first {0} (sorting and export use every row)', answer.rows.length)
      : '';
  status.set(
    [
      countNoun(answer.totalRows, l10n.t('{0} row'), l10n.t('{0} rows')),
      shown,
      answer.hasMore ? l10n.t('more on the service') : '',
    ]
      .filter(Boolean)
      .join(' · '),
  );
  document.body.dataset.state = 'ready';
  document.body.dataset.rows = String(answer.totalRows);
  document.body.dataset.hasMore = String(answer.hasMore);
}

function updateButtons(): void {
  loadMoreButton.hidden = !detail?.hasMore;
  exportJsonButton.disabled = !detail;
  exportCsvButton.disabled = !detail;
  viewButtons.chart.hidden = !detail?.series.length;
  for (const [name, button] of Object.entries(viewButtons)) button.setAttribute('aria-pressed', String(name === view));
}

function renderView(): void {
  updateButtons();
  tableWrap.hidden = view !== 'table' || !detail;
  jsonView.hidden = view !== 'json' || !detail;
  chartHost.hidden = view !== 'chart' || !detail;
  if (!detail) return;
  if (view === 'table') renderTable(detail);
  else if (view === 'json') void renderJson(detail.id);
  else renderChart();
}

function cellText(value: Cell): string {
  return value === null ? '' : String(value);
}

function renderTable(answer: ResultDetail): void {
  clear(headRow);
  answer.columns.forEach((column, i) => {
    const button = el('button', { type: 'button', class: 'sort' }, column.label);
    button.addEventListener('click', () => {
      sort = { column: i, descending: sort?.column === i ? !sort.descending : false };
      void loadSelected();
    });
    const ariaSort = sort?.column === i ? (sort.descending ? 'descending' : 'ascending') : undefined;
    headRow.append(el('th', { scope: 'col', ...(ariaSort ? { 'aria-sort': ariaSort } : {}) }, button));
  });
  const fragment = document.createDocumentFragment();
  for (const row of answer.rows) {
    const tr = el('tr');
    row.forEach((value, i) => {
      const td = el('td', { title: cellText(value) });
      if (i === 0 && answer.kind === 'twins' && typeof value === 'string') {
        const link = el('button', { type: 'button', class: 'link' }, value);
        link.addEventListener(
          'click',
          () => void status.run(bridge.request('openTwin', { id: answer.id, twinId: value })),
        );
        td.append(link);
      } else {
        td.textContent = cellText(value);
        if (typeof value === 'number') td.classList.add('number');
      }
      tr.append(td);
    });
    fragment.append(tr);
  }
  clear(tbody);
  tbody.append(fragment);
}

async function renderJson(id: number): Promise<void> {
  jsonView.textContent = l10n.t('Loading…');
  try {
    const { text, clipped } = await bridge.request('json', { id });
    if (detail?.id !== id) return;
    jsonView.textContent = clipped ? `${text}\n… ${l10n.t('(clipped: export the result for all of it)')}` : text;
  } catch (error) {
    jsonView.textContent = errorMessage(error);
  }
}

function chartSize(): { width: number; height: number } {
  return {
    width: Math.max(300, document.body.clientWidth - 24),
    height: Math.max(220, Math.min(480, window.innerHeight - 160)),
  };
}

function renderChart(): void {
  if (!detail?.series.length) return;
  const series = detail.series;
  const data = uPlot.join(series.map((s) => [s.x, s.y] as uPlot.AlignedData));
  chart?.destroy();
  clear(chartHost);
  chart = new uPlot(
    seriesChartOptions({
      ...chartSize(),
      lines: series.map((s) => ({ label: s.label })),
      formatValue: (v) => String(Math.round(v * 1000) / 1000),
    }),
    data,
    chartHost,
  );
  const downsampled = series.some((s) => s.x.length < s.points);
  if (downsampled)
    chartHost.append(
      el(
        'div',
        { class: 'muted' },
        l10n.t(
          '{0} points drawn as {1} (the shape is kept)',
          series.reduce((n, s) => n + s.points, 0),
          series.reduce((n, s) => n + s.x.length, 0),
        ),
      ),
    );
}

async function loadMore(): Promise<void> {
  if (!detail) return;
  loadMoreButton.disabled = true;
  status.set(l10n.t('Loading the next page…'));
  try {
    const answer = await bridge.request('loadMore', { id: detail.id, sort });
    const list = await bridge.request('list', {});
    results = list.results;
    renderTabs();
    show(
      answer,
      results.find((r) => r.id === answer.id),
    );
  } catch (error) {
    status.set(errorMessage(error), true);
  } finally {
    loadMoreButton.disabled = false;
  }
}

async function exportResult(format: 'json' | 'csv'): Promise<void> {
  if (!detail) return;
  try {
    const answer = await bridge.request('exportResult', { id: detail.id, format });
    if ('path' in answer) status.set(l10n.t('Exported to {0}', answer.path));
  } catch (error) {
    status.set(errorMessage(error), true);
  }
}

void refresh();
