// Commands whose handlers live in the bundle loaded on first use (scripts/firstUseModulePlugin.mjs): registered at
// activation by their ids alone, their table is read when one of them first runs. Pure: no 'vscode'.
import type { CommandTable } from './commandTypes';

/** A table of `ids` whose handlers each run `tables()[id]`; `tables` is called on the first run of any, once. */
export function firstUseTable<S>(ids: readonly string[], tables: () => readonly CommandTable<S>[]): CommandTable<S> {
  let loaded: CommandTable<S> | undefined;
  const handler =
    (id: string) =>
    (services: S, ...args: unknown[]): unknown => {
      loaded ??= Object.assign({}, ...tables()) as CommandTable<S>;
      const run = loaded[id];
      if (!run) throw new Error(`Command ${id} is listed as loaded on first use but no table defines it`); // l10n-exempt: a programming error the tests catch
      return run(services, ...args);
    };
  return Object.fromEntries(ids.map((id) => [id, handler(id)]));
}
