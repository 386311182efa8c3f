// The twin ids the service can take: checked before anything is sent, so a bad id is reported with
// where it came from instead of failing (or being misread) on the wire.

import { hasControl } from '../untrusted/controlCharacters';

/** The longest twin id the service accepts, in UTF-16 code units. */
export const MAX_TWIN_ID_LENGTH = 512;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why the service cannot take `id` as a twin id, or undefined when it can. The reason reads after the
 * name of the field: "must be a non-empty string", "has 600 characters; …".
 */
export function twinIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || id.trim() === '') return 'must be a non-empty string';
  if (id.length > MAX_TWIN_ID_LENGTH) return `has ${id.length} characters; at most ${MAX_TWIN_ID_LENGTH} are allowed`;
  if (hasControl(id)) return 'holds a control character';
  return twinIdPathProblem(id);
}

/**
 * Why an id could be stored but never read back, or undefined: `.` and `..` name another resource in a URL path, and
 * a lone surrogate is not valid Unicode (it cannot be sent as UTF-8). The emulator refuses these as well.
 */
export function twinIdPathProblem(id: string): string | undefined {
  if (id === '.' || id === '..') return `cannot be "${id}" (in a URL path it would name another resource)`;
  if (LONE_SURROGATE.test(id)) return 'holds a lone surrogate (not valid Unicode, so it cannot be sent as UTF-8)';
  return undefined;
}
