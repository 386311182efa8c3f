import * as vscode from 'vscode';
import type { TicketMetadataItem, TicketMetadataKind } from '../../core/api/types';
import { row } from '../shell/argGuards';
import { oneOf, text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { TreeNode } from '../explorer/treeNode';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import {
  METADATA_KIND_LABELS,
  TicketMetadataItemNode,
  TicketMetadataKindNode,
  TicketMetadataNode,
} from './ticketMetadataNode';
import { noIcons } from '../shell/iconText';
import { refreshTickets } from './ticketRefresh';
import { listTicketMetadata } from './ticketVocabulary';

const KINDS = Object.keys(METADATA_KIND_LABELS) as TicketMetadataKind[];

interface KindTexts {
  newTitle(): string;
  newPrompt(): string;
  created(name: string): string;
  renameTitle(): string;
  pickToRename(): string;
  noneToRename(): string;
}

/** What the commands say about each list, every sentence whole so a translation words it for that list. */
const KIND_TEXTS: Record<TicketMetadataKind, KindTexts> = {
  categories: {
    newTitle: () => vscode.l10n.t('New ticket category (preview)'),
    newPrompt: () => vscode.l10n.t('Name of the new category'),
    created: (name) => vscode.l10n.t('Ticket category created: {0}', name),
    renameTitle: () => vscode.l10n.t('Rename ticket category (preview)'),
    pickToRename: () => vscode.l10n.t('Rename which category'),
    noneToRename: () => vscode.l10n.t('There are no ticket categories to rename.'),
  },
  'job-types': {
    newTitle: () => vscode.l10n.t('New ticket job type (preview)'),
    newPrompt: () => vscode.l10n.t('Name of the new job type'),
    created: (name) => vscode.l10n.t('Ticket job type created: {0}', name),
    renameTitle: () => vscode.l10n.t('Rename ticket job type (preview)'),
    pickToRename: () => vscode.l10n.t('Rename which job type'),
    noneToRename: () => vscode.l10n.t('There are no ticket job types to rename.'),
  },
  'service-needed': {
    newTitle: () => vscode.l10n.t('New ticket service needed (preview)'),
    newPrompt: () => vscode.l10n.t('Name of the new service needed'),
    created: (name) => vscode.l10n.t('Ticket service needed created: {0}', name),
    renameTitle: () => vscode.l10n.t('Rename ticket service needed (preview)'),
    pickToRename: () => vscode.l10n.t('Rename which service needed'),
    noneToRename: () => vscode.l10n.t('There are no ticket services needed to rename.'),
  },
};

function nameError(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('The name cannot be empty.');
  if (value.trim().length > 200) return vscode.l10n.t('Keep the name under 200 characters.');
  return undefined;
}

/** The name typed or given, checked again (a name passed as an argument skipped the input's check). */
function checkedName(text: string): string {
  const invalid = nameError(text);
  if (invalid) throw new Error(vscode.l10n.t('{0} Nothing was sent.', invalid));
  return text.trim();
}

/** After a change to a list: its rows, the tickets naming its items, and the ticket schemas (their ids and names). */
function refreshKind(
  ctx: Pick<ExtensionServices, 'authoring' | 'tree'>,
  connection: string,
  kind: TicketMetadataKind,
): void {
  const node = ctx.tree.connectionNode(connection)?.group(TicketMetadataNode)?.kindNode(kind);
  if (node) ctx.tree.refresh(node);
  refreshTickets(ctx, connection);
  ctx.authoring.schemas.refresh((schema) => schema.startsWith('ticket'));
}

/** Creates a category, job type or service needed: from its tree node (+), or the palette (pick the kind); `name` skips the input. */
async function createMetadata(
  ctx: Pick<ExtensionServices, 'authoring' | 'connections' | 'input' | 'log' | 'tree'>,
  target?: TreeNode | string,
  name?: string,
): Promise<TicketMetadataItem> {
  const kind =
    target instanceof TicketMetadataKindNode
      ? target.metadataKind
      : typeof target === 'string' && (KINDS as string[]).includes(target)
        ? (target as TicketMetadataKind)
        : await pickKind(ctx, vscode.l10n.t('New ticket metadata (preview): which list'));
  const texts = KIND_TEXTS[kind];
  const text =
    name ?? (await ctx.input.input({ title: texts.newTitle(), prompt: texts.newPrompt(), validate: nameError }));
  const checked = checkedName(text);
  const { connection, client } = await targetConnection(ctx, target);
  const item = await client.createTicketMetadata(kind, checked);
  ctx.log.info(`Ticket metadata (${kind}) "${item.name}" (${item.id}) created on "${connection}"`);
  notifyResult(ctx, texts.created(item.name));
  refreshKind(ctx, connection, kind);
  return item;
}

async function pickKind(ctx: Pick<ExtensionServices, 'input'>, title: string): Promise<TicketMetadataKind> {
  return (
    await ctx.input.pick(
      KINDS.map((k) => ({ label: METADATA_KIND_LABELS[k].plural, listKind: k })),
      { title },
    )
  ).listKind;
}

/**
 * Renames a category, job type or service needed: its tree item, or from the palette (pick the list,
 * then the item, on the active connection); `name` skips the input.
 */
async function renameMetadata(
  ctx: Pick<ExtensionServices, 'authoring' | 'connections' | 'input' | 'log' | 'tree'>,
  target?: TreeNode,
  name?: string,
): Promise<TicketMetadataItem> {
  const { connection, client } = await targetConnection(ctx, target);
  let kind: TicketMetadataKind;
  let current: TicketMetadataItem;
  if (target instanceof TicketMetadataItemNode) {
    kind = target.list.metadataKind;
    current = target.item;
  } else {
    kind = await pickKind(ctx, vscode.l10n.t('Rename ticket metadata (preview): which list'));
    const items = await listTicketMetadata(client, kind);
    if (items.length === 0) throw new Error(KIND_TEXTS[kind].noneToRename());
    current = (
      await ctx.input.pick(
        items.map((i) => ({ label: noIcons(i.name), description: noIcons(i.id), item: i })),
        { title: KIND_TEXTS[kind].pickToRename() },
      )
    ).item;
  }
  const text =
    name ??
    (await ctx.input.input({
      title: KIND_TEXTS[kind].renameTitle(),
      prompt: vscode.l10n.t('New name of "{0}"', current.name),
      value: current.name,
      validate: nameError,
    }));
  const item = await client.renameTicketMetadata(kind, current.id, checkedName(text));
  ctx.log.info(`Ticket metadata (${kind}) ${item.id} renamed to "${item.name}" on "${connection}"`);
  refreshKind(ctx, connection, kind);
  return item;
}

export const metadataCommands: CommandTable<ExtensionServices> = {
  // (list row or list kind, name)
  'buildingTwins.tickets.createMetadata': accepts(oneOf(row, text), text).run(createMetadata),
  // (item row, new name)
  'buildingTwins.tickets.renameMetadata': accepts(row, text).run(renameMetadata),
};
