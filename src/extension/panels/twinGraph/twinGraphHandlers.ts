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
import { twinLabel } from '../../twins/twinLabel';
import { exportFileName, pngBytes, ServedGraph } from './twinGraphExport';

export interface TwinGraphDeps {
  connection: string;
  api: () => Promise<BuildingTwinsApi>;
  rootId: string;
  /** More roots drawn with the first. */
  otherRootIds?: string[];
  hops: GraphHopOptions;
  models?: () => Promise<ModelLabels | undefined>;
  openTwin: (twinId: string) => Promise<void>;
  /** The twin property nodes are named by (the explorer's `buildingTwins.twins.labelProperty`), read for each graph. */
  labelProperty?: () => string;
  /** The DTDL interfaces twins of these models need (theirs and their ancestors'), for the JSON export. */
  modelDefinitions?: (modelIds: string[]) => Promise<Array<Record<string, unknown>>>;
  /** Asks where to save and writes `content`; false when the dialog was cancelled. The path never leaves the host. */
  saveFile?: (kind: 'json' | 'png', suggestedName: string, content: Uint8Array) => Promise<boolean>;
}

const MAX_GRAPH_DEPTH = 5;
const DIRECTIONS = ['Incoming', 'Outgoing', 'IncomingOrOutgoing'];

export function createTwinGraphHandlers(deps: TwinGraphDeps): Handlers<TwinGraphMethods> {
  const served = new ServedGraph();
  const save = (kind: 'json' | 'png', name: string, content: Uint8Array): Promise<boolean> => {
    if (!deps.saveFile) throw new Error('this panel cannot save files'); // l10n-exempt: a host without the feature
    return deps.saveFile(kind, name, content);
  };
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
      served.add(result.twin, result.related ?? []);
      return flattenGraph(result.twin, result.related ?? [], models, deps.labelProperty?.());
    },

    async openTwin({ twinId }) {
      if (typeof twinId !== 'string' || !twinId) throw new Error('openTwin needs a twin id'); // l10n-exempt: a webview programming error
      await deps.openTwin(twinId);
      return { opened: true };
    },

    async exportJson({ twinIds }) {
      const twins = served.twinsOf(twinIds);
      const modelIds = [...new Set(twins.map((t) => t.modelId).filter(Boolean))];
      const models = (await deps.modelDefinitions?.(modelIds)) ?? [];
      const file = served.adtFile(twins, models);
      const text = new TextEncoder().encode(JSON.stringify(file, null, 2));
      const saved = await save('json', exportFileName(deps.rootId, 'json'), text);
      return saved
        ? { saved, twins: twins.length, relationships: file.digitalTwinsGraph.relationships.length }
        : { saved };
    },

    async exportPng({ png }) {
      return { saved: await save('png', exportFileName(deps.rootId, 'png'), pngBytes(png)) };
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

export function flattenGraph(
  root: DigitalTwin,
  related: TwinGraphCollection[],
  models?: ModelLabels,
  labelProperty?: string,
): GraphData {
  const nodes = new Map<string, GraphData['nodes'][number]>();
  const edges = new Map<string, GraphData['edges'][number]>();
  const addNode = (twin: DigitalTwin) => {
    if (!twin?.id || nodes.has(twin.id)) return;
    nodes.set(twin.id, {
      id: twin.id,
      label: twinLabel(twin, labelProperty),
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
