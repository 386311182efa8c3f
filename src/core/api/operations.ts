// Which operations may be sent twice. Only these are retried after a 429, 502, 503, 504 or a network
// error: a retry of anything else could apply a change twice.

import type { BuildingTwinsApi } from './types';

type OperationName = Exclude<keyof BuildingTwinsApi, `iterate${string}` | 'readOnly'>;

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

/**
 * Whether an operation changes the service's state. A read-only client (BuildingTwinsClientOptions.readOnly)
 * refuses every `'write'` before anything is sent. Judged by effect, not by HTTP method: the twin query and the
 * token request are POSTs and reads. An operation missing from this table counts as a write (see isWriteOperation).
 */
export const OPERATION_ACCESS: Readonly<Record<OperationName, 'read' | 'write'>> = {
  getToken: 'read',
  listModels: 'read',
  getModel: 'read',
  listTwins: 'read',
  putTwin: 'write',
  getTwin: 'read',
  patchTwin: 'write',
  getTwinsByIds: 'read',
  getTwinGraph: 'read',
  countTwins: 'read',
  putRelationship: 'write',
  getRelationship: 'read',
  listOutgoingRelationships: 'read',
  listIncomingRelationships: 'read',
  sendTimeSeries: 'write',
  getTimeSeries: 'read',
  getLatestTimeSeries: 'read',
  getTimeSeriesByIds: 'read',
  getLatestTimeSeriesByIds: 'read',
  listInsights: 'read',
  getInsight: 'read',
  listEvents: 'read',
  putEvents: 'write',
  deleteEvents: 'write',
  getEvent: 'read',
  listEventTypes: 'read',
  uploadEventFiles: 'write',
  listTickets: 'read',
  createTicket: 'write',
  getTicket: 'read',
  patchTicket: 'write',
  getTicketAttachment: 'read',
  listTicketMetadata: 'read',
  createTicketMetadata: 'write',
  renameTicketMetadata: 'write',
  listTicketStatuses: 'read',
  listTicketPriorities: 'read',
};

/** True for the operations that change state, and for any name the table does not know (fails closed). */
export function isWriteOperation(operation: string): boolean {
  return (
    !Object.prototype.hasOwnProperty.call(OPERATION_ACCESS, operation) ||
    OPERATION_ACCESS[operation as OperationName] === 'write'
  );
}
