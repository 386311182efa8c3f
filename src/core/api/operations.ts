// Which operations may be sent twice. Only these are retried after a 429, 502, 503, 504 or a network
// error: a retry of anything else could apply a change twice.

import type { BuildingTwinsApi } from './types';

type OperationName = Exclude<keyof BuildingTwinsApi, `iterate${string}`>;

/** `true`: safe to repeat. `'keyed'`: safe only when every item carries its upsert key (see client). */
export const RETRY_SAFE: Readonly<Record<OperationName, boolean | 'keyed'>> = {
  getToken: true, // issues another token, changes nothing
  listModels: true,
  getModel: true,
  listTwins: true, // a query carried in a POST body
  putTwin: true, // create-or-replace by id: idempotent
  getTwin: true,
  patchTwin: false, // JSON Patch may add to arrays or depend on prior state
  getTwinsByIds: true,
  getTwinGraph: true,
  countTwins: true,
  putRelationship: true, // the contract: repeating the same PUT is idempotent
  getRelationship: true,
  listOutgoingRelationships: true,
  listIncomingRelationships: true,
  sendTimeSeries: false, // inserting twice stores the values twice
  getTimeSeries: true,
  getLatestTimeSeries: true,
  getTimeSeriesByIds: true,
  getLatestTimeSeriesByIds: true,
  listInsights: true,
  getInsight: true,
  listEvents: true,
  putEvents: 'keyed', // upsert by id, or by (eventSourceId, externalId); an event with neither is created anew
  deleteEvents: true, // deleting again leaves the same state (the second count may be lower)
  getEvent: true,
  listEventTypes: true,
  uploadEventFiles: false, // rows without ids are created anew
  listTickets: true,
  createTicket: false, // PUT /tickets creates a new ticket every time
  getTicket: true,
  patchTicket: true, // replace-only patches set the same values again
  getTicketAttachment: true,
  listTicketMetadata: true,
  createTicketMetadata: false, // creates another item every time
  renameTicketMetadata: true, // replace /name
  listTicketStatuses: true,
  listTicketPriorities: true,
};
