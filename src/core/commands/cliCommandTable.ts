import type { CliCommand } from './cliCommand';
import { eventCliCommands } from './eventCliCommands';
import { insightCliCommands } from './insightCliCommands';
import { modelCliCommands } from './modelCliCommands';
import { relationshipCliCommands } from './relationshipCliCommands';
import { ticketCliCommands } from './ticketCliCommands';
import { timeSeriesCliCommands } from './timeSeriesCliCommands';
import { tokenCliCommands } from './tokenCliCommands';
import { twinCliCommands } from './twinCliCommands';

export const COMMANDS: readonly CliCommand[] = [
  ...modelCliCommands,
  ...twinCliCommands,
  ...relationshipCliCommands,
  ...timeSeriesCliCommands,
  ...insightCliCommands,
  ...eventCliCommands,
  ...ticketCliCommands,
  ...tokenCliCommands,
];
