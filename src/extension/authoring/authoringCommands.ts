import type { CommandsFor } from '../shell/commandTypes';
import type { authoringParameters } from './authoringParameters';
import type { ExtensionServices } from '../shell/services';
import { createFromJson } from './createFromJson';
import { exportToFile } from './exportCommand';
import { importFromFiles } from './importCommand';
import { createRelationship } from './relationshipCommand';
import { sendTelemetryFromFile } from './telemetryCommand';
import { newTwinDraft } from './twinDraftCommand';

/** Authoring: twin drafts, create from JSON, relationships, bulk import/export and telemetry files. */
export const authoringCommands: CommandsFor<typeof authoringParameters, ExtensionServices> = {
  'buildingTwins.newTwinDraft': newTwinDraft,
  'buildingTwins.createFromJson': createFromJson,
  'buildingTwins.createRelationship': createRelationship,
  'buildingTwins.importFile': importFromFiles,
  'buildingTwins.exportTwins': exportToFile,
  'buildingTwins.sendTelemetryFile': sendTelemetryFromFile,
};
