import type { CliCommand } from './cliCommand';
import { eventCommands } from './commands/eventCommands';
import { insightCommands } from './commands/insightCommands';
import { modelCommands } from './commands/modelCommands';
import { relationshipCommands } from './commands/relationshipCommands';
import { ticketCommands } from './commands/ticketCommands';
import { timeSeriesCommands } from './commands/timeSeriesCommands';
import { tokenCommands } from './commands/tokenCommands';
import { twinCommands } from './commands/twinCommands';

export const COMMANDS: readonly CliCommand[] = [
  ...modelCommands, ...twinCommands, ...relationshipCommands, ...timeSeriesCommands,
  ...insightCommands, ...eventCommands, ...ticketCommands, ...tokenCommands,
];
