// What the twin graph panel shows and remembers: the roots, the hops, the layout, the twins and relationships drawn
// so far (merged from each POST /twins/graph answer), the expansions to replay and the selected twin. Pure: no DOM,
// no cytoscape, no host messages (twinGraphActions.ts sends those).
import * as l10n from '@vscode/l10n';
import { countText } from '../../../shared/countText';
import {
  GRAPH_LAYOUTS,
  type GraphData,
  type GraphEdge,
  type GraphHopOptions,
  type GraphLayout,
  type GraphNode,
  type TwinGraphMethods,
  type TwinGraphPanelState,
} from '../twinGraphProtocol';

/** The hops a graph may follow: 1 to 5. */
const MIN_DEPTH = 1;
const MAX_DEPTH = 5;

/** What one answer added to the graph. */
export interface GraphAddition {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export class TwinGraphState {
  /** What the webview keeps across reloads (the bridge's state). */
  readonly panel: TwinGraphPanelState;
  readonly nodes = new Map<string, GraphNode>();
  readonly edges = new Map<string, GraphEdge>();
  selectedId: string | undefined;

  constructor(saved: Partial<TwinGraphPanelState> | undefined) {
    this.panel = { rootId: '', ...(saved ?? {}) };
  }

  /** The host's answer to `init`; what the webview kept from before a reload wins for the roots and hops. */
  opened(init: TwinGraphMethods['init']['result']): void {
    this.panel.connection = init.connection;
    this.panel.rootId = init.rootId;
    this.panel.otherRootIds ??= init.otherRootIds;
    this.panel.hops ??= init.hops;
  }

  get layout(): GraphLayout {
    return this.panel.layout ?? 'concentric';
  }

  /** The twins the graph is drawn around. */
  roots(): string[] {
    return [this.panel.rootId, ...(this.panel.otherRootIds ?? [])];
  }

  /** A layout chosen by name (an unknown one is the default); whether it changed. */
  chooseLayout(name: string): boolean {
    const chosen = (GRAPH_LAYOUTS as readonly string[]).includes(name) ? (name as GraphLayout) : 'concentric';
    if (chosen === this.layout) return false;
    this.panel.layout = chosen;
    return true;
  }

  /** New hops: the graph is drawn again from its roots, without the expansions. */
  drawWith(hops: GraphHopOptions): void {
    this.panel.hops = hops;
    this.panel.expanded = [];
  }

  /** Another root: the graph is drawn again around it, without the expansions. */
  reroot(id: string): void {
    this.panel.rootId = id;
    this.panel.expanded = [];
  }

  /** An expansion to replay after a reload (once each, in order). */
  expanded(id: string): void {
    this.panel.expanded = [...new Set([...(this.panel.expanded ?? []), id])];
  }

  /** Forgets the drawn twins and relationships (before drawing again). */
  clear(): void {
    this.nodes.clear();
    this.edges.clear();
  }

  /** Adds an answer's twins and relationships; returns those not drawn yet (a twin or relationship only once). */
  merge(data: GraphData): GraphAddition {
    const added: GraphAddition = { nodes: [], edges: [] };
    for (const n of data.nodes) {
      if (this.nodes.has(n.id)) continue;
      this.nodes.set(n.id, n);
      added.nodes.push(n);
    }
    for (const e of data.edges) {
      if (this.edges.has(e.id)) continue;
      this.edges.set(e.id, e);
      added.edges.push(e);
    }
    return added;
  }

  get relationshipCount(): number {
    return this.edges.size;
  }

  /** The drawn twins whose label, id or model contains `text` (case-insensitive), in drawing order; none for blank text. */
  matches(text: string): string[] {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return [];
    return [...this.nodes.values()]
      .filter((n) => [n.label, n.id, n.modelLabel].some((field) => field.toLowerCase().includes(wanted)))
      .map((n) => n.id);
  }

  /** The drawn relationships, those of the selected twin first, then by source and name: the relationship table's rows. */
  relationshipRows(): GraphEdge[] {
    const selected = this.selectedId;
    const label = (id: string): string => this.nodes.get(id)?.label ?? id;
    const own = (e: GraphEdge): number => (selected && (e.source === selected || e.target === selected) ? 0 : 1);
    return [...this.edges.values()].sort(
      (a, b) => own(a) - own(b) || label(a.source).localeCompare(label(b.source)) || a.name.localeCompare(b.name),
    );
  }

  /** The models of the drawn twins, each once, in the order first drawn: id and name (the id when unnamed). */
  models(): Array<{ id: string; label: string }> {
    const models = new Map<string, string>();
    for (const n of this.nodes.values()) if (!models.has(n.modelId)) models.set(n.modelId, n.modelLabel || n.modelId);
    return [...models].map(([id, label]) => ({ id, label }));
  }

  /** "12 twins, 14 relationships": what the graph shows now. */
  sizeText(): string {
    const twins = countText(this.nodes.size, { one: l10n.t('{0} twin'), other: l10n.t('{0} twins') });
    const relationships = countText(this.relationshipCount, {
      one: l10n.t('{0} relationship'),
      other: l10n.t('{0} relationships'),
    });
    return l10n.t({
      message: '{0}, {1}',
      args: [twins, relationships],
      comment: ['{0} counts the twins of the graph, {1} its relationships'],
    });
  }
}

/** A depth as typed (any text) within 1..5, rounded; 1 when it is no number. */
export function clampDepth(typed: string): number {
  return Math.min(MAX_DEPTH, Math.max(MIN_DEPTH, Math.round(Number(typed) || MIN_DEPTH)));
}
