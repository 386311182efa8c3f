// What the twin request file commands accept (requestFileCommands.ts), position by position. Apart from their
// handlers because those load on first use while these are read at activation, when every command is registered.
import { commandParameters, instanceOf, text } from '../shell/commandArgs';
import { uri } from '../shell/argGuards';
import { TwinModelGroupNode } from '../twins/twinsNode';

export const requestFileParameters = commandParameters({
  // (file, request name) from a CodeLens; nothing from the keybinding (the request at the cursor)
  'buildingTwins.runRequest': [uri, text],
  'buildingTwins.runAllRequests': [uri],
  'buildingTwins.openSampleRequests': [],
  'buildingTwins.saveTwinGroupAsRequest': [instanceOf(TwinModelGroupNode)],
});
