import type { CliCommand } from './cliCommand';
import { eventCommands } from './eventCommands';
import { insightCommands } from './insightCommands';
import { modelCommands } from './modelCommands';
import { relationshipCommands } from './relationshipCommands';
import { ticketCommands } from './ticketCommands';
import { timeSeriesCommands } from './timeSeriesCommands';
import { tokenCommands } from './tokenCommands';
import { twinCommands } from './twinCommands';

export const COMMANDS: readonly CliCommand[] = [
  ...modelCommands,
  ...twinCommands,
  ...relationshipCommands,
  ...timeSeriesCommands,
  ...insightCommands,
  ...eventCommands,
  ...ticketCommands,
  ...tokenCommands,
];
