// What the model graph panel shows and remembers: where its models come from, the models walked from, the options
// (kinds, direction, depth), the layout, the graph drawn and the selected model. Pure: no DOM, no cytoscape, no
// host messages (modelGraphActions.ts sends those).
import * as l10n from '@vscode/l10n';
import { MAX_MODEL_GRAPH_DEPTH, type ModelGraphData, type ModelGraphNode } from '../../../core/dtdl/modelGraphTypes';
import { countText } from '../../../shared/countText';
import { GRAPH_LAYOUTS, type GraphLayout } from '../../twinGraph/twinGraphProtocol';
import {
  defaultModelGraphOptions,
  type ModelGraphMethods,
  type ModelGraphOptions,
  type ModelGraphPanelState,
  type ModelGraphSource,
} from '../modelGraphProtocol';

export class ModelGraphState {
  /** What the webview keeps across reloads (the bridge's state). */
  readonly panel: ModelGraphPanelState;
  source: ModelGraphSource | undefined;
  modelCount = 0;
  graph: ModelGraphData = { rootIds: [], nodes: [], edges: [], truncated: false };
  readonly nodes = new Map<string, ModelGraphNode>();
  selectedId: string | undefined;

  constructor(saved: Partial<ModelGraphPanelState> | undefined) {
    this.panel = { rootIds: [], ...(saved ?? {}) };
  }

  /** The host's answer to `init`; what the webview kept from before a reload wins for the roots and options. */
  opened(init: ModelGraphMethods['init']['result']): void {
    this.source = init.source;
    this.modelCount = init.modelCount;
    this.panel.connection = init.source.connection;
    this.panel.folder = init.source.folder;
    if (!this.panel.options) {
      this.panel.rootIds = init.rootIds;
      this.panel.options = init.options;
    }
  }

  get options(): ModelGraphOptions {
    return this.panel.options ?? defaultModelGraphOptions(this.panel.rootIds);
  }

  /** Models extend upwards: the hierarchy is the layout a model graph opens in. */
  get layout(): GraphLayout {
    const saved = this.panel.layout;
    return (GRAPH_LAYOUTS as readonly string[]).includes(saved ?? '') ? (saved as GraphLayout) : 'hierarchical';
  }

  /** A layout chosen by name (an unknown one is the default); whether it changed. */
  chooseLayout(name: string): boolean {
    const before = this.layout;
    this.panel.layout = name;
    if (this.layout === before) return false;
    this.panel.layout = this.layout;
    return true;
  }

  drawWith(options: ModelGraphOptions): void {
    this.panel.options = options;
  }

  /** Other models to walk from (none: the top models of the set), with the options such a graph opens with. */
  reroot(ids: readonly string[]): void {
    this.panel.rootIds = [...ids];
    this.panel.options = defaultModelGraphOptions(ids);
  }

  /** The graph the host built; the selection is kept when its model is still drawn. */
  show(graph: ModelGraphData): void {
    this.graph = graph;
    this.nodes.clear();
    for (const n of graph.nodes) this.nodes.set(n.id, n);
    if (this.selectedId && !this.nodes.has(this.selectedId)) this.selectedId = undefined;
  }

  /** The drawn models whose name or id contains `text` (case-insensitive); none for blank text. */
  matches(text: string): string[] {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return [];
    return [...this.nodes.values()]
      .filter((n) => n.label.toLowerCase().includes(wanted) || n.id.toLowerCase().includes(wanted))
      .map((n) => n.id);
  }

  /** "12 models, 14 links", and that it was cut when the walk reached more models than are drawn. */
  sizeText(): string {
    const models = countText(this.graph.nodes.length, { one: l10n.t('{0} model'), other: l10n.t('{0} models') });
    const links = countText(this.graph.edges.length, { one: l10n.t('{0} link'), other: l10n.t('{0} links') });
    const size = l10n.t({
      message: '{0}, {1}',
      args: [models, links],
      comment: ['{0} counts the models of the graph, {1} its links (extends, relationships, components)'],
    });
    return this.graph.truncated
      ? l10n.t(
          '{0}; cut: more models are reached than drawn (a smaller depth or a model to start from shows them)',
          size,
        )
      : size;
  }
}

/** A depth as typed (any text) within 1..10, rounded; 1 when it is no number. */
export function clampModelDepth(typed: string): number {
  return Math.min(MAX_MODEL_GRAPH_DEPTH, Math.max(1, Math.round(Number(typed) || 1)));
}
