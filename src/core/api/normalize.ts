// Accepts the documented variants of response shapes and hands the rest of the client one form:
// camelCase keys (the service's examples also use PascalCase), `dtId`/`twinId` for a twin's id,
// "latest" as an object or a one-item array, `errorData` or `errorList`, a count as `{count}` or a
// bare integer. Unknown fields are kept.

import type {
  BatchPage,
  ContinuationPage,
  DigitalTwin,
  Insight,
  Model,
  ProblemDetails,
  Relationship,
  TimeSeriesData,
  TimeSeriesErrorData,
  TimeSeriesPage,
  TwinGraphCollection,
  TwinGraphItem,
  TwinGraphResult,
} from './types';
import { isObject } from '../dtdl/dtdlText';
import { setOwn } from '../untrusted/prototypeKeys';
import { documentedRelationship, documentedTwin } from './adtTwin';
import { adtDetail } from './adtPassThrough';

type Obj = Record<string, unknown>;

/** Keys whose values are user data (DTDL contents, relationship properties, language maps, validation errors): never re-cased. */
const OPAQUE_KEYS: ReadonlySet<string> = new Set([
  'contents',
  'properties',
  'displayName',
  'description',
  'errors',
  'payload',
  'modelDefinition',
  'customProperties',
]);

class ShapeError extends Error {}

/** `Id` -> `id`, `ScenarioId` -> `scenarioId`, `ID` -> `id`; camelCase keys are unchanged. */
function camelKey(key: string): string {
  const first = key.charCodeAt(0);
  if (!(first >= 65 && first <= 90)) return key; // not A-Z: already camelCase (the common case, kept cheap)
  if (/^[A-Z0-9_]+$/.test(key)) return key.toLowerCase();
  return key[0]!.toLowerCase() + key.slice(1);
}

/**
 * Re-cases keys recursively (not below `opaque` keys). When both spellings exist the camelCase one wins.
 * Copy on write: a value that needs no change is returned as it is (responses are parsed JSON the client
 * owns), so an already camelCase page of 10,000 points allocates nothing here (and reads each key once).
 */
export function camelizeKeys(value: unknown, opaque: ReadonlySet<string> = OPAQUE_KEYS): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (typeof item !== 'object' || item === null) continue;
      const next = camelizeKeys(item, opaque);
      if (next !== item) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (!isObject(value)) return value;
  let out: Obj | undefined;
  for (const key in value) {
    const inner = value[key];
    const camel = camelKey(key);
    const next = typeof inner !== 'object' || inner === null || opaque.has(camel) ? inner : camelizeKeys(inner, opaque);
    if (!out && (camel !== key || next !== inner)) {
      out = {};
      for (const earlier in value) {
        if (earlier === key) break;
        setOwn(out, earlier, value[earlier]);
      }
    }
    if (!out) continue;
    if (camel !== key && Object.prototype.hasOwnProperty.call(value, camel)) continue;
    setOwn(out, camel, next);
  }
  return out ?? value;
}

function obj(value: unknown, what: string, opaque?: ReadonlySet<string>): Obj {
  const camel = camelizeKeys(value, opaque);
  if (!isObject(camel)) throw new ShapeError(`expected ${what} as a JSON object, got ${describeJson(value)}`);
  return camel;
}

/** Where pages hold their rows: a page's own keys are re-cased here, its rows once each by their own normaliser. */
const ROW_LISTS: ReadonlySet<string> = new Set([...OPAQUE_KEYS, 'data', 'items', 'content', 'value']);

/** A page object with its keys re-cased but its rows as sent (each is normalised once, on its own). */
function pageObj(value: unknown, what: string): Obj {
  return obj(value, what, ROW_LISTS);
}

function describeJson(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** Moves the first present alias onto `key` and drops the aliases. */
function alias(o: Obj, key: string, aliases: string[]): void {
  for (const name of aliases) {
    if (!(name in o)) continue;
    if (o[key] === undefined || o[key] === null) o[key] = o[name];
    delete o[name];
  }
}

export function normalizeRelationship(raw: unknown): Relationship {
  const o = obj(documentedRelationship(raw), 'a relationship');
  alias(o, 'id', ['$relationshipId', 'relationshipId']);
  alias(o, 'sourceId', ['$sourceId']);
  alias(o, 'targetId', ['$targetId']);
  alias(o, 'name', ['$relationshipName', 'relationshipName']);
  return o as Relationship;
}

/** The documented shape, or Azure Digital Twins' own (wrapped or flat, see adtTwin.ts). */
export function normalizeTwin(raw: unknown): DigitalTwin {
  const o = obj(documentedTwin(raw), 'a twin');
  alias(o, 'id', ['dtId', '$dtId', 'twinId']);
  if (o.modelId === undefined && isObject(o.$metadata) && typeof o.$metadata.$model === 'string')
    o.modelId = o.$metadata.$model;
  for (const key of ['incomingRelationships', 'outgoingRelationships'] as const) {
    if (Array.isArray(o[key])) o[key] = (o[key] as unknown[]).map(normalizeRelationship);
  }
  if (typeof o.id !== 'string') throw new ShapeError('a twin without an id');
  return o as DigitalTwin;
}

export function normalizeModel(raw: unknown): Model {
  const o = obj(raw, 'a model');
  alias(o, 'modelDefinition', ['model']); // the 2024 service's name for it
  if (isObject(o.modelDefinition) || Array.isArray(o.modelDefinition))
    o.modelDefinition = JSON.stringify(withDtdlKeywords(o.modelDefinition));
  if (typeof o.id !== 'string') throw new ShapeError('a model without an id');
  return o as Model;
}

const DTDL_KEYWORDS: ReadonlyArray<[string, string]> = [
  ['id', '@id'],
  ['type', '@type'],
  ['context', '@context'],
];

/**
 * A DTDL definition sent as an object whose keywords lost their `@` (`id`, `type`, `context`, as Willow's twin
 * lifecycle service serializes models) with the keywords restored; a definition that has them is unchanged.
 */
function withDtdlKeywords(definition: unknown): unknown {
  const top = Array.isArray(definition) ? definition[0] : definition;
  if (!isObject(top) || '@id' in top || '@context' in top || typeof top.id !== 'string') return definition;
  const restore = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(restore);
    if (!isObject(value)) return value;
    const out: Obj = {};
    for (const [key, inner] of Object.entries(value)) {
      const keyword = DTDL_KEYWORDS.find(([bare]) => bare === key)?.[1];
      setOwn(out, keyword && !(keyword in value) ? keyword : key, restore(inner));
    }
    return out;
  };
  return restore(definition);
}

export function normalizeTimeSeriesData(raw: unknown): TimeSeriesData {
  const o = obj(raw, 'a time series value');
  alias(o, 'twinId', ['dtId']);
  return o as TimeSeriesData;
}

/**
 * A page's rows, normalised in place (the client owns the parsed JSON). A row already in the client's form
 * (camelCase keys, no `dtId`, no nested objects) is kept as it is: for the common page that is the whole cost.
 */
function normalizeTimeSeriesRows(rows: unknown[]): TimeSeriesData[] {
  for (let i = 0; i < rows.length; i++) {
    if (!inClientForm(rows[i])) rows[i] = normalizeTimeSeriesData(rows[i]);
  }
  return rows as TimeSeriesData[];
}

/** Every key one of the row fields the client reads as they are (`properties` is user data, never re-cased). */
function inClientForm(row: unknown): boolean {
  if (!isObject(row)) return false;
  for (const key in row) {
    // A switch over literals: far cheaper per key than a Set lookup or reading the values.
    switch (key) {
      case 'connectorId':
      case 'twinId':
      case 'externalId':
      case 'sourceTimestamp':
      case 'enqueuedTimestamp':
      case 'scalarValue':
      case 'properties':
        continue;
      default:
        return false;
    }
  }
  return true;
}

/** "latest" for one twin: an object, a one-item array, an empty array or null. */
export function normalizeLatest(raw: unknown): TimeSeriesData | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === '') return null;
  return normalizeTimeSeriesData(value);
}

/** "latest" for several twins: an array, or an object wrapping one under `data`/`items`. */
export function normalizeLatestList(raw: unknown): TimeSeriesData[] {
  const list = Array.isArray(raw) ? raw : listIn(pageObj(raw, 'latest values'), ['data', 'items', 'content', 'value']);
  return list.filter((item) => item !== null).map(normalizeTimeSeriesData);
}

function listIn(o: Obj, keys: string[]): unknown[] {
  for (const key of keys) if (Array.isArray(o[key])) return o[key] as unknown[];
  return [];
}

/** `errorData` (one object) and `errorList` (a list, or an object) merged into `errorData`; `errorList` is kept as sent. */
export function normalizeTimeSeriesPage(raw: unknown): TimeSeriesPage {
  const o = pageObj(raw, 'a time series page');
  o.data = o.data === null ? null : normalizeTimeSeriesRows(listIn(o, ['data', 'items', 'content']));
  o.continuationToken = typeof o.continuationToken === 'string' && o.continuationToken ? o.continuationToken : null;
  const parts = [o.errorData, ...(Array.isArray(o.errorList) ? o.errorList : [o.errorList])].filter(
    isObject,
  ) as TimeSeriesErrorData[];
  if (parts.length) {
    const messages = parts.map((p) => p.message).filter((m): m is string => typeof m === 'string' && m !== '');
    const ids = parts.flatMap((p) => (Array.isArray(p.ids) ? p.ids : []));
    o.errorData = {
      ...(messages.length ? { message: [...new Set(messages)].join('; ') } : {}),
      ...(ids.length ? { ids } : {}),
    };
  }
  return o as TimeSeriesPage;
}

export function normalizeContinuationPage<T>(raw: unknown, item: (value: unknown) => T): ContinuationPage<T> {
  const o = Array.isArray(raw) ? { content: raw } : pageObj(raw, 'a page');
  o.content = listIn(o, ['content', 'items', 'value']).map(item);
  o.continuationToken = typeof o.continuationToken === 'string' && o.continuationToken ? o.continuationToken : null;
  return o as ContinuationPage<T>;
}

export function normalizeBatchPage<T>(raw: unknown, item: (value: unknown) => T): BatchPage<T> {
  const o = pageObj(raw, 'a page');
  const items = listIn(o, ['items', 'content', 'data']).map(item);
  const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    ...o,
    items,
    before: num(o.before, 0),
    after: num(o.after, 0),
    total: num(o.total, items.length),
  } as BatchPage<T>;
}

export function normalizeInsight(raw: unknown): Insight {
  const o = obj(raw, 'an insight');
  if (o.scenarioId === undefined) o.scenarioId = null;
  return o as Insight;
}

/** Any object response, re-cased (events, tickets, metadata, results). */
export function normalizeObject<T>(raw: unknown, what = 'an object'): T {
  return obj(raw, what) as T;
}

export function normalizeList<T>(raw: unknown, item: (value: unknown) => T): T[] {
  if (Array.isArray(raw)) return raw.map(item);
  return listIn(pageObj(raw, 'a list'), ['items', 'content', 'value', 'data']).map(item);
}

/** `{ count }` (any casing) or a bare integer (also as text). */
export function normalizeCount(raw: unknown): number {
  const value = isObject(raw) ? (camelizeKeys(raw) as Obj).count : raw;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new ShapeError(`expected a count, got ${JSON.stringify(raw)}`);
  return n;
}

export function normalizeTwinGraph(raw: unknown): TwinGraphResult {
  const o = obj(raw, 'a twin graph');
  o.twin = normalizeTwin(o.twin);
  o.related = normalizeCollections(o.related);
  return o as TwinGraphResult;
}

function normalizeCollections(raw: unknown): TwinGraphCollection[] {
  return (Array.isArray(raw) ? raw : []).filter(isObject).map((collection) => ({
    ...collection,
    alias: String(collection.alias ?? ''),
    items: (Array.isArray(collection.items) ? collection.items : []).filter(isObject).map((item): TwinGraphItem => ({
      ...item,
      relationship: normalizeRelationship(item.relationship),
      twin: normalizeTwin(item.twin),
      related: normalizeCollections(item.related),
    })),
  }));
}

/**
 * An error body as ProblemDetails, from any of the service's error shapes: ASP.NET ProblemDetails and
 * ValidationProblemDetails in any casing, the backends' `{ statusCode, message, data }` (an error passed through
 * from Azure Digital Twins gets ADT's words and error code as `detail`: adtPassThrough.ts), or an OAuth2 /
 * Entra `{ error, error_description, error_codes, trace_id, … }` (whose description's first line becomes
 * `detail`). Every field sent is kept. Undefined when the body is not JSON of that kind (plain-text 429).
 */
export function normalizeProblem(text: string): ProblemDetails | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const o = camelizeKeys(parsed) as Obj;
  if (typeof o.error === 'string' && o.title === undefined) {
    const description = typeof o.error_description === 'string' ? o.error_description.split(/\r?\n/)[0]!.trim() : '';
    return { ...o, title: o.error, ...(description ? { detail: description } : {}) };
  }
  if (typeof o.message === 'string' && o.detail === undefined) {
    return {
      ...o,
      detail: adtDetail(o.message),
      ...(typeof o.statusCode === 'number' && o.status === undefined ? { status: o.statusCode } : {}),
    };
  }
  const known = ['title', 'detail', 'status', 'type', 'errors'].some((key) => o[key] !== undefined && o[key] !== null);
  return known ? (o as ProblemDetails) : undefined;
}
