import type { Relationship, TwinGraphCollection, TwinGraphItem, TwinGraphResult } from '../../core/api/types';
import { badRequest, notFound } from '../httpErrors';
import {
  field,
  isObject,
  optBoolean,
  optString,
  optStringArray,
  reqString,
  requireObject,
  type JsonObject,
} from '../requestFields';
import { expandModels, parseDirection } from './twinFilters';
import type { StoredTwin, TwinGraph } from './twinGraph';

const MAX_DEPTH = 8;
const MAX_ITEMS = 100000;

interface Hop {
  alias: string;
  names?: Set<string>;
  models?: Set<string>;
  direction: 'Incoming' | 'Outgoing' | 'IncomingOrOutgoing';
  next?: Hop;
}

/**
 * POST /twins/graph: the root twin plus, per requested hop, the related twins (outer join: the
 * root and every item come back even when deeper hops find nothing).
 */
export function twinGraphQuery(graph: TwinGraph, body: unknown): TwinGraphResult {
  const req = requireObject(body);
  const id = reqString(req, ['id', 'dtId', 'twinId'], 'id');
  const alias = optString(req, 'alias') ?? 'Twin';
  const rawHops = field(req, 'relationships');
  if (rawHops !== undefined && rawHops !== null && !Array.isArray(rawHops))
    throw badRequest("'relationships' must be an array.", 'relationships');
  const hops = ((rawHops as unknown[] | null | undefined) ?? []).map((h, i) =>
    parseHop(graph, h, `relationships[${i}]`, 0),
  );
  const root = graph.getTwin(id);
  if (!root) throw notFound(`Twin '${id}' does not exist.`);
  const budget = { left: MAX_ITEMS };
  return { alias, twin: graph.toWire(root), related: hops.map((h) => collect(graph, root, h, budget)) };
}

function parseHop(graph: TwinGraph, raw: unknown, path: string, depth: number): Hop {
  if (depth >= MAX_DEPTH) throw badRequest(`'${path}' is nested more than ${MAX_DEPTH} levels deep.`, path);
  if (!isObject(raw)) throw badRequest(`'${path}' must be an object.`, path);
  const hop = raw as JsonObject;
  const names = optStringArray(hop, 'relationshipNames', `${path}.relationshipNames`);
  const modelNames = optStringArray(hop, 'modelNames', `${path}.modelNames`);
  const exact = optBoolean(hop, 'exactModelMatch', `${path}.exactModelMatch`) ?? false;
  const nested = field(hop, 'relationship');
  return {
    alias: optString(hop, 'alias', `${path}.alias`) ?? `Related${depth + 1}`,
    names: names && names.length ? new Set(names) : undefined,
    models:
      modelNames && modelNames.length
        ? expandModels(
            graph,
            modelNames.map((m) => resolveModelName(graph, m)),
            exact,
          )
        : undefined,
    direction: parseDirection(field(hop, 'direction'), `${path}.direction`),
    next:
      nested === undefined || nested === null ? undefined : parseHop(graph, nested, `${path}.relationship`, depth + 1),
  };
}

/** A model name may be a full DTMI or the last segment of one (`Room` for `dtmi:com:willowinc:Room;1`). */
function resolveModelName(graph: TwinGraph, name: string): string {
  if (name.startsWith('dtmi:')) return name;
  const lower = name.toLowerCase();
  const found = graph.models.ids().find(
    (id) =>
      id
        .slice(id.lastIndexOf(':') + 1)
        .replace(/;\d+$/, '')
        .toLowerCase() === lower,
  );
  return found ?? name;
}

function collect(graph: TwinGraph, from: StoredTwin, hop: Hop, budget: { left: number }): TwinGraphCollection {
  const items: TwinGraphItem[] = [];
  const edges: Array<{ rel: Relationship; otherId: string }> = [];
  if (hop.direction !== 'Incoming')
    for (const rel of graph.outgoing(from.id)) edges.push({ rel, otherId: rel.targetId });
  if (hop.direction !== 'Outgoing')
    for (const rel of graph.incoming(from.id)) edges.push({ rel, otherId: rel.sourceId });
  for (const { rel, otherId } of edges) {
    if (hop.names && !hop.names.has(rel.name)) continue;
    const other = graph.getTwin(otherId);
    if (!other || (hop.models && !hop.models.has(other.modelId))) continue;
    if (--budget.left < 0)
      throw badRequest(
        `The graph request reaches more than ${MAX_ITEMS} twins; narrow it with relationshipNames or modelNames.`,
        'relationships',
      );
    items.push({
      relationship: rel,
      twin: graph.toWire(other),
      related: hop.next ? [collect(graph, other, hop.next, budget)] : [],
    });
  }
  return { alias: hop.alias, items };
}
