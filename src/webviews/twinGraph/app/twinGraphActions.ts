// What the twin graph panel asks its host (twinGraphProtocol.ts): its roots and hops, the graph around a twin (for
// the roots, each expansion and each reroot), a twin to open. Each answer is merged into the state and drawn.
import * as l10n from '@vscode/l10n';
import { countText } from '../../../shared/countText';
import type { HostBridge } from '../../shared/app/hostBridge';
import { errorMessage } from '../../shared/app/statusLine';
import type { ExportResult, GraphHopOptions, TwinGraphMethods } from '../twinGraphProtocol';
import type { TwinGraphState } from './twinGraphState';
import type { TwinGraphView, TwinGraphViewEvents } from './twinGraphView';

export class TwinGraphActions implements TwinGraphViewEvents {
  readonly view: TwinGraphView;

  constructor(
    private readonly bridge: HostBridge<TwinGraphMethods>,
    private readonly state: TwinGraphState,
    createView: (events: TwinGraphViewEvents) => TwinGraphView,
  ) {
    this.view = createView(this);
  }

  async start(): Promise<void> {
    try {
      const init = await this.bridge.request('init', {});
      this.state.opened(init);
      this.view.showChoices(init.relationshipNames);
      await this.redraw();
    } catch (error) {
      this.view.status.set(l10n.t('Could not open the graph: {0}', errorMessage(error)), true);
    }
  }

  draw(hops: GraphHopOptions): void {
    this.state.drawWith(hops);
    void this.redraw();
  }

  reroot(id: string): void {
    this.state.reroot(id);
    void this.redraw();
  }

  openTwin(id: string): void {
    void this.view.status.run(this.bridge.request('openTwin', { twinId: id }));
  }

  layoutChosen(name: string): void {
    if (!this.state.chooseLayout(name)) return;
    this.saveState();
    this.view.layout();
  }

  exportJson(): void {
    void this.export(this.bridge.request('exportJson', { twinIds: [...this.state.nodes.keys()] }), (r) =>
      l10n.t('Saved {0} twins and {1} relationships for ADT Explorer', r.twins ?? 0, r.relationships ?? 0),
    );
  }

  exportPng(): void {
    void this.export(this.bridge.request('exportPng', { png: this.view.png() }), () => l10n.t('Saved the picture'));
  }

  private async export(request: Promise<ExportResult>, said: (result: ExportResult & { saved: true }) => string) {
    try {
      const result = await request;
      this.view.status.set(result.saved ? said(result) : l10n.t('Export cancelled'));
    } catch (error) {
      this.view.status.set(l10n.t('Could not export: {0}', errorMessage(error)), true);
    }
  }

  async expand(id: string): Promise<void> {
    const { state, view } = this;
    view.status.set(l10n.t('Expanding {0}…', id));
    try {
      const before = state.nodes.size;
      view.add(state.merge(await this.graphAround(id)));
      state.expanded(id);
      this.saveState();
      view.layout(id);
      const added = countText(state.nodes.size - before, {
        one: l10n.t('{0} new twin'),
        other: l10n.t('{0} new twins'),
      });
      view.status.set(
        l10n.t({
          message: '{0} from {1}; {2} in total',
          args: [added, id, state.nodes.size],
          comment: ['{0} is "3 new twins", {1} the id of the twin expanded, {2} how many twins the graph shows'],
        }),
      );
    } catch (error) {
      view.status.set(l10n.t('Could not expand {0}: {1}', id, errorMessage(error)), true);
    }
  }

  /** Draws the graph around the roots again, with the expansions kept from before a reload. */
  private async redraw(): Promise<void> {
    const { state, view } = this;
    this.saveState();
    view.status.set(l10n.t('Loading graph around {0}…', state.panel.rootId));
    document.body.dataset.state = 'loading';
    try {
      const first = await this.graphAround(state.panel.rootId);
      view.clearGraph();
      state.clear();
      view.add(state.merge(first));
      for (const id of state.panel.otherRootIds ?? []) view.add(state.merge(await this.graphAround(id)));
      for (const id of state.panel.expanded ?? [])
        if (state.nodes.has(id)) view.add(state.merge(await this.graphAround(id)));
      view.layout();
      view.select(state.panel.rootId);
      view.status.set(
        state.nodes.size === 1 ? l10n.t('No related twins for these hops; only the root is shown.') : state.sizeText(),
      );
      document.body.dataset.state = 'ready';
    } catch (error) {
      view.status.set(l10n.t('Could not load the graph: {0}', errorMessage(error)), true);
      document.body.dataset.state = 'error';
    }
  }

  private graphAround(rootId: string) {
    return this.bridge.request('graph', { rootId, hops: this.state.panel.hops! });
  }

  private saveState(): void {
    this.bridge.setState(this.state.panel);
  }
}
