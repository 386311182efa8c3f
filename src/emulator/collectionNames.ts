/**
 * Names of the store collections. Routes share state only through these; the sample loader fills
 * them at start-up. Keys are the resource ids (attachments: `{ticketId}/{attachmentId}`).
 */
export const COLLECTIONS = {
  twins: 'twins',
  relationships: 'relationships',
  insights: 'insights',
  events: 'events',
  eventTypes: 'eventTypes',
  tickets: 'tickets',
  /** Values: `{ ticketId, attachment: TicketAttachment, contentBase64: string }`. */
  ticketAttachments: 'ticketAttachments',
  ticketCategories: 'ticketCategories',
  ticketJobTypes: 'ticketJobTypes',
  ticketServicesNeeded: 'ticketServicesNeeded',
  ticketStatuses: 'ticketStatuses',
  ticketPriorities: 'ticketPriorities',
} as const;
