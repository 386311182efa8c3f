import * as vscode from 'vscode';
import type { Ticket, TicketAttachment, TicketStatus } from '../../core/api/types';
import { rowResourceUri } from '../documents/resourceUri';
import { TICKET_DOCUMENT_KIND } from './ticketDocumentHandler';
import { groupByStatus, priorityBadge, statusThemeColor, ticketLabel } from './ticketPresentation';
import { configuredTicketPageSize } from './ticketSettings';
import type { ConnectionScope } from '../explorer/explorerServices';
import { numberedPage, type Page, PagedNode } from '../explorer/pagedNode';
import { rowKey, type ResourceRow } from '../explorer/resourceRows';
import { childId, nodeItem, TreeNode } from '../explorer/treeNode';

/**
 * "Tickets (preview)": tickets page by page (`buildingTwins.tickets.pageSize`, checked before sending),
 * grouped by status in the order of GET /tickets/status.
 */
export class TicketsNode extends PagedNode<Ticket, number> {
  private statuses: TicketStatus[] = [];
  private readonly groups = new Map<string, TicketStatusGroupNode>();

  constructor(conn: ConnectionScope) {
    super(conn, childId(conn, 'tickets'), conn);
  }

  override get reads(): string {
    return 'tickets';
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, vscode.l10n.t('Tickets (preview)'), vscode.TreeItemCollapsibleState.Collapsed, {
      description: this.pageDescription(),
      iconPath: new vscode.ThemeIcon('checklist'),
      contextValue: 'ticketsGroup',
      tooltip: vscode.l10n.t(
        'Tickets grouped by status. Tickets are a pre-release group of the service and may change.',
      ),
    });
  }

  protected async fetchPage(page: number | undefined): Promise<Page<Ticket, number>> {
    const pageSize = configuredTicketPageSize();
    const client = await this.conn.client();
    if (page === undefined) this.statuses = await client.listTicketStatuses();
    return numberedPage(page, (current) =>
      client.listTickets({ page: current, pageSize, sortSpecifications: [{ field: 'createdDate', sort: 'desc' }] }),
    );
  }

  /** With the status: a ticket whose status changed gets a new row, under its new status group. */
  protected keyOf(ticket: Ticket): string {
    return `${ticket.id}/${ticket.ticketStatus?.id ?? ''}`;
  }

  /** A ticket as saved replaces the loaded one; returns this node, to regroup the rows. */
  showTicket(ticket: Ticket): TreeNode {
    const index = this.loaded.findIndex((t) => t.id === ticket.id);
    if (index >= 0) this.loaded[index] = ticket;
    return this;
  }

  protected createNode(ticket: Ticket): TreeNode {
    return new TicketNode(
      this.groupFor(ticket.ticketStatus ?? { id: '', name: vscode.l10n.t('No status') }),
      this,
      ticket,
    );
  }

  private groupFor(status: TicketStatus): TicketStatusGroupNode {
    let group = this.groups.get(status.id);
    if (!group)
      this.groups.set(
        status.id,
        (group = new TicketStatusGroupNode(this, this.statuses.find((s) => s.id === status.id) ?? status)),
      );
    return group;
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('No tickets');
  }

  /** The loaded tickets as status groups, then "Load more…" or a message when there is one. */
  override async getChildren(): Promise<TreeNode[]> {
    const flat = await super.getChildren();
    const loaded = flat.filter((n): n is TicketNode => n instanceof TicketNode);
    const rest = flat.filter((n) => !(n instanceof TicketNode));
    const groups = groupByStatus(
      loaded.map((n) => n.ticket),
      this.statuses,
    ).map(({ status, tickets }) => {
      const group = this.groupFor(status);
      group.tickets = tickets.map((t) => this.nodeFor(t) as TicketNode);
      return group;
    });
    return [...groups, ...rest];
  }

  override reset(): void {
    super.reset();
    this.groups.clear();
  }
}

class TicketStatusGroupNode extends TreeNode {
  tickets: TicketNode[] = [];

  constructor(
    parent: TicketsNode,
    readonly status: TicketStatus,
  ) {
    super(parent, childId(parent, 'status', status.id));
  }

  getTreeItem(): vscode.TreeItem {
    // Collapsed: an Expanded item whose parent re-renders right after its first page (the count) can show no rows.
    const item = new vscode.TreeItem(
      this.status.name || this.status.id || vscode.l10n.t('No status'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description = String(this.tickets.length);
    const color = statusThemeColor(this.status.color);
    item.iconPath = new vscode.ThemeIcon('circle-filled', color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = 'ticketStatusGroup';
    const status = vscode.l10n.t('Status {0} ({1})', this.status.name ?? '', this.status.id);
    item.tooltip = this.status.tab ? `${status}\n${vscode.l10n.t('Tab: {0}', this.status.tab)}` : status;
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    return this.tickets;
  }
}

class TicketNode extends TreeNode implements ResourceRow {
  constructor(
    group: TicketStatusGroupNode,
    readonly owner: TicketsNode,
    public ticket: Ticket,
  ) {
    super(group, childId(group, ticket.id));
    owner.conn.services.tree.rows.add(rowKey(owner.conn.connection, TICKET_DOCUMENT_KIND, ticket.id), this);
  }

  /** The ticket as saved: the rows are grouped again (its status may have changed). */
  showWritten(value: unknown): TreeNode {
    this.ticket = value as Ticket;
    return this.owner.showTicket(this.ticket);
  }

  override get connection(): string {
    return this.owner.conn.connection;
  }

  override get kind(): 'tickets' {
    return 'tickets';
  }

  override get ids(): readonly string[] {
    return [this.ticket.id];
  }

  override get value(): Ticket {
    return this.ticket;
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.ticket;
    const badge = priorityBadge(t.ticketPriority?.priorityLevel);
    const attachments = t.attachments ?? [];
    const item = new vscode.TreeItem(
      ticketLabel(t),
      attachments.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    item.description = [t.ticketPriority?.name ?? badge.label, t.twinId ?? undefined].filter(Boolean).join(' · ');
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(
      [
        ticketLabel(t),
        vscode.l10n.t('Priority: {0} ({1})', t.ticketPriority?.name ?? '—', badge.label),
        vscode.l10n.t('Status: {0}', t.ticketStatus?.name ?? '—'),
        vscode.l10n.t('Twin: {0}', t.twinId ?? '—'),
        vscode.l10n.t('Id: {0}', t.id),
      ].join('\n'),
    );
    if (t.description) tooltip.appendText(`\n\n${t.description}`);
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(badge.icon, new vscode.ThemeColor(badge.color));
    item.contextValue = 'ticket';
    item.resourceUri = rowResourceUri(this.connection, TICKET_DOCUMENT_KIND, t.id);
    item.command = { command: 'buildingTwins.tickets.open', title: vscode.l10n.t('Open ticket'), arguments: [this] };
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    return (this.ticket.attachments ?? []).map((a) => new TicketAttachmentNode(this, a));
  }
}

class TicketAttachmentNode extends TreeNode {
  constructor(
    readonly ticketNode: TicketNode,
    readonly attachment: TicketAttachment,
  ) {
    super(ticketNode, childId(ticketNode, 'attachment', attachment.id));
  }

  override get kind(): 'ticketAttachments' {
    return 'ticketAttachments';
  }

  override get ids(): readonly string[] {
    return [this.ticketNode.ticket.id, this.attachment.id];
  }

  override get value(): TicketAttachment {
    return this.attachment;
  }

  getTreeItem(): vscode.TreeItem {
    const a = this.attachment;
    return nodeItem(this, a.fileName || a.id, vscode.TreeItemCollapsibleState.None, {
      description: `${a.contentType} · ${formatBytes(a.size)}`,
      tooltip: `${a.fileName}\n${a.contentType}, ${formatBytes(a.size)}\n${vscode.l10n.t('Id: {0}', a.id)}`,
      iconPath: new vscode.ThemeIcon(a.contentType?.startsWith('image/') ? 'file-media' : 'file'),
      contextValue: 'ticketAttachment',
      command: {
        command: 'buildingTwins.tickets.openAttachment',
        title: vscode.l10n.t('Open attachment'),
        arguments: [this],
      },
    });
  }
}

function formatBytes(size: number): string {
  if (!Number.isFinite(size)) return vscode.l10n.t('unknown size');
  if (size < 1024) return vscode.l10n.t('{0} B', size);
  if (size < 1024 * 1024) return vscode.l10n.t('{0} KB', (size / 1024).toFixed(1));
  return vscode.l10n.t('{0} MB', (size / 1024 / 1024).toFixed(1));
}
