import { isObject, type JsonObject } from '../core/dtdl/dtdlText';
import { badRequest } from './httpErrors';

/** Request-body readers: keys match case-insensitively (camelCase and PascalCase), wrong types -> 400 naming the field. */

export { isObject, type JsonObject } from '../core/dtdl/dtdlText';

/** The value of the first of `names` present in `obj` (case-insensitive), or undefined. */
export function field(obj: JsonObject, ...names: string[]): unknown {
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(obj, name)) return obj[name];
  }
  for (const key of Object.keys(obj)) {
    for (const name of names) {
      // Length first: most keys are ruled out without allocating lower-case copies.
      if (key.length === name.length && key.toLowerCase() === name.toLowerCase()) return obj[key];
    }
  }
  return undefined;
}

/** Requires the body to be a JSON object (`what` names it in the error). */
export function requireObject(value: unknown, what = 'body'): JsonObject {
  if (!isObject(value)) throw badRequest(`The ${what} must be a JSON object.`, what === 'body' ? '$' : what);
  return value;
}

export function requireArray(value: unknown, what = 'body'): unknown[] {
  if (!Array.isArray(value)) throw badRequest(`The ${what} must be a JSON array.`, what === 'body' ? '$' : what);
  return value;
}

/** Optional object field (null counts as absent). `path` is the name used in errors. */
export function optObject(obj: JsonObject, name: string, path = name): JsonObject | undefined {
  const v = field(obj, name);
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw badRequest(`'${path}' must be an object.`, path);
  return v;
}

export function optString(obj: JsonObject, names: string | string[], path?: string): string | undefined {
  const list = Array.isArray(names) ? names : [names];
  const v = field(obj, ...list);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`'${path ?? list[0]}' must be a string.`, path ?? list[0]);
  return v;
}

export function reqString(obj: JsonObject, names: string | string[], path?: string): string {
  const list = Array.isArray(names) ? names : [names];
  const v = optString(obj, list, path);
  if (v === undefined || v === '') throw badRequest(`'${path ?? list[0]}' is required.`, path ?? list[0]);
  return v;
}

export function optBoolean(obj: JsonObject, name: string, path = name): boolean | undefined {
  const v = field(obj, name);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`'${path}' must be true or false.`, path);
  return v;
}

export function optInteger(obj: JsonObject, name: string, min: number, max: number, path = name): number | undefined {
  const v = field(obj, name);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw badRequest(`'${path}' must be an integer.`, path);
  if (v < min || v > max) throw badRequest(`'${path}' must be between ${min} and ${max}.`, path);
  return v;
}

export function optStringArray(obj: JsonObject, name: string, path = name): string[] | undefined {
  const v = field(obj, name);
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string'))
    throw badRequest(`'${path}' must be an array of strings.`, path);
  return v as string[];
}

/** Query-string readers. */
export function queryBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const raw = queryValue(query, name);
  if (raw === undefined || raw === '') return undefined;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw badRequest(`Query parameter '${name}' must be true or false.`, name);
}

export function queryInteger(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = queryValue(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`Query parameter '${name}' must be an integer.`, name);
  const n = Number(raw);
  if (n < min || n > max) throw badRequest(`Query parameter '${name}' must be between ${min} and ${max}.`, name);
  return n;
}

/** Case-insensitive query lookup. */
export function queryValue(query: URLSearchParams, name: string): string | undefined {
  const direct = query.get(name);
  if (direct !== null) return direct;
  const lower = name.toLowerCase();
  for (const [k, v] of query) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** Parses an ISO 8601 date-time (a date alone is midnight UTC); 400 naming `path` otherwise. */
export function parseDateTime(value: unknown, path: string): number {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/.test(value)
  ) {
    throw badRequest(`'${path}' must be an ISO 8601 date-time, e.g. 2024-10-01T12:34:56Z.`, path);
  }
  const hasZone = /([Zz]|[+-]\d{2}:?\d{2})$/.test(value) || value.length === 10;
  const ms = Date.parse(hasZone ? value : `${value}Z`);
  if (Number.isNaN(ms)) throw badRequest(`'${path}' is not a valid date-time.`, path);
  return ms;
}
