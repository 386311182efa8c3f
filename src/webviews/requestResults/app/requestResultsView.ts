// The request results panel's page: the file line, a tab per request, the view and export buttons, and the table,
// JSON and chart of the selected result, built once; the render functions draw a RequestResultsState into them.
// No host messages (requestResultsActions.ts): what the user asks for goes to the events.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import { clear, el } from '../../shared/app/dom';
import { seriesChartOptions, titleLegendLabels } from '../../shared/app/seriesChart';
import { StatusLine } from '../../shared/app/statusLine';
import type { ResultDetail } from '../requestResultsProtocol';
import {
  cellText,
  downsampleNote,
  RESULT_VIEWS,
  resultStateText,
  type RequestResultsState,
  type ResultView,
} from './requestResultsState';

/** What the page asks of its host side. */
export interface RequestResultsViewEvents {
  selectRequest(id: number): void;
  sortByColumn(column: number): void;
  /** The JSON view was chosen: its text is to be read. */
  showJson(id: number): Promise<void>;
  openTwin(id: number, twinId: string): void;
  loadMore(): Promise<void>;
  exportResult(format: 'json' | 'csv'): Promise<void>;
  changeTwins(): Promise<void>;
}

const VIEW_LABELS: Record<ResultView, string> = {
  table: l10n.t('Table'),
  json: l10n.t('JSON'),
  chart: l10n.t('Chart'),
};

export class RequestResultsView {
  readonly status = new StatusLine();
  readonly loadMoreButton = el('vscode-button', { id: 'load-more' }, l10n.t('Load more'));
  private readonly fileLine = el('div', { class: 'muted', id: 'file' });
  private readonly tabs = el('div', { class: 'tabs', role: 'tablist', 'aria-label': l10n.t('Requests') });
  private readonly viewButtons = Object.fromEntries(
    RESULT_VIEWS.map((v) => [v, el('button', { type: 'button', 'data-view': v }, VIEW_LABELS[v])]),
  ) as Record<ResultView, HTMLButtonElement>;
  private readonly exportJsonButton = el(
    'vscode-button',
    { id: 'export-json', secondary: true },
    l10n.t('Export JSON'),
  );
  private readonly exportCsvButton = el('vscode-button', { id: 'export-csv', secondary: true }, l10n.t('Export CSV'));
  private readonly changeTwinsButton = el(
    'vscode-button',
    { id: 'change-twins', secondary: true },
    l10n.t('Change These Twins…'),
  );
  private readonly headRow = el('tr');
  private readonly tbody = el('tbody');
  private readonly tableWrap = el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      { class: 'results', id: 'results-table', 'aria-label': l10n.t('Result rows') },
      el('thead', {}, this.headRow),
      this.tbody,
    ),
  );
  private readonly jsonView = el('pre', { class: 'json', id: 'results-json', tabindex: 0 });
  readonly chartHost = el('div', { class: 'chart', id: 'results-chart' });
  private readonly errorBox = el('div', { class: 'error-box', role: 'alert' });
  private chart: uPlot | undefined;

  constructor(
    private readonly state: RequestResultsState,
    private readonly events: RequestResultsViewEvents,
  ) {
    document.body.append(
      this.fileLine,
      this.tabs,
      el(
        'div',
        { class: 'toolbar' },
        el(
          'div',
          { class: 'group', role: 'group', 'aria-label': l10n.t('View') },
          ...RESULT_VIEWS.map((v) => this.viewButtons[v]),
        ),
        el(
          'div',
          { class: 'group' },
          this.loadMoreButton,
          this.exportJsonButton,
          this.exportCsvButton,
          this.changeTwinsButton,
        ),
      ),
      this.status.element,
      this.errorBox,
      this.tableWrap,
      this.jsonView,
      this.chartHost,
    );
    for (const v of RESULT_VIEWS)
      this.viewButtons[v].addEventListener('click', () => {
        state.view = v;
        this.renderView();
      });
    this.loadMoreButton.addEventListener('click', () => void events.loadMore());
    this.exportJsonButton.addEventListener('click', () => void events.exportResult('json'));
    this.exportCsvButton.addEventListener('click', () => void events.exportResult('csv'));
    this.changeTwinsButton.addEventListener('click', () => void events.changeTwins());
  }

  showFile(file: string): void {
    this.fileLine.textContent = file;
  }

  renderTabs(): void {
    clear(this.tabs);
    for (const result of this.state.results) {
      const tab = el(
        'button',
        {
          type: 'button',
          role: 'tab',
          class: `tab ${result.state}`,
          'aria-selected': result.id === this.state.selected ? 'true' : 'false',
          'data-name': result.name,
          title: result.name,
        },
        el('span', { class: 'name' }, result.name),
        ' ',
        el('span', { class: 'muted' }, resultStateText(result)),
      );
      tab.addEventListener('click', () => this.events.selectRequest(result.id));
      this.tabs.append(tab);
    }
  }

  /** No result to show: a note (the request runs, none ran) or the request's error. */
  showState(text: string, isError = false): void {
    this.errorBox.textContent = isError ? text : '';
    this.errorBox.hidden = !isError;
    this.status.set(isError ? '' : text);
    this.tableWrap.hidden = true;
    this.jsonView.hidden = true;
    this.chartHost.hidden = true;
    this.updateButtons();
    document.body.dataset.state = isError ? 'error' : 'waiting';
  }

  /** The state's result, with the request's error (a later page that failed) above it. */
  showResult(status: string, error: string | undefined): void {
    const { detail } = this.state;
    this.errorBox.hidden = !error;
    this.errorBox.textContent = error ?? '';
    this.renderView();
    this.status.set(status);
    document.body.dataset.state = 'ready';
    document.body.dataset.rows = String(detail?.totalRows ?? 0);
    document.body.dataset.hasMore = String(detail?.hasMore ?? false);
  }

  showJson(text: string): void {
    this.jsonView.textContent = text;
  }

  /** Redraws the chart at the panel's width (a resize, a theme change). */
  redrawChart(): void {
    if (this.state.view === 'chart') this.renderChart();
  }

  resizeChart(): void {
    this.chart?.setSize(this.chartSize());
  }

  private updateButtons(): void {
    const { detail, view } = this.state;
    this.loadMoreButton.hidden = !detail?.hasMore;
    this.exportJsonButton.disabled = !detail;
    this.exportCsvButton.disabled = !detail;
    this.changeTwinsButton.hidden = detail?.kind !== 'twins' || detail.totalRows === 0;
    this.viewButtons.chart.hidden = !detail?.series.length;
    for (const v of RESULT_VIEWS) this.viewButtons[v].setAttribute('aria-pressed', String(v === view));
  }

  private renderView(): void {
    const { detail, view } = this.state;
    this.updateButtons();
    this.tableWrap.hidden = view !== 'table' || !detail;
    this.jsonView.hidden = view !== 'json' || !detail;
    this.chartHost.hidden = view !== 'chart' || !detail;
    if (!detail) return;
    if (view === 'table') this.renderTable(detail);
    else if (view === 'json') void this.events.showJson(detail.id);
    else this.renderChart();
  }

  private renderTable(answer: ResultDetail): void {
    clear(this.headRow);
    answer.columns.forEach((column, i) => {
      const button = el('button', { type: 'button', class: 'sort', title: column.label }, column.label);
      button.addEventListener('click', () => this.events.sortByColumn(i));
      const ariaSort = this.state.sortOf(i);
      this.headRow.append(el('th', { scope: 'col', ...(ariaSort ? { 'aria-sort': ariaSort } : {}) }, button));
    });
    const fragment = document.createDocumentFragment();
    for (const row of answer.rows) {
      const tr = el('tr');
      row.forEach((value, i) => {
        const td = el('td', { title: cellText(value) });
        if (i === 0 && answer.kind === 'twins' && typeof value === 'string') {
          const link = el('button', { type: 'button', class: 'link' }, value);
          link.addEventListener('click', () => this.events.openTwin(answer.id, value));
          td.append(link);
        } else {
          td.textContent = cellText(value);
          if (typeof value === 'number') td.classList.add('number');
        }
        tr.append(td);
      });
      fragment.append(tr);
    }
    clear(this.tbody);
    this.tbody.append(fragment);
  }

  private chartSize(): { width: number; height: number } {
    return {
      width: Math.max(300, this.chartHost.clientWidth || document.body.clientWidth - 24),
      height: Math.max(220, Math.min(480, window.innerHeight - 160)),
    };
  }

  private renderChart(): void {
    const series = this.state.detail?.series;
    if (!series?.length) return;
    const data = uPlot.join(series.map((s) => [s.x, s.y] as uPlot.AlignedData));
    this.chart?.destroy();
    clear(this.chartHost);
    this.chart = new uPlot(
      seriesChartOptions({
        ...this.chartSize(),
        lines: series.map((s) => ({ label: s.label })),
        formatValue: (v) => String(Math.round(v * 1000) / 1000),
      }),
      data,
      this.chartHost,
    );
    titleLegendLabels(this.chart);
    const note = downsampleNote(series);
    if (note) this.chartHost.append(el('div', { class: 'muted' }, note));
  }
}
