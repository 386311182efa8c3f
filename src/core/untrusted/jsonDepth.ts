// How deep JSON may nest. The service refuses deeper bodies, and recursive code (parsers, validators,
// JSON.stringify) overflows the stack on a value thousands of levels deep, so depth is checked first.

/** ASP.NET's System.Text.Json default: the service refuses JSON nested deeper than this. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `value` nests objects/arrays deeper than `max` levels (the top-level value is level 1).
 * Iterative, so a hostile 20,000-level body cannot overflow the stack while being checked.
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current as Record<string, unknown>);
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The offset of the first `{` or `[` in JSON text that opens a level deeper than `max`, or undefined.
 * Strings are skipped; the text need not be valid JSON. One pass, no recursion.
 */
export function tooDeepOffset(text: string, max = MAX_JSON_DEPTH): number | undefined {
  const scanner = new JsonDepthScanner(max);
  for (let i = 0; i < text.length; i++) if (scanner.step(text.charCodeAt(i))) return i;
  return undefined;
}

/**
 * The nesting of JSON read piece by piece (characters or UTF-8 bytes: the brackets, quotes and backslashes are
 * ASCII, which no multi-byte sequence contains), so a body can be refused while it is still arriving.
 */
export class JsonDepthScanner {
  #depth = 0;
  #inString = false;
  #escaped = false;

  constructor(readonly max = MAX_JSON_DEPTH) {}

  /** Reads one code; true when it opens a level deeper than `max`. */
  step(code: number): boolean {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (code === 0x5c) this.#escaped = true;
      else if (code === 0x22) this.#inString = false;
    } else if (code === 0x22) {
      this.#inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      return ++this.#depth > this.max;
    } else if (code === 0x7d || code === 0x5d) {
      this.#depth--;
    }
    return false;
  }

  /** Reads a chunk of bytes; the offset in it of the first bracket too deep, or undefined. */
  feed(bytes: Uint8Array): number | undefined {
    for (let i = 0; i < bytes.length; i++) if (this.step(bytes[i]!)) return i;
    return undefined;
  }
}
