// What the twin graph panel's host answers: POST /twins/graph with the chosen hops, flattened to
// nodes and edges for cytoscape. Free of 'vscode' imports.
import * as l10n from '@vscode/l10n';
import type {
  BuildingTwinsApi,
  DigitalTwin,
  TwinGraphCollection,
  TwinGraphHop,
  TwinGraphRequest,
} from '../../../core/api/types';
import type { Handlers } from '../../../webviews/shared/bridgeProtocol';
import {
  type GraphData,
  type GraphHopOptions,
  KNOWN_RELATIONSHIP_NAMES,
  type TwinGraphMethods,
} from '../../../webviews/twinGraph/twinGraphProtocol';
import type { ModelLabels } from '../timeSeries/timeSeriesHandlers';

export interface TwinGraphDeps {
  connection: string;
  api: () => Promise<BuildingTwinsApi>;
  rootId: string;
  /** More roots drawn with the first. */
  otherRootIds?: string[];
  hops: GraphHopOptions;
  models?: () => Promise<ModelLabels | undefined>;
  openTwin: (twinId: string) => Promise<void>;
}

const MAX_GRAPH_DEPTH = 5;
const DIRECTIONS = ['Incoming', 'Outgoing', 'IncomingOrOutgoing'];

export function createTwinGraphHandlers(deps: TwinGraphDeps): Handlers<TwinGraphMethods> {
  return {
    init: () => ({
      connection: deps.connection,
      rootId: deps.rootId,
      otherRootIds: deps.otherRootIds ?? [],
      hops: deps.hops,
      relationshipNames: [...KNOWN_RELATIONSHIP_NAMES],
    }),

    async graph({ rootId, hops }, signal) {
      if (typeof rootId !== 'string' || !rootId) throw new Error('The graph needs a root twin id'); // l10n-exempt: a webview programming error
      const request = toGraphRequest(rootId, hops);
      const result = await (await deps.api()).getTwinGraph(request, { signal });
      const models = await deps.models?.().catch(() => undefined);
      return flattenGraph(result.twin, result.related ?? [], models);
    },

    async openTwin({ twinId }) {
      if (typeof twinId !== 'string' || !twinId) throw new Error('openTwin needs a twin id'); // l10n-exempt: a webview programming error
      await deps.openTwin(twinId);
      return { opened: true };
    },
  };
}

/** One nested hop per depth level, each with the same names and direction. */
export function toGraphRequest(rootId: string, hops: GraphHopOptions): TwinGraphRequest {
  const depth = Number(hops?.depth);
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_GRAPH_DEPTH) {
    throw new RangeError(
      l10n.t('Depth must be a whole number from 1 to {0}, got {1}', MAX_GRAPH_DEPTH, String(hops?.depth)),
    );
  }
  if (!DIRECTIONS.includes(hops.direction))
    throw new Error(l10n.t('Direction must be one of {0}, got {1}', DIRECTIONS.join(', '), String(hops.direction)));
  const names = (hops.relationshipNames ?? []).filter((n) => typeof n === 'string' && n.trim()).map((n) => n.trim());
  let hop: TwinGraphHop | null = null;
  for (let level = depth; level >= 1; level--) {
    const next: TwinGraphHop = { alias: `hop${level}`, direction: hops.direction, relationship: hop };
    if (names.length) next.relationshipNames = names;
    hop = next;
  }
  return { alias: 'root', id: rootId, relationships: hop ? [hop] : [] };
}

function flattenGraph(root: DigitalTwin, related: TwinGraphCollection[], models?: ModelLabels): GraphData {
  const nodes = new Map<string, GraphData['nodes'][number]>();
  const edges = new Map<string, GraphData['edges'][number]>();
  const addNode = (twin: DigitalTwin) => {
    if (!twin?.id || nodes.has(twin.id)) return;
    const name = typeof twin.contents?.name === 'string' && twin.contents.name ? twin.contents.name : twin.id;
    nodes.set(twin.id, {
      id: twin.id,
      label: name,
      modelId: twin.modelId ?? '',
      modelLabel: modelLabel(models, twin.modelId),
    });
  };
  const walk = (collections: TwinGraphCollection[]) => {
    for (const collection of collections ?? []) {
      for (const item of collection.items ?? []) {
        addNode(item.twin);
        const rel = item.relationship;
        if (rel?.sourceId && rel.targetId) {
          const id = rel.id ?? `${rel.sourceId}_${rel.name}_${rel.targetId}`;
          edges.set(id, { id, source: rel.sourceId, target: rel.targetId, name: rel.name });
        }
        walk(item.related);
      }
    }
  };
  addNode(root);
  walk(related);
  // Keep only edges whose ends are both drawn.
  const drawn = [...edges.values()].filter((e) => nodes.has(e.source) && nodes.has(e.target));
  return { rootId: root.id, nodes: [...nodes.values()], edges: drawn };
}

function modelLabel(models: ModelLabels | undefined, modelId: string | undefined): string {
  if (!modelId) return '';
  try {
    const label = models?.displayName(modelId);
    if (label) return label;
  } catch {
    // fall through to the id's short name
  }
  const match = /^dtmi:(?:[^;]*:)?([^:;]+);\d+$/.exec(modelId);
  return match ? match[1] : modelId;
}
