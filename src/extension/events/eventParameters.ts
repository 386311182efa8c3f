// What the event commands accept (eventCommands.ts), position by position. Apart from their handlers because those
// load on first use while these are read at activation, when every command is registered.
import { commandParameters, instanceOf, listOf, oneOf, options, text } from '../shell/commandArgs';
import { file, files, json, row, rowOf, uri } from '../shell/argGuards';
import { EventsNode } from './eventsNode';

export const eventParameters = commandParameters({
  'buildingTwins.events.open': [oneOf(rowOf('events'), text)],
  'buildingTwins.events.newFromTemplate': [oneOf(row, text)],
  'buildingTwins.events.upsertFromJson': [oneOf(uri, json)],
  'buildingTwins.events.delete': [oneOf(rowOf('events'), listOf(text)), listOf(rowOf('events'))],
  'buildingTwins.events.uploadFile': [oneOf(file, files), files],
  'buildingTwins.events.filter': [instanceOf(EventsNode), options],
  'buildingTwins.events.clearFilter': [row],
});
