// What the insights panel asks its host (insightsProtocol.ts): what the panel is for, a page of insights, one
// insight, opening a twin or a ticket, and a request file. Each answer goes into the state and is drawn by the view.
import * as l10n from '@vscode/l10n';
import type { HostBridge } from '../../shared/app/hostBridge';
import { errorMessage } from '../../shared/app/statusLine';
import type { InsightsMethods } from '../insightsProtocol';
import type { InsightsState } from './insightsState';
import { pageSummary, type InsightsView, type InsightsViewEvents } from './insightsView';

export class InsightsActions implements InsightsViewEvents {
  private loadGeneration = 0;
  private readonly view: InsightsView;

  /** `makeView` builds the page, which reports what the user asks to these actions. */
  constructor(
    private readonly bridge: HostBridge<InsightsMethods>,
    private readonly state: InsightsState,
    makeView: (events: InsightsViewEvents) => InsightsView,
  ) {
    this.view = makeView(this);
  }

  async start(): Promise<void> {
    const { state, view } = this;
    try {
      const init = await this.bridge.request('init', {});
      state.panel.connection = init.connection;
      state.panel.scopeTwinId = init.scopeTwinId;
      state.panel.scopeLabel = init.scopeLabel;
      view.showScope(init.scopeTwinId, init.scopeLabel);
      if (init.focusInsightId && !state.keptSelection) state.panel.selectedId = init.focusInsightId;
      await this.load();
      if (state.panel.selectedId) await this.showDetail(state.panel.selectedId);
    } catch (error) {
      view.status.set(l10n.t('Could not open insights: {0}', errorMessage(error)), true);
    }
  }

  queryChanged(): void {
    void this.load();
  }

  stateChanged(): void {
    this.bridge.setState(this.state.panel);
  }

  async load(): Promise<void> {
    const { state, view } = this;
    const generation = ++this.loadGeneration;
    view.syncControls();
    this.stateChanged();
    view.status.set(l10n.t('Loading…'));
    document.body.dataset.state = 'loading';
    try {
      const page = await this.bridge.request('list', state.query);
      if (generation !== this.loadGeneration) return;
      state.rows = page.rows;
      state.total = page.total;
      view.renderRows();
      view.renderPager(page.page, page.pageSize);
      const children = state.rows.reduce((n, r) => n + r.children.length, 0);
      view.status.set(
        state.total === 0 ? l10n.t('No insights match.') : pageSummary(state.rows.length, state.total, children),
      );
      document.body.dataset.state = 'ready';
    } catch (error) {
      if (generation !== this.loadGeneration) return;
      state.rows = [];
      view.renderRows();
      view.status.set(l10n.t('Could not load insights: {0}', errorMessage(error)), true);
      document.body.dataset.state = 'error';
    }
  }

  select(id: string): void {
    this.state.panel.selectedId = id;
    this.stateChanged();
    this.view.showSelection(id);
    void this.showDetail(id);
  }

  private async showDetail(id: string): Promise<void> {
    let insight = this.state.loadedInsight(id);
    if (!insight) {
      try {
        insight = await this.bridge.request('insight', { id });
      } catch (error) {
        this.view.showDetailError(l10n.t('Could not load insight {0}: {1}', id, errorMessage(error)));
        return;
      }
    }
    const { status } = this.view;
    this.view.renderDetail(insight, {
      twin: (twinId) => void status.run(this.bridge.request('openTwin', { twinId })),
      ticket: (ticketId) => void status.run(this.bridge.request('openTicket', { ticketId })),
    });
  }

  saveAsRequest(): void {
    void (async () => {
      try {
        const saved = await this.bridge.request('saveAsRequest', this.state.query);
        this.view.status.set(l10n.t('Saved as request "{0}" in {1}', saved.name, saved.file));
      } catch (error) {
        this.view.status.set(l10n.t('Save as request failed: {0}', errorMessage(error)), true);
      }
    })();
  }
}
