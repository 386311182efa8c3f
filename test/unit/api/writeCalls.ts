import type { BuildingTwinsClient } from '../../../src/core/api/client';

const NOW = '2026-01-01T00:00:00Z';

/** One call of every write operation, each with arguments the service would accept. */
export const WRITES: Record<string, (client: BuildingTwinsClient) => Promise<unknown>> = {
  putTwin: (c) => c.putTwin({ id: 'RO-NEW', modelId: 'dtmi:com:willowinc:Room;1' }),
  patchTwin: (c) => c.patchTwin('HP-L01', [{ op: 'replace', path: '/name', value: 'x' }]),
  putRelationship: (c) => c.putRelationship({ sourceId: 'HP-L01', targetId: 'BLD-HP', name: 'isPartOf' }),
  sendTimeSeries: (c) =>
    c.sendTimeSeries([{ connectorId: 'c', twinId: 'HP-L01', sourceTimestamp: NOW, scalarValue: 1 }]),
  putEvents: (c) =>
    c.putEvents([{ name: 'e', startTime: NOW, eventTypeId: 1, payload: null, payloadVersion: null, twinId: null }]),
  deleteEvents: (c) => c.deleteEvents(['some-event']),
  uploadEventFiles: (c) => c.uploadEventFiles([{ name: 'events.json', content: '[]' }]),
  createTicket: (c) => c.createTicket({ summary: 'Leak' }),
  patchTicket: (c) => c.patchTicket('some-ticket', [{ op: 'replace', path: '/summary', value: 'x' }]),
  createTicketMetadata: (c) => c.createTicketMetadata('categories', 'New'),
  renameTicketMetadata: (c) => c.renameTicketMetadata('categories', 'some-id', 'Renamed'),
};
