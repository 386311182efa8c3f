import * as vscode from 'vscode';
import type { TicketMetadataItem, TicketMetadataKind, TicketPriority, TicketStatus } from '../../core/api/types';
import { priorityBadge, statusThemeColor } from '../tickets/ticketPresentation';
import type { ConnectionNode } from './connectionNode';
import { numberedPage, type Page, PagedNode } from './pagedNode';
import { childId, errorNode, MessageNode, nodeItem, TreeNode } from './treeNode';
import { PAGE_SIZES } from '../../core/api/serviceLimits';

export const METADATA_KIND_LABELS: Record<TicketMetadataKind, { plural: string; singular: string }> = {
  categories: { plural: 'Categories', singular: 'category' },
  'job-types': { plural: 'Job types', singular: 'job type' },
  'service-needed': { plural: 'Services needed', singular: 'service needed' },
};
const METADATA_PAGE_SIZE = PAGE_SIZES.ticketMetadata.default;

/** "Ticket metadata (preview)": categories, job types and services needed (editable), statuses and priorities (read-only). */
export class TicketMetadataNode extends TreeNode {
  private children: TreeNode[] | undefined;

  constructor(readonly conn: ConnectionNode) {
    super(conn, childId(conn, 'ticket-metadata'));
  }

  override get reads(): string {
    return 'ticket metadata';
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, 'Ticket metadata (preview)', vscode.TreeItemCollapsibleState.Collapsed, {
      iconPath: new vscode.ThemeIcon('tag'),
      contextValue: 'ticketMetadataGroup',
      tooltip: 'Categories, job types, services needed, statuses and priorities of tickets (a pre-release group of the service)',
    });
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
    return nodeItem(this, METADATA_KIND_LABELS[this.kind].plural, vscode.TreeItemCollapsibleState.Collapsed, {
      description: this.pageDescription(),
      iconPath: new vscode.ThemeIcon('list-unordered'),
      contextValue: 'ticketMetadataKind',
      tooltip: `Ticket ${this.kind} (add with +, rename from an item's menu)`,
    });
  }

  protected async fetchPage(page: number | undefined): Promise<Page<TicketMetadataItem, number>> {
    const client = await this.conn.client();
    return numberedPage(page, (current) => client.listTicketMetadata(this.kind, { page: current, pageSize: METADATA_PAGE_SIZE, sortSpecifications: [{ field: 'name', sort: 'asc' }] }));
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
    return nodeItem(this, this.item.name || this.item.id, vscode.TreeItemCollapsibleState.None, {
      tooltip: `${this.item.name}\nId: ${this.item.id}`,
      iconPath: new vscode.ThemeIcon('tag'),
      contextValue: 'ticketMetadataItem',
    });
  }
}

type ReadOnlyKind = 'statuses' | 'priorities';

/** Ticket statuses or priorities: listed, never edited (the service offers no write operation). */
export class ReadOnlyListNode extends TreeNode {
  constructor(readonly metadata: TicketMetadataNode, readonly list: ReadOnlyKind) {
    super(metadata, childId(metadata, list));
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, this.list === 'statuses' ? 'Statuses' : 'Priorities', vscode.TreeItemCollapsibleState.Collapsed, {
      description: 'read-only',
      iconPath: new vscode.ThemeIcon('lock'),
      contextValue: 'ticketReadOnlyList',
    });
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
    return nodeItem(this, this.row.label, vscode.TreeItemCollapsibleState.None, {
      description: this.row.description,
      tooltip: `${this.row.label}\nId: ${this.row.id}`,
      iconPath: this.row.icon,
      contextValue: 'ticketReadOnlyItem',
    });
  }
}
