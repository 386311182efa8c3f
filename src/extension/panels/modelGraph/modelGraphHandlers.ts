// What the model graph panel's host answers: the graph of the chosen models (src/core/dtdl/modelGraph.ts), model
// search, a model's summary, a model to open. Every parameter from the webview is checked; the model set is read
// once per panel and its edge index made once per set. Free of 'vscode' imports.
import * as l10n from '@vscode/l10n';
import { ModelGraphIndex } from '../../../core/dtdl/modelGraph';
import {
  MAX_MODEL_GRAPH_DEPTH,
  MODEL_EDGE_KINDS,
  MODEL_GRAPH_DIRECTIONS,
  type ModelEdgeKind,
  type ModelGraphDirection,
} from '../../../core/dtdl/modelGraphTypes';
import type { ModelIndex } from '../../../core/dtdl/modelIndex';
import { searchModels } from '../../../core/dtdl/modelSearch';
import { modelSummary } from '../../../core/dtdl/modelSummary';
import type { Handlers } from '../../../webviews/shared/bridgeProtocol';
import {
  MAX_MODEL_GRAPH_ROOTS,
  MAX_MODEL_SEARCH_CHARS,
  MODEL_SEARCH_LIMIT,
  type ModelGraphMethods,
  type ModelGraphOptions,
  type ModelGraphSource,
} from '../../../webviews/modelGraph/modelGraphProtocol';

export interface ModelGraphDeps {
  source: ModelGraphSource;
  /** The model set (the connection's, cached by its owner, or the folder's). */
  models: () => Promise<ModelIndex>;
  rootIds: readonly string[];
  options: ModelGraphOptions;
  /** Opens a model of the set (its document or its file). */
  openModel: (modelId: string, models: ModelIndex) => Promise<void>;
}

export function createModelGraphHandlers(deps: ModelGraphDeps): Handlers<ModelGraphMethods> {
  let edges: { models: ModelIndex; graph: ModelGraphIndex } | undefined;
  const graphIndex = async (): Promise<ModelGraphIndex> => {
    const models = await deps.models();
    if (edges?.models !== models) edges = { models, graph: new ModelGraphIndex(models) };
    return edges.graph;
  };
  return {
    async init() {
      const models = await deps.models();
      return { source: deps.source, rootIds: [...deps.rootIds], options: deps.options, modelCount: models.size };
    },

    async graph({ rootIds, options }) {
      const roots = checkedModelIds(rootIds);
      const checked = checkedOptions(options);
      return (await graphIndex()).build({ rootIds: roots, ...checked });
    },

    async search({ text }) {
      if (typeof text !== 'string' || text.length > MAX_MODEL_SEARCH_CHARS)
        throw new Error(l10n.t('Search text must be text of at most {0} characters', MAX_MODEL_SEARCH_CHARS));
      return searchModels(await deps.models(), text, MODEL_SEARCH_LIMIT);
    },

    async summary({ modelId }) {
      return modelSummary(await deps.models(), checkedModelId(modelId)) ?? null;
    },

    async openModel({ modelId }) {
      const models = await deps.models();
      const id = checkedModelId(modelId);
      if (!models.has(id)) throw new Error(l10n.t('No model {0} in this set', id));
      await deps.openModel(id, models);
      return { opened: true };
    },
  };
}

function checkedModelId(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('dtmi:') || value.length > 2048)
    throw new Error(l10n.t('A model id must be a DTMI (dtmi:…), got {0}', String(value).slice(0, 80)));
  return value;
}

function checkedModelIds(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_MODEL_GRAPH_ROOTS)
    throw new Error(l10n.t('The graph is drawn around at most {0} models', MAX_MODEL_GRAPH_ROOTS));
  return value.map(checkedModelId);
}

/** The options as the webview sent them, each checked: a depth of 1..10, a known direction, known kinds. */
export function checkedOptions(value: unknown): ModelGraphOptions {
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const depth = o.depth;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > MAX_MODEL_GRAPH_DEPTH)
    throw new RangeError(
      l10n.t('Depth must be a whole number from 1 to {0}, got {1}', MAX_MODEL_GRAPH_DEPTH, String(depth)),
    );
  if (!(MODEL_GRAPH_DIRECTIONS as readonly unknown[]).includes(o.direction))
    throw new Error(
      l10n.t('Direction must be one of {0}, got {1}', MODEL_GRAPH_DIRECTIONS.join(', '), String(o.direction)),
    );
  const kinds = o.kinds;
  if (
    !Array.isArray(kinds) ||
    kinds.length === 0 ||
    !kinds.every((k) => (MODEL_EDGE_KINDS as readonly unknown[]).includes(k))
  )
    throw new Error(l10n.t('Show at least one of {0}', MODEL_EDGE_KINDS.join(', ')));
  return {
    depth,
    direction: o.direction as ModelGraphDirection,
    kinds: [...new Set(kinds as ModelEdgeKind[])],
  };
}
