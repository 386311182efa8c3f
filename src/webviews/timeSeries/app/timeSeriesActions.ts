// What the time series panel asks its host (timeSeriesProtocol.ts): the series, a range's points, the latest
// values, a CSV export and a request file. Each answer goes into the state and is drawn by the view.
import * as l10n from '@vscode/l10n';
import { parseRange } from '../../../core/timeSeries/timeRange';
import { countText } from '../../../shared/countText';
import type { HostBridge } from '../../shared/app/hostBridge';
import { errorMessage } from '../../shared/app/statusLine';
import { formatTime } from '../../shared/app/dom';
import type { LatestPoint, TimeSeriesMethods } from '../timeSeriesProtocol';
import type { TimeSeriesState } from './timeSeriesState';
import type { TimeSeriesView } from './timeSeriesView';

const LIVE_POLL_MS = 5000;
/** A resize refetches (the point budget follows the width) once it has settled and changed the width this much. */
const RESIZE_SETTLE_MS = 300;
const RESIZE_REFETCH_RATIO = 0.05;

export class TimeSeriesActions {
  private loadGeneration = 0;
  private liveTimer: ReturnType<typeof setInterval> | undefined;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly bridge: HostBridge<TimeSeriesMethods>,
    private readonly state: TimeSeriesState,
    private readonly view: TimeSeriesView,
  ) {}

  async start(): Promise<void> {
    const { state, view } = this;
    view.status.set(l10n.t('Loading series…'));
    try {
      const init = await this.bridge.request('init', {});
      state.infos = init.series;
      state.panel.twinIds = init.twinIds;
      state.panel.connection = init.connection;
      this.saveState();
      if (init.errors.length) view.status.set(init.errors.join('; '), true);
      if (!state.infos.length) {
        view.showEmpty(l10n.t('None of the requested twins exist, so there is nothing to chart.'));
        return;
      }
      view.liveBox.checked = !!state.panel.live;
      await Promise.all([this.load(), this.refreshLatest()]);
      if (state.panel.live) this.setLive(true);
    } catch (error) {
      view.status.set(l10n.t('Could not open the time series: {0}', errorMessage(error)), true);
    }
  }

  /** Runs a change of the range (a preset, pan, zoom, a drag) and loads the new range. */
  moveRange(change: (state: TimeSeriesState) => void): void {
    change(this.state);
    void this.load();
  }

  applyCustomRange(): void {
    try {
      const range = parseRange(this.view.startInput.value.trim(), this.view.endInput.value.trim());
      this.moveRange((state) => state.setRange(range));
    } catch (error) {
      this.view.status.set(errorMessage(error), true);
    }
  }

  toggleTable(): void {
    this.state.panel.table = !this.state.panel.table;
    this.saveState();
    this.view.renderDataTable();
  }

  async load(): Promise<void> {
    const { state, view } = this;
    const generation = ++this.loadGeneration;
    view.updateControls();
    this.saveState();
    const { range } = state;
    view.status.set(l10n.t('Loading {0} – {1}…', formatTime(range.start), formatTime(range.end)));
    document.body.dataset.state = 'loading';
    try {
      const width = view.chartSize().width;
      const result = await this.bridge.request('load', { start: range.start, end: range.end, width });
      if (generation !== this.loadGeneration) return;
      document.body.dataset.chartWidth = String(width);
      state.loaded(result.series, width);
      const { raw, shown } = state.counts();
      const problems = result.errors.map((e) => `${e.twinId}: ${e.message}`);
      if (raw === 0) {
        view.showEmpty(
          l10n.t('No data between {0} and {1}. Try a longer range.', formatTime(range.start), formatTime(range.end)),
        );
        view.status.set(problems.join('; '), problems.length > 0);
      } else {
        this.render();
        const points = countText(raw, { one: l10n.t('{0} point'), other: l10n.t('{0} points') });
        const summary = l10n.t({
          message: '{0} in range, {1} drawn',
          args: [points, shown.toLocaleString()],
          comment: ['{0} is "1,204 points", {1} how many of them the chart draws'],
        });
        view.status.set(problems.length ? problems.join('; ') : summary, problems.length > 0);
      }
      view.renderLatest();
      document.body.dataset.pointCount = String(shown);
      document.body.dataset.state = raw === 0 ? 'empty' : 'ready';
    } catch (error) {
      if (generation !== this.loadGeneration) return;
      view.showEmpty(l10n.t('Could not load the time series: {0}', errorMessage(error)));
      view.status.set(errorMessage(error), true);
      document.body.dataset.state = 'error';
    }
  }

  /** Draws the chart again (a load, a live point, a theme change); a drag on it loads the span it selects. */
  render(): void {
    this.view.render((start, end) => this.moveRange((state) => state.setRange({ start, end })));
  }

  onResize(): void {
    this.view.resize();
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => {
      const width = this.view.chartSize().width;
      const { loadedWidth } = this.state;
      if (this.view.charted && loadedWidth && Math.abs(width - loadedWidth) / loadedWidth > RESIZE_REFETCH_RATIO)
        void this.load();
    }, RESIZE_SETTLE_MS);
  }

  private async refreshLatest(): Promise<LatestPoint[]> {
    const { points } = await this.bridge.request('latest', {});
    this.state.rememberLatest(points);
    this.view.renderLatest();
    return points;
  }

  setLive(on: boolean): void {
    this.state.panel.live = on;
    this.saveState();
    clearInterval(this.liveTimer);
    this.liveTimer = undefined;
    // The status line says the panel is polling, for as long as it does.
    document.body.classList.toggle('live', on);
    this.view.status.set(on ? l10n.t('Live: new values are read every {0} s', LIVE_POLL_MS / 1000) : '');
    if (!on) return;
    this.liveTimer = setInterval(() => void this.poll(), LIVE_POLL_MS);
  }

  private async poll(): Promise<void> {
    try {
      const points = await this.refreshLatest();
      if (this.state.appendLatest(points)) {
        this.render();
        document.body.dataset.pointCount = String(this.state.counts().shown);
      }
    } catch (error) {
      this.view.status.set(l10n.t('Live update failed: {0}', errorMessage(error)), true);
    }
  }

  async exportVisible(): Promise<void> {
    const { start, end } = this.view.visibleSpan();
    this.view.status.set(l10n.t('Exporting…'));
    try {
      const result = await this.bridge.request('exportCsv', { start: Math.floor(start), end: Math.ceil(end) + 1 });
      this.view.status.set(
        'cancelled' in result
          ? l10n.t('Export cancelled')
          : l10n.t(
              'Exported {0} to {1}',
              countText(result.rows, { one: l10n.t('{0} row'), other: l10n.t('{0} rows') }),
              result.path,
            ),
      );
    } catch (error) {
      this.view.status.set(l10n.t('Export failed: {0}', errorMessage(error)), true);
    }
  }

  async saveVisibleAsRequest(): Promise<void> {
    const { start, end } = this.view.visibleSpan();
    try {
      const saved = await this.bridge.request('saveAsRequest', { start: Math.floor(start), end: Math.ceil(end) });
      this.view.status.set(l10n.t('Saved as request "{0}" in {1}', saved.name, saved.file));
    } catch (error) {
      this.view.status.set(l10n.t('Save as request failed: {0}', errorMessage(error)), true);
    }
  }

  private saveState(): void {
    this.bridge.setState(this.state.panel);
  }
}
