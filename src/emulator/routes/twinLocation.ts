import { sampleModelId } from '../sample/sampleModels';
import type { StoredTwin, TwinGraph } from '../twins/twinGraph';

const LEVEL_MODELS = [sampleModelId('Level'), 'dtmi:com:willowinc:Level;1'];
/** Relationships followed upwards from a twin towards the level that contains it. */
const UPWARD = new Set(['isPartOf', 'locatedIn', 'isCapabilityOf', 'hostedBy']);
const MAX_DEPTH = 8;

function isLevel(graph: TwinGraph, twin: StoredTwin): boolean {
  return LEVEL_MODELS.some((id) => graph.models.isA(twin.modelId, id)) || /:(Level|Floor);\d+$/.test(twin.modelId);
}

/**
 * The twins a twin sits in or belongs to, following isPartOf, locatedIn, isCapabilityOf and
 * hostedBy upwards breadth first: nearest first, the twin itself excluded, existing twins only.
 */
export function twinAncestors(graph: TwinGraph, twinId: string): StoredTwin[] {
  const seen = new Set<string>([twinId]);
  const found: StoredTwin[] = [];
  let frontier = [twinId];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const rel of graph.outgoing(id)) {
        if (!UPWARD.has(rel.name) || seen.has(rel.targetId)) continue;
        seen.add(rel.targetId);
        const twin = graph.getTwin(rel.targetId);
        if (!twin) continue;
        found.push(twin);
        next.push(twin.id);
      }
    }
    frontier = next;
  }
  return found;
}

/**
 * The `addFloor` fields of an insight: the nearest level among the twin and its ancestors.
 * `floor` is the level's name (else its code, else its id); both are null when there is none.
 */
export function floorOf(
  graph: TwinGraph,
  twinId: string | null | undefined,
): { floor: string | null; floorId: string | null } {
  const own = twinId ? graph.getTwin(twinId) : undefined;
  if (!own) return { floor: null, floorId: null };
  const level = [own, ...twinAncestors(graph, own.id)].find((twin) => isLevel(graph, twin));
  if (!level) return { floor: null, floorId: null };
  const label = level.contents.name ?? level.contents.code ?? level.id;
  return { floor: typeof label === 'string' ? label : String(label), floorId: level.id };
}
