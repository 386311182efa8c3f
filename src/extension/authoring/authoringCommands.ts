import { file, files, row, twinRow } from '../shell/argGuards';
import { listOf, oneOf, text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { isExportFormat } from '../../core/bulk/exportFormats';
import { createFromJson } from './createFromJson';
import { exportToFile } from './exportCommand';
import { importFromFiles } from './importCommand';
import { createRelationship } from './relationshipCommand';
import { sendTelemetryFromFile } from './telemetryCommand';
import { newTwinDraft } from './twinDraftCommand';

/** Authoring: twin drafts, create from JSON, relationships, bulk import/export and telemetry files. */
export const authoringCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.newTwinDraft': accepts(oneOf(row, text)).run(newTwinDraft),
  'buildingTwins.createFromJson': accepts(file).run(createFromJson),
  'buildingTwins.createRelationship': accepts(oneOf(twinRow, text)).run(createRelationship),
  // (clicked file or row, selected files)
  'buildingTwins.importFile': accepts(oneOf(file, row), files).run(importFromFiles),
  // (row, file to write or the selected rows, format)
  'buildingTwins.exportTwins': accepts(row, oneOf(file, listOf(row)), isExportFormat).run(exportToFile),
  'buildingTwins.sendTelemetryFile': accepts(file, files).run(sendTelemetryFromFile),
};
