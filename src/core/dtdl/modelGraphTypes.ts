// The shapes of the model graph, its search and a model's summary, shared by the host (modelGraph.ts,
// modelSearch.ts, modelSummary.ts) and the model graph panel's page. Types and constants only: no imports.

export const MODEL_EDGE_KINDS = ['extends', 'relationship', 'component'] as const;
export type ModelEdgeKind = (typeof MODEL_EDGE_KINDS)[number];
/** Outgoing: what a model extends, relates to, contains; incoming: the models that do so to it. */
export const MODEL_GRAPH_DIRECTIONS = ['outgoing', 'incoming', 'both'] as const;
export type ModelGraphDirection = (typeof MODEL_GRAPH_DIRECTIONS)[number];
export const MAX_MODEL_GRAPH_DEPTH = 10;
/** A graph stops growing at this many models (it says it was cut). */
export const DEFAULT_MAX_MODEL_NODES = 500;
/** The node every relationship without a target points at (a DTMI always starts with `dtmi:`, this never does). */
export const ANY_MODEL_ID = '*';

export interface ModelGraphNode {
  id: string;
  label: string;
  /** Named (as a parent, target or schema) but not in the set. */
  missing: boolean;
}

export interface ModelGraphEdge {
  id: string;
  source: string;
  target: string;
  kind: ModelEdgeKind;
  /** The relationship's or component's name; `extends` for inheritance. */
  name: string;
  /** The model that declares it (an ancestor of `source` when inherited). */
  definedIn: string;
}

export interface ModelGraphData {
  rootIds: string[];
  nodes: ModelGraphNode[];
  edges: ModelGraphEdge[];
  /** The walk stopped at `maxNodes` models: some models it reached are not drawn. */
  truncated: boolean;
}

export interface FoundModel {
  id: string;
  label: string;
}

export interface ModelRef {
  id: string;
  label: string;
  /** Not in the set (named by another model only). */
  missing: boolean;
}

export interface ModelMember {
  name: string;
  /** The target or schema; undefined: a relationship to any model. */
  target?: ModelRef;
  definedIn: ModelRef;
}

export interface ModelSummary {
  model: ModelRef;
  description: string;
  /** Every ancestor, closest first. */
  ancestors: ModelRef[];
  relationships: ModelMember[];
  components: ModelMember[];
  childCount: number;
}
