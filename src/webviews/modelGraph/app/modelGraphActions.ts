// What the model graph panel asks its host (modelGraphProtocol.ts): its source and options, the graph around its
// roots, models matching a search, a model's summary, a model to open. Each answer goes into the state and is drawn.
import * as l10n from '@vscode/l10n';
import type { HostBridge } from '../../shared/app/hostBridge';
import { errorMessage } from '../../shared/app/statusLine';
import type { ModelGraphMethods, ModelGraphOptions } from '../modelGraphProtocol';
import type { ModelGraphState } from './modelGraphState';
import type { ModelGraphView, ModelGraphViewEvents } from './modelGraphView';

export class ModelGraphActions implements ModelGraphViewEvents {
  readonly view: ModelGraphView;

  constructor(
    private readonly bridge: HostBridge<ModelGraphMethods>,
    private readonly state: ModelGraphState,
    createView: (events: ModelGraphViewEvents) => ModelGraphView,
  ) {
    this.view = createView(this);
  }

  async start(): Promise<void> {
    try {
      this.state.opened(await this.bridge.request('init', {}));
      this.view.showChoices();
      await this.redraw();
    } catch (error) {
      this.view.status.set(l10n.t('Could not open the model graph: {0}', errorMessage(error)), true);
      document.body.dataset.state = 'error';
    }
  }

  draw(options: ModelGraphOptions): void {
    this.state.drawWith(options);
    void this.redraw();
  }

  reroot(ids: string[]): void {
    this.state.reroot(ids);
    this.view.showChoices();
    void this.redraw();
  }

  layoutChosen(name: string): void {
    if (!this.state.chooseLayout(name)) return;
    this.saveState();
    this.view.layout();
  }

  openModel(id: string): void {
    void this.view.status.run(this.bridge.request('openModel', { modelId: id }));
  }

  select(id: string): void {
    void this.selectModel(id);
  }

  search(text: string): void {
    void this.view.status.run(
      this.bridge
        .request('search', { text })
        .then((found) => this.view.showFound(found, this.state.matches(text), text)),
    );
  }

  /** Selects a drawn model and shows its summary (a model only named, or "any model", has none). */
  private async selectModel(id: string): Promise<void> {
    const node = this.state.nodes.get(id);
    const known = id.startsWith('dtmi:') && !node?.missing;
    try {
      const summary = known ? await this.bridge.request('summary', { modelId: id }) : null;
      this.view.select(id, summary ?? undefined);
    } catch (error) {
      this.view.status.set(errorMessage(error), true);
    }
  }

  /** Asks for the graph around the roots with the options, draws it and selects the first root. */
  private async redraw(): Promise<void> {
    const { state, view } = this;
    this.saveState();
    view.status.set(l10n.t('Building the model graph…'));
    document.body.dataset.state = 'loading';
    try {
      state.show(await this.bridge.request('graph', { rootIds: state.panel.rootIds, options: state.options }));
      view.draw();
      const first = state.panel.rootIds[0];
      if (first) await this.selectModel(first);
      view.status.set(state.sizeText());
      document.body.dataset.state = 'ready';
    } catch (error) {
      view.status.set(l10n.t('Could not build the model graph: {0}', errorMessage(error)), true);
      document.body.dataset.state = 'error';
    }
  }

  private saveState(): void {
    this.bridge.setState(this.state.panel);
  }
}
