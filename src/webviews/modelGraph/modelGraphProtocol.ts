// Messages of the model graph panel (webview <-> host): the models of a connection or of a folder of DTDL files,
// joined by extends, relationships and components (src/core/dtdl/modelGraph.ts builds the graph on the host).
import {
  MODEL_EDGE_KINDS,
  type FoundModel,
  type ModelEdgeKind,
  type ModelGraphData,
  type ModelGraphDirection,
  type ModelSummary,
} from '../../core/dtdl/modelGraphTypes';

export const MODEL_GRAPH_VIEW_TYPE = 'buildingTwins.modelGraph';
/** At most this many models are walked from together. */
export const MAX_MODEL_GRAPH_ROOTS = 10;
/** A search lists at most this many models. */
export const MODEL_SEARCH_LIMIT = 50;
/** Longer search text is refused. */
export const MAX_MODEL_SEARCH_CHARS = 200;

export interface ModelGraphOptions {
  depth: number;
  direction: ModelGraphDirection;
  kinds: ModelEdgeKind[];
}

/**
 * A model's graph as it opens: what it extends, relates to and contains (inherited members included), one hop, so
 * the models around it do not add theirs; the whole set: its top models and the models extending them.
 */
export function defaultModelGraphOptions(rootIds: readonly string[]): ModelGraphOptions {
  return rootIds.length
    ? { depth: 1, direction: 'outgoing', kinds: [...MODEL_EDGE_KINDS] }
    : { depth: 2, direction: 'incoming', kinds: ['extends'] };
}

/** Where the models come from: a connection or a folder of DTDL files; `name` is shown, the rest kept for a restore. */
export interface ModelGraphSource {
  kind: 'connection' | 'folder';
  name: string;
  connection?: string;
  folder?: string;
}

export interface ModelGraphPanelState {
  /** The connection whose models are drawn (absent for a folder's). */
  connection?: string;
  /** The folder whose models are drawn (a path the host chose; the host checks it again on restore). */
  folder?: string;
  /** The models walked from; empty: the top models of the set. */
  rootIds: string[];
  options?: ModelGraphOptions;
  layout?: string;
}

export type ModelGraphMethods = {
  init: {
    params: Record<string, never>;
    result: { source: ModelGraphSource; rootIds: string[]; options: ModelGraphOptions; modelCount: number };
  };
  graph: { params: { rootIds: string[]; options: ModelGraphOptions }; result: ModelGraphData };
  search: { params: { text: string }; result: FoundModel[] };
  /** Null for a model the set does not have (named by another model only). */
  summary: { params: { modelId: string }; result: ModelSummary | null };
  openModel: { params: { modelId: string }; result: { opened: boolean } };
};
