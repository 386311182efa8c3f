// What the ticket commands accept (ticketCommands.ts, ticketAttachmentCommands.ts, ticketMetadataCommands.ts,
// ticketFieldCommand.ts), position by position. Apart from their handlers because those load on first use while
// these are read at activation, when every command is registered.
import { commandParameters, oneOf, options, text } from '../shell/commandArgs';
import { file, json, row, rowOf, uri } from '../shell/argGuards';

export const ticketParameters = commandParameters({
  'buildingTwins.tickets.open': [oneOf(rowOf('tickets'), text)],
  'buildingTwins.tickets.create': [row],
  'buildingTwins.tickets.createFromJson': [oneOf(uri, json)],
  'buildingTwins.tickets.createForInsight': [oneOf(rowOf('insights'), text)],
  'buildingTwins.tickets.applyPatch': [oneOf(rowOf('tickets'), uri, text), json],
});

export const ticketAttachmentParameters = commandParameters({
  'buildingTwins.tickets.openAttachment': [oneOf(rowOf('ticketAttachments'), options)],
  'buildingTwins.tickets.saveAttachment': [oneOf(rowOf('ticketAttachments'), options), file],
});

export const ticketMetadataParameters = commandParameters({
  'buildingTwins.tickets.createMetadata': [oneOf(row, text), text],
  'buildingTwins.tickets.renameMetadata': [row, text],
});

export const ticketFieldParameters = commandParameters({
  'buildingTwins.tickets.editField': [oneOf(rowOf('tickets'), uri)],
});
