import type { ExtensionServices } from '../shell/services';
import { TicketsNode } from './ticketsNode';

/** Lists a connection's tickets again (after a ticket was created, or a list its tickets name changed). */
export function refreshTickets(ctx: Pick<ExtensionServices, 'tree'>, connection: string): void {
  const node = ctx.tree.connectionNode(connection)?.group(TicketsNode);
  if (node) ctx.tree.refresh(node);
}
