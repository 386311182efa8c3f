// Keys that reach an object's prototype when a property is set through them. A key read from a file
// or from the service is checked here before it becomes a property name.

const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `key` is `__proto__`, `constructor` or `prototype`. */
export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

/**
 * `target[key] = value` as an own data property, also for `__proto__`, whose assignment would replace
 * the prototype instead (JSON.parse keeps such a key as an ordinary property; a copy must too).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The message for a refused key, naming where it was found. */
export function prototypeKeyMessage(key: string, where: string): string {
  return `${where} uses the reserved name "${key}" (__proto__, constructor and prototype are refused as property names)`;
}

/**
 * The JSON Pointer of the first own key of `value` (at any depth) that is a prototype key, or
 * undefined. Iterative, so deep values cannot overflow the stack.
 */
export function findPrototypeKey(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  while (stack.length) {
    const { value: current, pointer } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((v, i) => [String(i), v])
      : Object.entries(current);
    for (const [key, child] of entries) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!Array.isArray(current) && isPrototypeKey(key)) return at;
      if (child !== null && typeof child === 'object') stack.push({ value: child, pointer: at });
    }
  }
  return undefined;
}
