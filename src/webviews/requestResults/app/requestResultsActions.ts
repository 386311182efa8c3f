// What the request results panel asks its host (requestResultsProtocol.ts): the run's requests, a result (sorted),
// its JSON, the next page, an export, a twin to open. Each answer goes into the state and is drawn by the view.
import * as l10n from '@vscode/l10n';
import type { HostBridge } from '../../shared/app/hostBridge';
import { errorMessage } from '../../shared/app/statusLine';
import type { RequestResultsEvents, RequestResultsMethods } from '../requestResultsProtocol';
import { resultStatusText, type RequestResultsState } from './requestResultsState';
import type { RequestResultsView, RequestResultsViewEvents } from './requestResultsView';

export class RequestResultsActions implements RequestResultsViewEvents {
  readonly view: RequestResultsView;

  constructor(
    private readonly bridge: HostBridge<RequestResultsMethods, RequestResultsEvents>,
    private readonly state: RequestResultsState,
    createView: (events: RequestResultsViewEvents) => RequestResultsView,
  ) {
    this.view = createView(this);
  }

  /** Reads the run's requests; `select` is the request the host asks to show (a run that just started). */
  async refresh(select?: number): Promise<void> {
    const { state, view } = this;
    try {
      const list = await this.bridge.request('list', {});
      const load = state.listed(list.results, select, list.selected);
      view.showFile(list.file);
      view.renderTabs();
      // A finished request shows its result once; a pending one waits for the next change.
      if (load) await this.loadSelected();
      else if (!state.current()) this.showState(l10n.t('No requests run yet.'));
    } catch (error) {
      view.status.set(errorMessage(error), true);
    }
  }

  selectRequest(id: number): void {
    if (!this.state.select(id)) return;
    this.view.renderTabs();
    void this.loadSelected();
  }

  sortByColumn(column: number): void {
    this.state.sortByColumn(column);
    void this.loadSelected();
  }

  openTwin(id: number, twinId: string): void {
    void this.view.status.run(this.bridge.request('openTwin', { id, twinId }));
  }

  async showJson(id: number): Promise<void> {
    this.view.showJson(l10n.t('Loading…'));
    try {
      const { text, clipped } = await this.bridge.request('json', { id });
      if (this.state.detail?.id !== id) return;
      this.view.showJson(clipped ? `${text}\n… ${l10n.t('(clipped: export the result for all of it)')}` : text);
    } catch (error) {
      this.view.showJson(errorMessage(error));
    }
  }

  async loadMore(): Promise<void> {
    const { state, view } = this;
    if (!state.detail) return;
    view.loadMoreButton.disabled = true;
    view.status.set(l10n.t('Loading the next page…'));
    try {
      const answer = await this.bridge.request('loadMore', { id: state.detail.id, sort: state.sort });
      const list = await this.bridge.request('list', {});
      state.results = list.results;
      view.renderTabs();
      state.showResult(answer);
      view.showResult(resultStatusText(answer), state.results.find((r) => r.id === answer.id)?.error);
    } catch (error) {
      view.status.set(errorMessage(error), true);
    } finally {
      view.loadMoreButton.disabled = false;
    }
  }

  async exportResult(format: 'json' | 'csv'): Promise<void> {
    if (!this.state.detail) return;
    try {
      const answer = await this.bridge.request('exportResult', { id: this.state.detail.id, format });
      if ('path' in answer) this.view.status.set(l10n.t('Exported to {0}', answer.path));
    } catch (error) {
      this.view.status.set(errorMessage(error), true);
    }
  }

  async changeTwins(): Promise<void> {
    if (!this.state.detail) return;
    try {
      await this.bridge.request('changeTwins', { id: this.state.detail.id });
    } catch (error) {
      this.view.status.set(errorMessage(error), true);
    }
  }

  private async loadSelected(): Promise<void> {
    const { state, view } = this;
    const result = state.current();
    if (!result) return;
    if (result.state === 'pending') return this.showState(l10n.t('Running "{0}"…', result.name));
    if (result.state === 'error' && result.rows === undefined)
      return this.showState(result.error ?? l10n.t('The request failed.'), true);
    const load = state.startLoad();
    try {
      const answer = await this.bridge.request('result', { id: result.id, sort: state.sort });
      if (!state.isLatest(load)) return;
      state.showResult(answer);
      view.showResult(resultStatusText(answer), result.error);
    } catch (error) {
      if (state.isLatest(load)) this.showState(errorMessage(error), true);
    }
  }

  private showState(text: string, isError = false): void {
    this.state.clearResult();
    this.view.showState(text, isError);
  }
}
