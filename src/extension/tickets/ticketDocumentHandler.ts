// `buildingtwins:/<connection>/tickets/<id>.json`: a ticket (pre-release group) as a document.
// Saving sends a JSON Patch of `replace` operations built from the edit and checked before sending
// (see ticketPatch.ts); an edit the patch rules cannot express is refused and nothing is sent. When the
// ticket changed on the service since it was opened (its updatedDate), the user confirms first.
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
    const base = loaded.value as Ticket;
    const patch = ticketDocumentPatch(base, edited);
    if (patch.length === 0) return loaded;
    const current = await client.getTicket(id);
    if ((current.updatedDate ?? null) !== (base.updatedDate ?? null)) {
      const overwrite = await ctx.input.confirm(`Ticket ${id} was changed on the service after you opened it. Save your changes over it?`, {
        detail: `Only the fields you changed are sent (${patch.map((op) => op.path.slice(1)).join(', ')}); the service now has the version of ${current.updatedDate ?? 'unknown time'}.`,
        confirmLabel: 'Overwrite',
      });
      if (!overwrite) throw new Error(`Not saved: ticket ${id} changed on the service (now ${current.updatedDate ?? 'unknown time'}). Your edits are still in the editor; use "Revert File" to load the new version.`);
    }
    const ticket = await client.patchTicket(id, patch);
    ctx.log.info(`Ticket ${id} patched on "${ref.connection}": ${patch.map((op) => op.path.slice(1)).join(', ')}`);
    return loadedTicket(ticket);
  },
};
