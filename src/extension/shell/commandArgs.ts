// What each command accepts, position by position. VS Code calls a command with whatever the place it was run
// from provides: nothing (palette, keybinding), the focused row and the selected rows (view title, since the
// tree allows a selection), the clicked row and the selection (row menus), a URI and the selected URIs
// (Explorer), a URI and an editor context (editor title), or the arguments of a tree item's own command. The
// command table passes each handler only the arguments its guards accept; the rest become `undefined`, so a
// handler never sees a shape it cannot use, and its parameters have the types its guards accept. Pure: no 'vscode'.

/** Whether a value is what one parameter of a command accepts; a handler's parameter has the type `T`. */
export type Guard<T> = (value: unknown) => value is T;

/** The type a guard accepts. */
export type Guarded<G> = G extends Guard<infer T> ? T : never;

/** A handler's arguments for these guards: each of the type its guard accepts, or absent. */
export type GuardedArgs<Guards extends readonly Guard<unknown>[]> = {
  -readonly [K in keyof Guards]?: Guarded<Guards[K]>;
};

/**
 * The arguments for a handler with these guards: `args[i]` when `guards[i]` accepts it, else undefined; arguments
 * beyond the guards are dropped. Trailing undefined values are trimmed, so a handler's default parameter values
 * apply as when it is called with fewer arguments.
 */
export function normaliseArgs(args: readonly unknown[], guards: readonly Guard<unknown>[]): unknown[] {
  const out = guards.map((accepts, i) =>
    args[i] !== undefined && args[i] !== null && accepts(args[i]) ? args[i] : undefined,
  );
  while (out.length && out[out.length - 1] === undefined) out.pop();
  return out;
}

/** Text: an id, a name, a path, JSON (a blank one too: the handler says what is wrong with it). */
export const text = (value: unknown): value is string => typeof value === 'string';

/** A plain object of options such as `{ port: 0 }`: its fields are unchecked until a handler reads them. */
export type Options = Readonly<Record<string, unknown>>;

/** A plain object of options (not a tree row, a URI or an array). */
export const options = (value: unknown): value is Options => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** An instance of a class (tree rows of a kind). */
export function instanceOf<T>(kind: abstract new (...args: never[]) => T): Guard<T> {
  return (value): value is T => value instanceof kind;
}

/** A non-empty array whose every item `item` accepts (the selected rows, the selected files, ids). */
export function listOf<T>(item: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.length > 0 && value.every((v) => item(v));
}

/** Accepted by any of the guards. */
export function oneOf<Guards extends ReadonlyArray<Guard<unknown>>>(...guards: Guards): Guard<Guarded<Guards[number]>> {
  return (value): value is Guarded<Guards[number]> => guards.some((accepts) => accepts(value));
}
