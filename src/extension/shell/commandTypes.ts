// A command: what it accepts (commandArgs.ts) and its handler, apart from any feature so that every feature can
// name it. Pure: no 'vscode'.
import type { Guard, GuardedArgs } from './commandArgs';

/** A command's guards, one per parameter, and its handler: the services it uses first, then the arguments. */
export interface Command<Services> {
  readonly params: readonly Guard<unknown>[];
  readonly run: (services: Services, ...args: unknown[]) => unknown;
}

/** Command id (`buildingTwins.*`) -> command. Each feature exports one; the composition root (extension.ts) lists them. */
export type CommandTable<Services> = Readonly<Record<string, Command<Services>>>;

/**
 * A command that accepts these arguments, position by position: `accepts(oneOf(row, text)).run(handler)`. The
 * handler's parameters have the types the guards accept (a handler whose types differ does not compile); the
 * runner passes it only arguments its guards accepted (normaliseArgs), the others as undefined.
 */
export function accepts<const Guards extends readonly Guard<unknown>[]>(...params: Guards) {
  return {
    run: <Services>(run: (services: Services, ...args: GuardedArgs<Guards>) => unknown): Command<Services> => ({
      params,
      run: run as Command<Services>['run'],
    }),
  };
}
