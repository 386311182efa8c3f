// `${@name#/pointer}` in the strings of a request file: a value from the result of an earlier request of the same
// file, found by a JSON Pointer (RFC 6901) into that result; `${@name}` is the whole result. The parser checks the
// names (an earlier request of the file) and keeps each string holding such a reference as a template; it is filled
// in just before the request is sent, from results of this file's requests only. A string that is exactly one
// reference takes the value with its type; inside longer text the value must be a string, number, boolean or null.

import type { Json } from '../api/types';
import { isPrototypeKey } from '../untrusted/prototypeKeys';
import type { RequestEntry, ResultReference, TemplatePart } from './requestFileModel';

/** What an earlier request of the file returned, as far as references need it. */
export type EarlierResult = { ok: true; result: unknown } | { ok: false };

/** A variable reference's name (between `${` and `}`) that refers to a result: it starts with "@". */
export function isResultReferenceName(name: string): boolean {
  return name.startsWith('@');
}

/** `@name#/a/0` → { request: "name", pointer: "/a/0" }; a message when it cannot be one. */
export function parseResultReference(name: string): ResultReference | { error: string } {
  const body = name.slice(1);
  const hash = body.indexOf('#');
  const request = (hash < 0 ? body : body.slice(0, hash)).trim();
  const pointer = hash < 0 ? '' : body.slice(hash + 1);
  if (!request) return { error: `"\${${name}}" names no request: write \${@request name#/path/in/its/result}` };
  if (pointer && !pointer.startsWith('/'))
    return { error: `"${pointer}" is not a JSON Pointer: it starts with "/", e.g. \${@${request}#/content/0/id}` };
  if (/~(?![01])/.test(pointer)) return { error: `"${pointer}": "~" is written ~0 and "/" in a key ~1` };
  return { request, pointer };
}

function referenceText(reference: ResultReference): string {
  return `\${@${reference.request}${reference.pointer ? `#${reference.pointer}` : ''}}`;
}

/** The value a JSON Pointer reaches in `value` (own properties only), or a message saying where it stopped. */
export function valueAtPointer(
  value: unknown,
  pointer: string,
): { ok: true; value: unknown } | { ok: false; at: string } {
  if (!pointer) return { ok: true, value };
  let current = value;
  let walked = '';
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    walked += `/${raw}`;
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) >= current.length) return { ok: false, at: walked };
      current = current[Number(key)];
    } else if (current !== null && typeof current === 'object' && !isPrototypeKey(key) && Object.hasOwn(current, key)) {
      current = (current as Record<string, unknown>)[key];
    } else return { ok: false, at: walked };
  }
  return { ok: true, value: current };
}

export type Resolution = { ok: true; value: Json } | { ok: false; error: string };

/** A template filled in from earlier results (`results` answers a request's name, undefined when it has not run). */
export function fillTemplate(
  template: readonly TemplatePart[],
  results: (request: string) => EarlierResult | undefined,
): Resolution {
  const values: Json[] = [];
  for (const part of template) {
    if (typeof part === 'string') continue;
    const earlier = results(part.request);
    if (!earlier)
      return {
        ok: false,
        error: `${referenceText(part)}: "${part.request}" has not run yet: run it first (or run the whole file)`,
      };
    if (!earlier.ok)
      return { ok: false, error: `${referenceText(part)}: "${part.request}" failed, so it has no result to use` };
    const found = valueAtPointer(earlier.result, part.pointer);
    if (!found.ok || found.value === undefined)
      return {
        ok: false,
        error: `${referenceText(part)}: the result of "${part.request}" has nothing at ${found.ok ? part.pointer : found.at}`,
      };
    values.push(found.value as Json);
  }
  if (template.length === 1 && typeof template[0] !== 'string') return { ok: true, value: values[0]! };
  let text = '';
  let next = 0;
  for (const part of template) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    const value = values[next++]!;
    if (value !== null && typeof value === 'object')
      return {
        ok: false,
        error: `${referenceText(part)} is ${Array.isArray(value) ? 'a list' : 'an object'}: it can only stand alone as the whole string`,
      };
    text += String(value);
  }
  return { ok: true, value: text };
}

/** A copy of `root` with the value at `path` replaced. */
function replacedAt(root: Json | undefined, path: ReadonlyArray<string | number>, value: Json): Json {
  if (!path.length) return value;
  const [key, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, i) => (i === key ? replacedAt(item, rest, value) : item));
  const copy: Record<string, Json> = { ...(root as Record<string, Json>) };
  copy[key as string] = replacedAt(copy[key as string], rest, value);
  return copy;
}

/**
 * The request with its result references filled in, ready to send; the entry itself when it has none. An error names
 * the first reference that cannot be filled in (not run yet, failed, nothing at the path).
 */
export function resolveResultReferences(
  entry: RequestEntry,
  results: (request: string) => EarlierResult | undefined,
): { ok: true; entry: RequestEntry } | { ok: false; error: string } {
  if (!entry.chained?.length) return { ok: true, entry };
  let query: Json | undefined = entry.query;
  let body = entry.body;
  for (const chained of entry.chained) {
    const filled = fillTemplate(chained.template, results);
    if (!filled.ok) return filled;
    if (chained.part === 'query') query = replacedAt(query, chained.path, filled.value);
    else body = replacedAt(body, chained.path, filled.value);
  }
  const { chained: _chained, ...rest } = entry;
  return {
    ok: true,
    entry: {
      ...rest,
      ...(query !== undefined ? { query: query as Record<string, Json> } : {}),
      ...(body !== undefined ? { body } : {}),
    },
  };
}
