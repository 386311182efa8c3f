// What the authoring commands accept (authoringCommands.ts), position by position. Apart from their handlers
// because those load on first use while these are read at activation, when every command is registered.
import { commandParameters, listOf, oneOf, text } from '../shell/commandArgs';
import { file, files, row, twinRow } from '../shell/argGuards';

export const authoringParameters = commandParameters({
  'buildingTwins.newTwinDraft': [oneOf(row, text)],
  'buildingTwins.createFromJson': [file],
  'buildingTwins.createRelationship': [oneOf(twinRow, text)],
  'buildingTwins.importFile': [oneOf(file, row), files],
  'buildingTwins.exportTwins': [row, oneOf(file, listOf(row))],
  'buildingTwins.sendTelemetryFile': [file, files],
});
