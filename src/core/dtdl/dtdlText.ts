import type { LocalizedText } from './dtdlTypes';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `@type` as a list (DTDL allows a string or an array). */
export function typeList(node: JsonObject): string[] {
  const t = node['@type'];
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

/** DTDL localizable strings are a plain string or a language map; normalise to a map (`en` for a plain string). */
export function localized(value: unknown): LocalizedText | undefined {
  if (typeof value === 'string') return { en: value };
  if (!isObject(value)) return undefined;
  const out: LocalizedText = {};
  for (const [lang, text] of Object.entries(value)) if (typeof text === 'string') out[lang] = text;
  return Object.keys(out).length ? out : undefined;
}

/** English text, else the first language, else undefined. */
export function pickText(text: LocalizedText | undefined): string | undefined {
  if (!text) return undefined;
  return text.en ?? text[Object.keys(text)[0]];
}

/** `dtmi:com:example:Room;1` -> `Room`. */
export function dtmiLastSegment(id: string): string {
  const noVersion = id.replace(/;[0-9.]+$/, '');
  return noVersion.slice(noVersion.lastIndexOf(':') + 1) || id;
}

/** DTDL version from `@context` (2 or 3; 3 when absent or unrecognised). */
export function contextVersion(context: unknown, fallback = 3): number {
  const list = Array.isArray(context) ? context : [context];
  for (const c of list) {
    const m = typeof c === 'string' ? /^dtmi:dtdl:context;(\d+)$/.exec(c) : null;
    if (m) return Number(m[1]);
  }
  return fallback;
}
