// What each command accepts, position by position. VS Code calls a command with whatever the place it was run
// from provides: nothing (palette, keybinding), the focused row and the selected rows (view title, since the
// tree allows a selection), the clicked row and the selection (row menus), a URI and the selected URIs
// (Explorer), a URI and an editor context (editor title), or the arguments of a tree item's own command. The
// command table passes each handler only the arguments its parameters accept; the rest become `undefined`,
// so a handler never sees a shape it cannot use. Pure: no 'vscode'.

/** Whether a value is what one parameter of a command accepts. */
export type ArgGuard = (value: unknown) => boolean;

/**
 * The arguments for a handler with these parameters: `args[i]` when `params[i]` accepts it, else undefined;
 * arguments beyond the parameters are dropped. Trailing undefined values are trimmed, so a handler's default
 * parameter values apply as when it is called with fewer arguments.
 */
export function normaliseArgs(args: readonly unknown[], params: readonly ArgGuard[]): unknown[] {
  const out = params.map((accepts, i) =>
    args[i] !== undefined && args[i] !== null && accepts(args[i]) ? args[i] : undefined,
  );
  while (out.length && out[out.length - 1] === undefined) out.pop();
  return out;
}

/** Text: an id, a name, a path, JSON (a blank one too: the handler says what is wrong with it). */
export const text: ArgGuard = (value) => typeof value === 'string';

/** A plain object of options such as `{ port: 0 }` (not a tree row, a URI or an array). */
export const options: ArgGuard = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** An instance of one of these classes (tree rows of a kind, `vscode.Uri`). */
export function instanceOf(...kinds: ReadonlyArray<abstract new (...args: never[]) => unknown>): ArgGuard {
  return (value) => kinds.some((kind) => value instanceof kind);
}

/** A non-empty array whose every item `item` accepts (the selected rows, the selected files, ids). */
export function listOf(item: ArgGuard): ArgGuard {
  return (value) => Array.isArray(value) && value.length > 0 && value.every((v) => item(v));
}

/** Accepted by any of the guards. */
export function oneOf(...guards: ArgGuard[]): ArgGuard {
  return (value) => guards.some((accepts) => accepts(value));
}

/** What each command of a feature accepts, position by position: command id -> one guard per parameter. */
export type CommandParameters<Id extends string = string> = Readonly<Record<Id, readonly ArgGuard[]>>;

/**
 * Declares what a feature's commands accept, beside their handlers. The ids stay literal, so the feature's table
 * is typed `CommandsFor<typeof parameters, …>` (commandTypes.ts): a command without a declaration, or a
 * declaration without a handler, does not compile.
 */
export function commandParameters<Id extends string>(parameters: CommandParameters<Id>): CommandParameters<Id> {
  return parameters;
}

/** The parameters of every feature in one record; an id declared twice is a programming error. */
export function allParameters(features: readonly CommandParameters[]): CommandParameters {
  const all: Record<string, readonly ArgGuard[]> = {};
  for (const feature of features) {
    for (const [id, guards] of Object.entries(feature)) {
      if (Object.hasOwn(all, id)) throw new Error(`The parameters of ${id} are declared twice`); // l10n-exempt: a programming error the tests catch
      all[id] = guards;
    }
  }
  return all;
}
