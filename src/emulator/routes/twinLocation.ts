import { createHash } from 'node:crypto';
import { canonicalGuid } from '../../core/api/guid';
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
 * The `addFloor` field of an insight, as InsightCore adds it (`InsightService.MapFloorId`: the floor's GUID from its
 * twin lookup, no name): the GUID of the nearest level among the twin and its ancestors, which is the level's
 * `uniqueID` when that is a GUID, else one derived from the level's twin id (the project's choice: the sample's
 * levels carry no GUID). Nothing when there is no level.
 */
export function floorOf(graph: TwinGraph, twinId: string | null | undefined): { floorId?: string } {
  const own = twinId ? graph.getTwin(twinId) : undefined;
  if (!own) return {};
  const level = [own, ...twinAncestors(graph, own.id)].find((twin) => isLevel(graph, twin));
  if (!level) return {};
  const unique = typeof level.contents.uniqueID === 'string' ? canonicalGuid(level.contents.uniqueID) : undefined;
  return { floorId: unique ?? derivedGuid(level.id) };
}

/** A GUID that stays the same for the same twin id (name-based, shaped as a version 5 UUID). */
function derivedGuid(id: string): string {
  const hex = createHash('sha1').update(`floor:${id}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
