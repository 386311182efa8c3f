// `buildingtwins:/<connection>/tickets/<id>.json`: a ticket (pre-release group) as a document.
// Saving sends a JSON Patch of `replace` operations built from the edit and checked before sending
// (see ticketPatch.ts); an edit the patch rules cannot express is refused and nothing is sent.
import type { Ticket } from '../../core/api/types';
import { stableJson } from '../documents/jsonText';
import type { LoadedResource, ResourceCall, ResourceHandler } from '../documents/resourceHandler';
import { ticketDocumentPatch } from './ticketPatch';

export const TICKET_DOCUMENT_KIND = 'tickets';
const TICKET_KEY_ORDER = ['id', 'summary', 'description', 'ticketStatus', 'ticketPriority', 'category', 'jobType', 'serviceNeeded', 'twinId', 'insightId'];

export function loadedTicket(ticket: Ticket): LoadedResource {
  const text = stableJson(ticket, TICKET_KEY_ORDER);
  return { value: JSON.parse(text) as unknown, text };
}

export const ticketDocumentHandler: ResourceHandler = {
  kind: TICKET_DOCUMENT_KIND,
  readonly: false,

  async read({ client, ref }) {
    return loadedTicket(await client.getTicket(ref.ids.join('/')));
  },

  async write({ ctx, client, ref }: ResourceCall, edited: unknown, loaded: LoadedResource): Promise<LoadedResource> {
    const id = ref.ids.join('/');
    const patch = ticketDocumentPatch(loaded.value as Ticket, edited);
    if (patch.length === 0) return loaded;
    const ticket = await client.patchTicket(id, patch);
    ctx.log.info(`Ticket ${id} patched on "${ref.connection}": ${patch.map((op) => op.path.slice(1)).join(', ')}`);
    return loadedTicket(ticket);
  },
};
