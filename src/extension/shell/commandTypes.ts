// The shape of a command table, apart from any feature so that every feature can name it.

/** A command's handler: the services it uses first, then the arguments VS Code passes (normalised, see commandArgs.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments come from VS Code untyped
export type CommandHandler<Services> = (services: Services, ...args: any[]) => unknown;

/** Command id (`buildingTwins.*`) -> handler. Each feature exports one; the composition root (extension.ts) lists them. */
export type CommandTable<Services> = Readonly<Record<string, CommandHandler<Services>>>;

/**
 * The table of a feature whose parameters are declared (commandArgs.ts, `commandParameters`): one handler for each
 * declared command, and no other.
 */
export type CommandsFor<Parameters, Services> = { readonly [Id in keyof Parameters]: CommandHandler<Services> };
