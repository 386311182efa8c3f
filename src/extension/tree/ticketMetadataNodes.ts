import * as vscode from 'vscode';
import type { TicketMetadataItem, TicketMetadataKind, TicketPriority, TicketStatus } from '../../core/api/types';
import { priorityBadge, statusThemeColor } from '../tickets/ticketPresentation';
import type { ConnectionNode } from './connectionNode';
import { Page, PagedNode } from './pagedNode';
import { childId, errorNode, MessageNode, TreeNode } from './treeNode';

export const METADATA_KIND_LABELS: Record<TicketMetadataKind, { plural: string; singular: string }> = {
  categories: { plural: 'Categories', singular: 'category' },
  'job-types': { plural: 'Job types', singular: 'job type' },
  'service-needed': { plural: 'Services needed', singular: 'service needed' },
};
const METADATA_PAGE_SIZE = 100;

/** "Ticket metadata (preview)": categories, job types and services needed (editable), statuses and priorities (read-only). */
export class TicketMetadataNode extends TreeNode {
  private children: TreeNode[] | undefined;

  constructor(readonly conn: ConnectionNode) {
    super(conn, childId(conn, 'ticket-metadata'));
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Ticket metadata (preview)', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('tag');
    item.contextValue = 'ticketMetadataGroup';
    item.tooltip = 'Categories, job types, services needed, statuses and priorities of tickets (a pre-release group of the service)';
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    this.children ??= [
      ...(Object.keys(METADATA_KIND_LABELS) as TicketMetadataKind[]).map((kind) => new TicketMetadataKindNode(this, kind)),
      new ReadOnlyListNode(this, 'statuses'),
      new ReadOnlyListNode(this, 'priorities'),
    ];
    return this.children;
  }

  kindNode(kind: TicketMetadataKind): TicketMetadataKindNode | undefined {
    return this.children?.find((c): c is TicketMetadataKindNode => c instanceof TicketMetadataKindNode && c.kind === kind);
  }

  override reset(): void {
    this.children = undefined;
  }
}

/** One editable metadata list, page by page. */
export class TicketMetadataKindNode extends PagedNode<TicketMetadataItem, number> {
  constructor(readonly metadata: TicketMetadataNode, readonly kind: TicketMetadataKind) {
    super(metadata, childId(metadata, kind), metadata.conn);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(METADATA_KIND_LABELS[this.kind].plural, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.pageDescription();
    item.iconPath = new vscode.ThemeIcon('list-unordered');
    item.contextValue = 'ticketMetadataKind';
    item.tooltip = `Ticket ${this.kind} (add with +, rename from an item's menu)`;
    return item;
  }

  protected async fetchPage(page: number | undefined): Promise<Page<TicketMetadataItem, number>> {
    const client = await this.conn.client();
    const current = page ?? 1;
    const result = await client.listTicketMetadata(this.kind, { page: current, pageSize: METADATA_PAGE_SIZE, sortSpecifications: [{ field: 'name' }] });
    return { items: result.items, next: result.after > 0 ? current + 1 : undefined, total: result.total };
  }

  protected keyOf(item: TicketMetadataItem): string {
    return item.id;
  }

  protected createNode(item: TicketMetadataItem): TreeNode {
    return new TicketMetadataItemNode(this, item);
  }

  protected override emptyLabel(): string {
    return `No ${METADATA_KIND_LABELS[this.kind].plural.toLowerCase()}`;
  }
}

export class TicketMetadataItemNode extends TreeNode {
  constructor(readonly list: TicketMetadataKindNode, readonly item: TicketMetadataItem) {
    super(list, childId(list, item.id));
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.item.name || this.item.id, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.tooltip = `${this.item.name}\nId: ${this.item.id}`;
    item.iconPath = new vscode.ThemeIcon('tag');
    item.contextValue = 'ticketMetadataItem';
    return item;
  }
}

type ReadOnlyKind = 'statuses' | 'priorities';

/** Ticket statuses or priorities: listed, never edited (the service offers no write operation). */
export class ReadOnlyListNode extends TreeNode {
  constructor(readonly metadata: TicketMetadataNode, readonly list: ReadOnlyKind) {
    super(metadata, childId(metadata, list));
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.list === 'statuses' ? 'Statuses' : 'Priorities', vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = 'read-only';
    item.iconPath = new vscode.ThemeIcon('lock');
    item.contextValue = 'ticketReadOnlyList';
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      const client = await this.metadata.conn.client();
      const rows = this.list === 'statuses' ? (await client.listTicketStatuses()).map(statusRow) : (await client.listTicketPriorities()).map(priorityRow);
      if (rows.length === 0) return [new MessageNode(this, 'empty', `No ${this.list}`)];
      return rows.map((row) => new ReadOnlyItemNode(this, row));
    } catch (err) {
      return [errorNode(this, err)];
    }
  }
}

interface ReadOnlyRow { id: string; label: string; description?: string; icon: vscode.ThemeIcon }

function statusRow(s: TicketStatus): ReadOnlyRow {
  const color = statusThemeColor(s.color);
  return { id: s.id, label: s.name || s.id, description: s.tab ?? undefined, icon: new vscode.ThemeIcon('circle-filled', color ? new vscode.ThemeColor(color) : undefined) };
}

function priorityRow(p: TicketPriority): ReadOnlyRow {
  const badge = priorityBadge(p.priorityLevel);
  return { id: p.id, label: p.name || p.id, description: badge.label, icon: new vscode.ThemeIcon(badge.icon, new vscode.ThemeColor(badge.color)) };
}

export class ReadOnlyItemNode extends TreeNode {
  constructor(parent: ReadOnlyListNode, private readonly row: ReadOnlyRow) {
    super(parent, childId(parent, row.id));
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.row.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.row.description;
    item.tooltip = `${this.row.label}\nId: ${this.row.id}`;
    item.iconPath = this.row.icon;
    item.contextValue = 'ticketReadOnlyItem';
    return item;
  }
}
