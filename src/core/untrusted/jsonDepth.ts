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
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return undefined;
}
