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
    for (const child of children) if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
