// The commands whose tables load on first use (extension.ts, firstUseTables): their handlers are not loaded at
// activation, so their ids come from their parameters, declared beside each feature's handlers in a module of its
// own that activation can load. A unit test checks these ids against the first-use tables.
import { authoringParameters } from './authoring/authoringParameters';
import { eventParameters } from './events/eventParameters';
import { requestFileParameters } from './requestFiles/requestFileParameters';
import { allParameters } from './shell/commandArgs';
import {
  ticketAttachmentParameters,
  ticketFieldParameters,
  ticketMetadataParameters,
  ticketParameters,
} from './tickets/ticketParameters';

export const FIRST_USE_PARAMETERS = allParameters([
  eventParameters,
  ticketParameters,
  ticketAttachmentParameters,
  ticketMetadataParameters,
  ticketFieldParameters,
  authoringParameters,
  requestFileParameters,
]);

export const FIRST_USE_COMMANDS: readonly string[] = Object.keys(FIRST_USE_PARAMETERS);
