// `buildingtwins:/<connection>/tickets/<id>.json`: a ticket (pre-release group) as a document.
// Saving sends a JSON Patch of `replace` operations built from the edit and checked before sending
// (see ticketPatch.ts); an edit the patch rules cannot express is refused and nothing is sent. When the
// ticket changed on the service since it was opened (its updatedDate), the user confirms first.
import * as l10n from '@vscode/l10n';
import type { Ticket } from '../../core/api/types';
import {
  loadedResource,
  type LoadedResource,
  type ResourceCall,
  type ResourceHandler,
} from '../documents/resourceHandler';
import { ticketDocumentPatch } from './ticketPatch';

export const TICKET_DOCUMENT_KIND = 'tickets';
export const TICKET_KEY_ORDER = [
  'id',
  'summary',
  'description',
  'ticketStatus',
  'ticketPriority',
  'category',
  'jobType',
  'serviceNeeded',
  'twinId',
  'insightId',
];

export const ticketDocumentHandler: ResourceHandler = {
  kind: TICKET_DOCUMENT_KIND,
  readonly: false,

  async read({ client, ref }) {
    return loadedResource(await client.getTicket(ref.ids.join('/')), TICKET_KEY_ORDER);
  },

  async write(
    { services, client, ref }: ResourceCall,
    edited: unknown,
    loaded: LoadedResource,
  ): Promise<LoadedResource> {
    const id = ref.ids.join('/');
    const base = loaded.value as Ticket;
    const patch = ticketDocumentPatch(base, edited);
    if (patch.length === 0) return loaded;
    const current = await client.getTicket(id);
    if ((current.updatedDate ?? null) !== (base.updatedDate ?? null)) {
      const choice = await services.writes.onServiceChange(ref, {
        subject: l10n.t('Ticket {0}', id),
        detail: l10n.t(
          'Only the fields you changed are sent ({0}); the service now has the version of {1}.',
          patch.map((op) => op.path.slice(1)).join(', '),
          current.updatedDate ?? l10n.t('unknown time'),
        ),
        now: current.updatedDate,
        serviceText: loadedResource(current, TICKET_KEY_ORDER).text,
      });
      if (choice === 'revert') return { ...loadedResource(current, TICKET_KEY_ORDER), reverted: true };
    }
    await services.writes.beforeSend(
      ref,
      { subject: l10n.t('ticket {0}', id), method: 'PATCH', path: `/tickets/${encodeURIComponent(id)}`, patch },
      loaded.text,
    );
    const ticket = await client.patchTicket(id, patch);
    services.log.info(`Ticket ${id} patched on "${ref.connection}": ${patch.map((op) => op.path.slice(1)).join(', ')}`);
    return loadedResource(ticket, TICKET_KEY_ORDER);
  },
};
