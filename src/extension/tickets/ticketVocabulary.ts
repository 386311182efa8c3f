import type { BuildingTwinsApi, TicketMetadataItem, TicketMetadataKind } from '../../core/api/types';
import type { TicketVocabulary } from './ticketSchemas';

/** The service allows pages of up to 1000 items; the metadata lists are far shorter. */
const LIST_SIZE = 1000;

/** A ticket metadata list (categories, job types, services needed) by name. */
export async function listTicketMetadata(
  client: BuildingTwinsApi,
  kind: TicketMetadataKind,
): Promise<TicketMetadataItem[]> {
  return (
    await client.listTicketMetadata(kind, {
      page: 1,
      pageSize: LIST_SIZE,
      sortSpecifications: [{ field: 'name', sort: 'asc' }],
    })
  ).items;
}

/** Every list a ticket refers to by id, read from the service (five requests). */
export async function loadTicketVocabulary(client: BuildingTwinsApi): Promise<TicketVocabulary> {
  const [statuses, priorities, categories, jobTypes, servicesNeeded] = await Promise.all([
    client.listTicketStatuses(),
    client.listTicketPriorities(),
    listTicketMetadata(client, 'categories'),
    listTicketMetadata(client, 'job-types'),
    listTicketMetadata(client, 'service-needed'),
  ]);
  return { statuses, priorities, categories, jobTypes, servicesNeeded };
}
