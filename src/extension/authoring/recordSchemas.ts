// The schemas of event and ticket documents and drafts, by the name they are served under
// (`buildingtwins-schema://schemas/<kind>.json`), built from the service's lists. Pure: no 'vscode'.
import type { EventType } from '../../core/api/types';
import type { JsonSchema } from '../../core/dtdl/twinJsonSchema';
import type { SchemaSource } from './authoringSchemas';
import type { RecordSchemaKind } from './schemaKinds';
import { eventDocumentSchema, eventsDraftSchema } from '../events/eventSchemas';
import {
  ticketDocumentSchema,
  ticketPatchSchema,
  ticketRequestSchema,
  type TicketVocabulary,
} from '../tickets/ticketSchemas';

/** Where the lists come from (the active connection, read when a schema is served). */
export interface RecordSchemaInputs {
  eventTypes(): Promise<readonly EventType[]>;
  ticketVocabulary(): Promise<TicketVocabulary>;
}

/** What a kind is built from (named by the schema served when it cannot be read). */
export function recordSchemaSource(kind: RecordSchemaKind): Exclude<SchemaSource, 'models'> {
  return kind.startsWith('event') ? 'eventTypes' : 'ticketLists';
}

export async function recordSchema(kind: RecordSchemaKind, inputs: RecordSchemaInputs): Promise<JsonSchema> {
  switch (kind) {
    case 'event':
      return eventDocumentSchema(await inputs.eventTypes());
    case 'events':
      return eventsDraftSchema(await inputs.eventTypes());
    case 'ticket':
      return ticketDocumentSchema(await inputs.ticketVocabulary());
    case 'ticket-request':
      return ticketRequestSchema(await inputs.ticketVocabulary());
    case 'ticket-patch':
      return ticketPatchSchema(await inputs.ticketVocabulary());
  }
}
