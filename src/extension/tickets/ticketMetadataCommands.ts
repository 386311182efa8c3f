import type { TicketMetadataItem, TicketMetadataKind } from '../../core/api/types';
import type { CommandTable } from '../commands';
import { authoring } from '../authoring/authoringServices';
import type { BuildingTwinsContext } from '../extensionContext';
import { notifyResult, targetConnection } from '../tree/commandTarget';
import { METADATA_KIND_LABELS, TicketMetadataItemNode, TicketMetadataKindNode, TicketMetadataNode } from '../tree/ticketMetadataNodes';
import { noIcons } from '../iconText';
import { refreshTickets } from './ticketRefresh';
import { listTicketMetadata } from './ticketVocabulary';

const KINDS = Object.keys(METADATA_KIND_LABELS) as TicketMetadataKind[];

function nameError(value: string): string | undefined {
  if (!value.trim()) return 'The name cannot be empty.';
  if (value.trim().length > 200) return 'Keep the name under 200 characters.';
  return undefined;
}

/** After a change to a list: its rows, the tickets naming its items, and the ticket schemas (their ids and names). */
function refreshKind(ctx: BuildingTwinsContext, connection: string, kind: TicketMetadataKind): void {
  const node = ctx.tree.connectionNode(connection)?.group(TicketMetadataNode)?.kindNode(kind);
  if (node) ctx.tree.refresh(node);
  refreshTickets(ctx, connection);
  authoring(ctx).schemas.refresh((schema) => schema.startsWith('ticket'));
}

/** Creates a category, job type or service needed: from its tree node (+), or the palette (pick the kind); `name` skips the input. */
async function createMetadata(ctx: BuildingTwinsContext, target?: unknown, name?: unknown): Promise<TicketMetadataItem> {
  const kind = target instanceof TicketMetadataKindNode ? target.kind
    : typeof target === 'string' && (KINDS as string[]).includes(target) ? (target as TicketMetadataKind)
    : await pickKind(ctx, 'New ticket metadata (preview): which list');
  const label = METADATA_KIND_LABELS[kind].singular;
  const text = typeof name === 'string' ? name : await ctx.input.input({ title: `New ticket ${label} (preview)`, prompt: `Name of the new ${label}`, validate: nameError });
  const invalid = nameError(text);
  if (invalid) throw new Error(`${invalid} Nothing was sent.`);
  const { connection, client } = await targetConnection(ctx, target);
  const item = await client.createTicketMetadata(kind, text.trim());
  ctx.log.info(`Ticket ${label} "${item.name}" (${item.id}) created on "${connection}"`);
  notifyResult(ctx, `Ticket ${label} created: ${item.name}`);
  refreshKind(ctx, connection, kind);
  return item;
}

async function pickKind(ctx: BuildingTwinsContext, title: string): Promise<TicketMetadataKind> {
  return (await ctx.input.pick(KINDS.map((k) => ({ label: METADATA_KIND_LABELS[k].plural, listKind: k })), { title })).listKind;
}

/**
 * Renames a category, job type or service needed: its tree item, or from the palette (pick the list,
 * then the item, on the active connection); `name` skips the input.
 */
async function renameMetadata(ctx: BuildingTwinsContext, target?: unknown, name?: unknown): Promise<TicketMetadataItem> {
  const { connection, client } = await targetConnection(ctx, target);
  let kind: TicketMetadataKind;
  let current: TicketMetadataItem;
  if (target instanceof TicketMetadataItemNode) {
    kind = target.list.kind;
    current = target.item;
  } else {
    kind = await pickKind(ctx, 'Rename ticket metadata (preview): which list');
    const items = await listTicketMetadata(client, kind);
    if (items.length === 0) throw new Error(`There are no ticket ${METADATA_KIND_LABELS[kind].plural.toLowerCase()} to rename.`);
    current = (await ctx.input.pick(items.map((i) => ({ label: noIcons(i.name), description: noIcons(i.id), item: i })), { title: `Rename which ${METADATA_KIND_LABELS[kind].singular}` })).item;
  }
  const label = METADATA_KIND_LABELS[kind].singular;
  const text = typeof name === 'string' ? name : await ctx.input.input({ title: `Rename ticket ${label} (preview)`, prompt: `New name of "${current.name}"`, value: current.name, validate: nameError });
  const invalid = nameError(text);
  if (invalid) throw new Error(`${invalid} Nothing was sent.`);
  const item = await client.renameTicketMetadata(kind, current.id, text.trim());
  ctx.log.info(`Ticket ${label} ${item.id} renamed to "${item.name}" on "${connection}"`);
  refreshKind(ctx, connection, kind);
  return item;
}

export const metadataCommands: CommandTable = {
  'buildingTwins.tickets.createMetadata': createMetadata,
  'buildingTwins.tickets.renameMetadata': renameMetadata,
};
