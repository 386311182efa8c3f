import { filterProblem, isFilterOperator, type FilterOperator } from '../../core/api/filterVocabulary';
import type { RelationshipDirection } from '../../core/api/types';
import { badRequest } from '../httpErrors';
import {
  field,
  isObject,
  optBoolean,
  optObject,
  optString,
  optStringArray,
  parseDateTime,
  type JsonObject,
} from '../requestFields';
import { testOperator } from '../routes/filterOperators';
import type { StoredTwin, TwinGraph } from './twinGraph';

export type TwinPredicate = (twin: StoredTwin) => boolean;

const LOCATION_RELATIONSHIPS = new Set(['isPartOf', 'locatedIn']);
const MAX_FILTER_DEPTH = 16;

/**
 * Compiles the filter objects of POST /twins and /twins/count into one predicate (all filters
 * must hold). Bad shapes -> 400 naming the field.
 */
export function compileTwinFilters(body: JsonObject, graph: TwinGraph): TwinPredicate {
  const predicates: TwinPredicate[] = [];
  const modelFilter = optObject(body, 'modelFilter');
  if (modelFilter) {
    const models = modelSet(graph, modelFilter, 'modelFilter');
    if (models) predicates.push((t) => models.has(t.modelId));
  }
  const relFilter = optObject(body, 'relationshipFilter');
  if (relFilter) predicates.push(relationshipPredicate(graph, relFilter));
  const locationFilter = optObject(body, 'locationFilter');
  const locationId = locationFilter && optString(locationFilter, 'locationId', 'locationFilter.locationId');
  if (locationId) {
    const under = twinsUnder(graph, locationId);
    predicates.push((t) => under.has(t.id));
  }
  const dateFilter = optObject(body, 'dateFilter');
  if (dateFilter) {
    const after = field(dateFilter, 'lastUpdatedAfter');
    const before = field(dateFilter, 'lastUpdatedBefore');
    if (after !== undefined && after !== null) {
      const ms = parseDateTime(after, 'dateFilter.lastUpdatedAfter');
      predicates.push((t) => Date.parse(t.lastUpdateTime) > ms);
    }
    if (before !== undefined && before !== null) {
      const ms = parseDateTime(before, 'dateFilter.lastUpdatedBefore');
      predicates.push((t) => Date.parse(t.lastUpdateTime) < ms);
    }
  }
  const propertyFilter = optObject(body, 'propertyFilter');
  if (propertyFilter) predicates.push(propertyPredicate(propertyFilter, 'propertyFilter', 0));
  return (t) => predicates.every((p) => p(t));
}

/** The model ids a ModelFilter admits (sub-models included unless exactModelMatch); undefined = any. */
function modelSet(graph: TwinGraph, filter: JsonObject, path: string): Set<string> | undefined {
  const ids = optStringArray(filter, 'modelIds', `${path}.modelIds`);
  if (!ids || !ids.length) return undefined;
  return expandModels(graph, ids, optBoolean(filter, 'exactModelMatch', `${path}.exactModelMatch`) ?? false);
}

export function expandModels(graph: TwinGraph, ids: string[], exact: boolean): Set<string> {
  const set = new Set<string>();
  for (const id of ids) {
    set.add(id);
    if (!exact) for (const d of graph.models.descendants(id)) set.add(d);
  }
  return set;
}

export function parseDirection(value: unknown, path: string): RelationshipDirection {
  if (value === undefined || value === null) return 'IncomingOrOutgoing';
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'incoming') return 'Incoming';
    if (lower === 'outgoing') return 'Outgoing';
    if (lower === 'incomingoroutgoing') return 'IncomingOrOutgoing';
  }
  throw badRequest(`'${path}' must be Incoming, Outgoing or IncomingOrOutgoing.`, path);
}

function relationshipPredicate(graph: TwinGraph, filter: JsonObject): TwinPredicate {
  const direction = parseDirection(field(filter, 'relationshipDirection'), 'relationshipFilter.relationshipDirection');
  const names = optStringArray(filter, 'relationshipNames', 'relationshipFilter.relationshipNames');
  const nameSet = names && names.length ? new Set(names) : undefined;
  const related = optObject(filter, 'relatedModelFilter', 'relationshipFilter.relatedModelFilter');
  const relatedModels = related && modelSet(graph, related, 'relationshipFilter.relatedModelFilter');
  const relatedOk = (id: string) => !relatedModels || relatedModels.has(graph.getTwin(id)?.modelId ?? '');
  return (t) => {
    if (
      direction !== 'Incoming' &&
      graph.outgoing(t.id).some((r) => (!nameSet || nameSet.has(r.name)) && relatedOk(r.targetId))
    )
      return true;
    if (
      direction !== 'Outgoing' &&
      graph.incoming(t.id).some((r) => (!nameSet || nameSet.has(r.name)) && relatedOk(r.sourceId))
    )
      return true;
    return false;
  };
}

/** Twins whose isPartOf/locatedIn chains lead to `locationId` (the location itself excluded). */
function twinsUnder(graph: TwinGraph, locationId: string): Set<string> {
  const found = new Set<string>();
  const queue = [locationId];
  for (let i = 0; i < queue.length; i++) {
    for (const rel of graph.incoming(queue[i])) {
      if (!LOCATION_RELATIONSHIPS.has(rel.name) || found.has(rel.sourceId) || rel.sourceId === locationId) continue;
      found.add(rel.sourceId);
      queue.push(rel.sourceId);
    }
  }
  return found;
}

/**
 * A property condition: `field` is a contents key or dotted path (a leading `contents.` is
 * optional; `id`, `modelId` and `lastUpdateTime` address the twin itself), `operator` one of the
 * service's filter operators with the meaning they have in page-number lists (a property the twin
 * lacks reads as null). `filters` combine with the condition by `filterConditionOperator` (And by default).
 */
function propertyPredicate(filter: JsonObject, path: string, depth: number): TwinPredicate {
  if (depth > MAX_FILTER_DEPTH)
    throw badRequest(`'${path}' is nested more than ${MAX_FILTER_DEPTH} levels deep.`, path);
  const name = optString(filter, 'field', `${path}.field`);
  const operator = field(filter, 'operator');
  const combine =
    optString(filter, 'filterConditionOperator', `${path}.filterConditionOperator`)?.toLowerCase() ?? 'and';
  if (combine !== 'and' && combine !== 'or')
    throw badRequest(`'${path}.filterConditionOperator' must be And or Or.`, `${path}.filterConditionOperator`);
  const rawChildren = field(filter, 'filters');
  if (rawChildren !== undefined && rawChildren !== null && !Array.isArray(rawChildren))
    throw badRequest(`'${path}.filters' must be an array.`, `${path}.filters`);
  const children = ((rawChildren as unknown[] | null | undefined) ?? []).map((child, i) => {
    if (!isObject(child)) throw badRequest(`'${path}.filters[${i}]' must be an object.`, `${path}.filters[${i}]`);
    return propertyPredicate(child, `${path}.filters[${i}]`, depth + 1);
  });
  const parts = [...children];
  if (name) parts.unshift(condition(name, operator, field(filter, 'value'), path));
  else if (operator !== undefined && operator !== null)
    throw badRequest(`'${path}.field' is required with an operator.`, `${path}.field`);
  if (!parts.length) return () => true;
  return combine === 'or' ? (t) => parts.some((p) => p(t)) : (t) => parts.every((p) => p(t));
}

function condition(name: string, operator: unknown, value: unknown, path: string): TwinPredicate {
  if (operator === undefined || operator === null || operator === '')
    throw badRequest(`'${path}.operator' is required with a field.`, `${path}.operator`);
  const problem = filterProblem(operator, value);
  if (problem) throw badRequest(problem, isFilterOperator(operator) ? `${path}.value` : `${path}.operator`);
  const read = reader(name);
  return (t) => testOperator(read(t), operator as FilterOperator, value);
}

function reader(name: string): (t: StoredTwin) => unknown {
  if (name === 'id' || name === 'modelId' || name === 'lastUpdateTime') return (t) => t[name];
  const segments = (name.startsWith('contents.') ? name.slice('contents.'.length) : name).split('.');
  return (t) => {
    let v: unknown = t.contents;
    for (const s of segments) {
      if (!isObject(v) || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
      v = v[s];
    }
    return v;
  };
}
