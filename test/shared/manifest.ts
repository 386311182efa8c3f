// package.json as VS Code shows it. The manifest's user-facing text lives in package.nls.json and the manifest holds
// "%key%" placeholders; VS Code replaces every string value that starts and ends with "%" by the text of that key.
// Tests that read titles, names or descriptions read them through `localisedManifest`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../harness/harnessPaths';

/** A package.nls*.json entry: the text, or the text with a comment for translators. */
export type NlsEntry = string | { message: string; comment: string[] };

/** The key of a placeholder value ("%command.goToTwin.title%" -> "command.goToTwin.title"), else undefined. */
export function placeholderKey(value: string): string | undefined {
  return value.length > 2 && value.startsWith('%') && value.endsWith('%') ? value.slice(1, -1) : undefined;
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as T;
}

/** `manifest` with every placeholder replaced by its English text; a placeholder without a key throws. */
export function resolvePlaceholders<T>(manifest: T, nls: Record<string, NlsEntry>): T {
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const key = placeholderKey(value);
      if (key === undefined) return value;
      const entry = nls[key];
      if (entry === undefined) throw new Error(`package.nls.json has no "${key}"`);
      return typeof entry === 'string' ? entry : entry.message;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve(manifest) as T;
}

/** package.json with its English text in place, as VS Code (in English) and the Marketplace show it. */
export function localisedManifest<T>(): T {
  return resolvePlaceholders(readJson<T>('package.json'), readJson<Record<string, NlsEntry>>('package.nls.json'));
}
