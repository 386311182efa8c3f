import type { CommandTable } from '../commands';
import { createFromJson } from './createFromJson';
import { exportToFile } from './exportCommand';
import { importFromFiles } from './importCommand';
import { createRelationship } from './relationshipCommand';
import { sendTelemetryFromFile } from './telemetryCommand';
import { newTwinDraft } from './twinDraftCommand';

/** Authoring: twin drafts, create from JSON, relationships, bulk import/export and telemetry files. */
export const authoringCommands: CommandTable = {
  'buildingTwins.newTwinDraft': newTwinDraft,
  'buildingTwins.createFromJson': createFromJson,
  'buildingTwins.createRelationship': createRelationship,
  'buildingTwins.importFile': importFromFiles,
  'buildingTwins.exportTwins': exportToFile,
  'buildingTwins.sendTelemetryFile': sendTelemetryFromFile,
};
