import * as vscode from 'vscode';
import type { TicketMetadataItem, TicketMetadataKind, TicketPriority, TicketStatus } from '../../core/api/types';
import { priorityBadge, statusThemeColor } from './ticketPresentation';
import type { ConnectionScope } from '../explorer/explorerServices';
import { numberedPage, type Page, PagedNode } from '../explorer/pagedNode';
import { childId, errorNode, MessageNode, nodeItem, TreeNode } from '../explorer/treeNode';
import { PAGE_SIZES } from '../../core/api/serviceLimits';

/** The words for each editable metadata list, localised when read: "Categories", "category", "No categories". */
export const METADATA_KIND_LABELS: Record<
  TicketMetadataKind,
  { readonly plural: string; readonly singular: string; readonly none: string }
> = {
  categories: {
    get plural() {
      return vscode.l10n.t('Categories');
    },
    get singular() {
      return vscode.l10n.t('category');
    },
    get none() {
      return vscode.l10n.t('No categories');
    },
  },
  'job-types': {
    get plural() {
      return vscode.l10n.t('Job types');
    },
    get singular() {
      return vscode.l10n.t('job type');
    },
    get none() {
      return vscode.l10n.t('No job types');
    },
  },
  'service-needed': {
    get plural() {
      return vscode.l10n.t('Services needed');
    },
    get singular() {
      return vscode.l10n.t('service needed');
    },
    get none() {
      return vscode.l10n.t('No services needed');
    },
  },
};
const METADATA_PAGE_SIZE = PAGE_SIZES.ticketMetadata.default;

/** "Ticket metadata (preview)": categories, job types and services needed (editable), statuses and priorities (read-only). */
export class TicketMetadataNode extends TreeNode {
  private children: TreeNode[] | undefined;

  constructor(readonly conn: ConnectionScope) {
    super(conn, childId(conn, 'ticket-metadata'));
  }

  override get reads(): string {
    return 'ticket metadata';
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, vscode.l10n.t('Ticket metadata (preview)'), vscode.TreeItemCollapsibleState.Collapsed, {
      iconPath: new vscode.ThemeIcon('tag'),
      contextValue: 'ticketMetadataGroup',
      tooltip: vscode.l10n.t(
        'Categories, job types, services needed, statuses and priorities of tickets (a pre-release group of the service)',
      ),
    });
  }

  override async getChildren(): Promise<TreeNode[]> {
    this.children ??= [
      ...(Object.keys(METADATA_KIND_LABELS) as TicketMetadataKind[]).map(
        (kind) => new TicketMetadataKindNode(this, kind),
      ),
      new ReadOnlyListNode(this, 'statuses'),
      new ReadOnlyListNode(this, 'priorities'),
    ];
    return this.children;
  }

  kindNode(kind: TicketMetadataKind): TicketMetadataKindNode | undefined {
    return this.children?.find(
      (c): c is TicketMetadataKindNode => c instanceof TicketMetadataKindNode && c.metadataKind === kind,
    );
  }

  override reset(): void {
    this.children = undefined;
  }
}

/** One editable metadata list, page by page. */
export class TicketMetadataKindNode extends PagedNode<TicketMetadataItem, number> {
  constructor(
    readonly metadata: TicketMetadataNode,
    readonly metadataKind: TicketMetadataKind,
  ) {
    super(metadata, childId(metadata, metadataKind), metadata.conn);
  }

  override get kind(): 'ticketMetadataKind' {
    return 'ticketMetadataKind';
  }

  override get ids(): readonly string[] {
    return [this.metadataKind];
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, METADATA_KIND_LABELS[this.metadataKind].plural, vscode.TreeItemCollapsibleState.Collapsed, {
      description: this.pageDescription(),
      iconPath: new vscode.ThemeIcon('list-unordered'),
      contextValue: 'ticketMetadataKind',
      tooltip: vscode.l10n.t("Ticket {0} (add with +, rename from an item's menu)", this.metadataKind),
    });
  }

  protected async fetchPage(page: number | undefined): Promise<Page<TicketMetadataItem, number>> {
    const client = await this.conn.client();
    return numberedPage(page, (current) =>
      client.listTicketMetadata(this.metadataKind, {
        page: current,
        pageSize: METADATA_PAGE_SIZE,
        sortSpecifications: [{ field: 'name', sort: 'asc' }],
      }),
    );
  }

  protected keyOf(item: TicketMetadataItem): string {
    return item.id;
  }

  protected createNode(item: TicketMetadataItem): TreeNode {
    return new TicketMetadataItemNode(this, item);
  }

  protected override emptyLabel(): string {
    return METADATA_KIND_LABELS[this.metadataKind].none;
  }
}

export class TicketMetadataItemNode extends TreeNode {
  constructor(
    readonly list: TicketMetadataKindNode,
    readonly item: TicketMetadataItem,
  ) {
    super(list, childId(list, item.id));
  }

  override get kind(): 'ticketMetadataItem' {
    return 'ticketMetadataItem';
  }

  override get ids(): readonly string[] {
    return [this.list.metadataKind, this.item.id];
  }

  override get value(): TicketMetadataItem {
    return this.item;
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, this.item.name || this.item.id, vscode.TreeItemCollapsibleState.None, {
      tooltip: `${this.item.name}\n${vscode.l10n.t('Id: {0}', this.item.id)}`,
      iconPath: new vscode.ThemeIcon('tag'),
      contextValue: 'ticketMetadataItem',
    });
  }
}

type ReadOnlyKind = 'statuses' | 'priorities';

/** Ticket statuses or priorities: listed, never edited (the service offers no write operation). */
class ReadOnlyListNode extends TreeNode {
  constructor(
    readonly metadata: TicketMetadataNode,
    readonly list: ReadOnlyKind,
  ) {
    super(metadata, childId(metadata, list));
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(
      this,
      this.list === 'statuses' ? vscode.l10n.t('Statuses') : vscode.l10n.t('Priorities'),
      vscode.TreeItemCollapsibleState.Collapsed,
      {
        description: vscode.l10n.t('read-only'),
        iconPath: new vscode.ThemeIcon('lock'),
        contextValue: 'ticketReadOnlyList',
      },
    );
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      const client = await this.metadata.conn.client();
      const rows =
        this.list === 'statuses'
          ? (await client.listTicketStatuses()).map(statusRow)
          : (await client.listTicketPriorities()).map(priorityRow);
      if (rows.length === 0)
        return [
          new MessageNode(
            this,
            'empty',
            this.list === 'statuses' ? vscode.l10n.t('No statuses') : vscode.l10n.t('No priorities'),
          ),
        ];
      return rows.map((row) => new ReadOnlyItemNode(this, row));
    } catch (err) {
      return [errorNode(this, err)];
    }
  }
}

interface ReadOnlyRow {
  id: string;
  label: string;
  description?: string;
  icon: vscode.ThemeIcon;
}

function statusRow(s: TicketStatus): ReadOnlyRow {
  const color = statusThemeColor(s.color);
  return {
    id: s.id,
    label: s.name || s.id,
    description: s.tab ?? undefined,
    icon: new vscode.ThemeIcon('circle-filled', color ? new vscode.ThemeColor(color) : undefined),
  };
}

function priorityRow(p: TicketPriority): ReadOnlyRow {
  const badge = priorityBadge(p.priorityLevel);
  return {
    id: p.id,
    label: p.name || p.id,
    description: badge.label,
    icon: new vscode.ThemeIcon(badge.icon, new vscode.ThemeColor(badge.color)),
  };
}

class ReadOnlyItemNode extends TreeNode {
  constructor(
    parent: ReadOnlyListNode,
    private readonly row: ReadOnlyRow,
  ) {
    super(parent, childId(parent, row.id));
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, this.row.label, vscode.TreeItemCollapsibleState.None, {
      description: this.row.description,
      tooltip: `${this.row.label}\n${vscode.l10n.t('Id: {0}', this.row.id)}`,
      iconPath: this.row.icon,
      contextValue: 'ticketReadOnlyItem',
    });
  }
}
