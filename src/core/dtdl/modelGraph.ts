// The model graph: models as nodes, joined by what a model declares: `extends` (to its parents), its relationships
// (to their targets; a relationship without a target may point at any model) and its components (to their schema).
// Walked from some models (or from the top models of the set) along the chosen kinds, in the chosen direction, to a
// depth, up to a number of models. The models walked from also show what they inherit (an edge from the model itself,
// naming the ancestor that declares it), so "what may a VAV box be fed by" is read on the VAV box. Pure.
import {
  ANY_MODEL_ID,
  DEFAULT_MAX_MODEL_NODES,
  type ModelEdgeKind,
  type ModelGraphData,
  type ModelGraphDirection,
  type ModelGraphEdge,
  type ModelGraphNode,
} from './modelGraphTypes';
import type { ModelIndex } from './modelIndex';

export interface ModelGraphQuery {
  /** The models walked from; empty: the top models of the set (those extending no model of the set). */
  rootIds: readonly string[];
  depth: number;
  direction: ModelGraphDirection;
  kinds: readonly ModelEdgeKind[];
  maxNodes?: number;
}

/** The edges of a model set, both ways, made once per set and walked by every query. */
export class ModelGraphIndex {
  private readonly outgoing = new Map<string, ModelGraphEdge[]>();
  private readonly incoming = new Map<string, ModelGraphEdge[]>();

  constructor(readonly models: ModelIndex) {
    for (const id of models.ids()) {
      const own = declaredEdges(models, id, false);
      this.outgoing.set(id, own);
      for (const edge of own) {
        if (edge.target === ANY_MODEL_ID) continue;
        const list = this.incoming.get(edge.target);
        if (list) list.push(edge);
        else this.incoming.set(edge.target, [edge]);
      }
    }
  }

  /** The models extending no model of the set, by display name. */
  topModels(): string[] {
    const { models } = this;
    return models
      .ids()
      .filter((id) => !models.parents(id).some((p) => models.has(p)))
      .sort((a, b) => models.displayName(a).localeCompare(models.displayName(b)));
  }

  /** The graph a query asks for; roots not in the set are drawn as missing models. */
  build(query: ModelGraphQuery): ModelGraphData {
    const { models } = this;
    const kinds = new Set(query.kinds);
    const maxNodes = query.maxNodes ?? DEFAULT_MAX_MODEL_NODES;
    const rootIds = query.rootIds.length ? [...new Set(query.rootIds)] : this.topModels();
    const nodes = new Map<string, ModelGraphNode>();
    const edges = new Map<string, ModelGraphEdge>();
    let truncated = false;
    const addNode = (id: string): boolean => {
      if (nodes.has(id)) return true;
      if (nodes.size >= maxNodes) {
        truncated = true;
        return false;
      }
      nodes.set(id, modelNode(models, id));
      return true;
    };
    for (const id of rootIds) addNode(id);
    const roots = new Set(rootIds);
    let frontier = rootIds.filter((id) => nodes.has(id));
    for (let level = 0; level < query.depth && frontier.length; level++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const edge of this.edgesOf(id, query.direction, roots.has(id))) {
          if (!kinds.has(edge.kind)) continue;
          const other = edge.source === id ? edge.target : edge.source;
          const known = nodes.has(other);
          if (!addNode(other)) continue;
          edges.set(edge.id, edge);
          // The "any model" node stands for every model: nothing is walked from it.
          if (!known && other !== ANY_MODEL_ID) next.push(other);
        }
      }
      frontier = next;
    }
    return { rootIds, nodes: [...nodes.values()], edges: [...edges.values()], truncated };
  }

  private edgesOf(id: string, direction: ModelGraphDirection, withInherited: boolean): ModelGraphEdge[] {
    if (!this.models.has(id)) return [];
    const out = withInherited ? declaredEdges(this.models, id, true) : (this.outgoing.get(id) ?? []);
    const into = this.incoming.get(id) ?? [];
    if (direction === 'outgoing') return out;
    if (direction === 'incoming') return into;
    return [...out, ...into];
  }
}

/** What `id` declares (and, with `inherited`, what it inherits: relationships and components of its ancestors). */
function declaredEdges(models: ModelIndex, id: string, inherited: boolean): ModelGraphEdge[] {
  const edges: ModelGraphEdge[] = models.parents(id).map((parent) => edge(id, parent, 'extends', 'extends', id));
  const relationships = inherited ? models.relationships(id) : (models.get(id)?.relationships ?? []);
  for (const r of relationships) edges.push(edge(id, r.target ?? ANY_MODEL_ID, 'relationship', r.name, r.definedIn));
  const components = inherited ? [...models.components(id).values()] : (models.get(id)?.components ?? []);
  for (const c of components) edges.push(edge(id, c.schema, 'component', c.name, c.definedIn));
  return edges;
}

function edge(source: string, target: string, kind: ModelEdgeKind, name: string, definedIn: string): ModelGraphEdge {
  // The id names the declaring model too: an inherited relationship and the ancestor's own are two edges.
  return { id: `${kind} ${source} ${name} ${target} ${definedIn}`, source, target, kind, name, definedIn };
}

function modelNode(models: ModelIndex, id: string): ModelGraphNode {
  if (id === ANY_MODEL_ID) return { id, label: '', missing: false };
  return { id, label: models.displayName(id), missing: !models.has(id) };
}
