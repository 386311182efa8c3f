// The one command table, merged from the features' tables by the composition root. Pure: no 'vscode'.
import type { Command, CommandTable } from './commandTypes';

/** One table of every command from the features' tables; an id defined twice is a programming error. */
export function allCommands<S>(tables: readonly CommandTable<S>[]): Map<string, Command<S>> {
  const all = new Map<string, Command<S>>();
  for (const table of tables) {
    for (const [id, command] of Object.entries(table)) {
      if (all.has(id)) throw new Error(`Command ${id} is defined twice`); // l10n-exempt: a programming error the tests catch
      all.set(id, command);
    }
  }
  return all;
}
