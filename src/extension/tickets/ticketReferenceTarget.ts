// Where in a ticket document a reference id is being typed (`"ticketStatus": { "id": | }`), for completion of the
// metadata names with their ids. Pure: no 'vscode'.
import { getLocation } from 'jsonc-parser';
import type { TicketUpdatableProperty } from '../../core/api/types';

/** The ticket document's reference objects whose `id` a patch sends, and the list each id comes from. */
export const TICKET_REFERENCE_LISTS = {
  ticketStatus: 'statuses',
  ticketPriority: 'priorities',
  category: 'categories',
  jobType: 'job-types',
  serviceNeeded: 'service-needed',
} as const;
export type TicketReferenceField = keyof typeof TICKET_REFERENCE_LISTS;
export type TicketReferenceList = (typeof TICKET_REFERENCE_LISTS)[TicketReferenceField];

/** The patch property each reference field's id maps onto. */
export const TICKET_REFERENCE_PROPERTIES: Record<TicketReferenceField, TicketUpdatableProperty> = {
  ticketStatus: 'statusId',
  ticketPriority: 'priorityId',
  category: 'categoryId',
  jobType: 'jobTypeId',
  serviceNeeded: 'serviceNeededId',
};

export interface TicketReferenceTarget {
  field: TicketReferenceField;
  /** The string the cursor is in (quotes included), to replace whole; absent: insert a quoted id at the cursor. */
  replace?: { offset: number; length: number };
}

function isReferenceField(key: unknown): key is TicketReferenceField {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(TICKET_REFERENCE_LISTS, key);
}

/** The reference whose `id` value is at `offset` of the ticket document `text`, else undefined. */
export function ticketReferenceAt(text: string, offset: number): TicketReferenceTarget | undefined {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey || location.path.length !== 2 || location.path[1] !== 'id') return undefined;
  const field = location.path[0];
  if (!isReferenceField(field)) return undefined;
  const node = location.previousNode;
  if (node && node.type === 'string') return { field, replace: { offset: node.offset, length: node.length } };
  return { field };
}
