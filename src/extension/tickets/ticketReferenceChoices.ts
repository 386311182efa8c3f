// The names a ticket reference can take, with their ids, read from the service (one request per list).
import type { BuildingTwinsApi } from '../../core/api/types';
import type { TicketReferenceList } from './ticketReferenceTarget';
import { listTicketMetadata } from './ticketVocabulary';

export interface TicketReferenceChoice {
  id: string;
  name: string;
  /** The priority level, for priorities. */
  detail?: string;
}

export async function ticketReferenceChoices(
  client: BuildingTwinsApi,
  list: TicketReferenceList,
): Promise<TicketReferenceChoice[]> {
  if (list === 'statuses') return (await client.listTicketStatuses()).map((s) => ({ id: s.id, name: s.name ?? s.id }));
  if (list === 'priorities')
    return (await client.listTicketPriorities()).map((p) => ({
      id: p.id,
      name: p.name ?? p.id,
      detail: p.priorityLevel ?? undefined,
    }));
  return (await listTicketMetadata(client, list)).map((m) => ({ id: m.id, name: m.name }));
}
