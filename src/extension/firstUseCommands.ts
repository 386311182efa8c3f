// The ids of the commands whose tables load on first use (extension.ts, firstUseTables): the command's feature
// is not loaded at activation, so its id is written here. A unit test checks this list against those tables.
export const FIRST_USE_COMMANDS: readonly string[] = [
  // events (events/eventCommands.ts)
  'buildingTwins.events.open',
  'buildingTwins.events.newFromTemplate',
  'buildingTwins.events.upsertFromJson',
  'buildingTwins.events.delete',
  'buildingTwins.events.uploadFile',
  'buildingTwins.events.filter',
  'buildingTwins.events.clearFilter',
  // tickets (tickets/ticketCommands.ts, ticketAttachmentCommands.ts, ticketMetadataCommands.ts, ticketFieldCommand.ts)
  'buildingTwins.tickets.open',
  'buildingTwins.tickets.create',
  'buildingTwins.tickets.createFromJson',
  'buildingTwins.tickets.createForInsight',
  'buildingTwins.tickets.applyPatch',
  'buildingTwins.tickets.openAttachment',
  'buildingTwins.tickets.saveAttachment',
  'buildingTwins.tickets.createMetadata',
  'buildingTwins.tickets.renameMetadata',
  'buildingTwins.tickets.editField',
  // authoring (authoring/authoringCommands.ts)
  'buildingTwins.newTwinDraft',
  'buildingTwins.createFromJson',
  'buildingTwins.createRelationship',
  'buildingTwins.importFile',
  'buildingTwins.exportTwins',
  'buildingTwins.sendTelemetryFile',
  // twin request files (requestFiles/requestFileCommands.ts)
  'buildingTwins.runRequest',
  'buildingTwins.runAllRequests',
  'buildingTwins.openSampleRequests',
  'buildingTwins.saveTwinGroupAsRequest',
];
