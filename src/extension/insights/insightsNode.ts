import * as vscode from 'vscode';
import { shownInsightStatus } from '../../core/api/insightStatus';
import type { Insight } from '../../core/api/types';
import type { ConnectionScope } from '../explorer/explorerServices';
import { numberedPage, type Page, PagedNode } from '../explorer/pagedNode';
import { childId, nodeItem, TreeNode } from '../explorer/treeNode';

interface RootInsight {
  root: Insight;
  children: Insight[];
}
const PAGE_SIZE = 50;

/** "Insights": root insights page by page (the service pages roots and sends their children along). */
export class InsightsNode extends PagedNode<RootInsight, number> {
  constructor(conn: ConnectionScope) {
    super(conn, childId(conn, 'insights'), conn);
  }

  override get reads(): string {
    return 'insights';
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, vscode.l10n.t('Insights'), vscode.TreeItemCollapsibleState.Collapsed, {
      description: this.pageDescription(),
      iconPath: new vscode.ThemeIcon('lightbulb'),
      contextValue: 'insightsGroup',
      tooltip: vscode.l10n.t('Root insights with their children'),
    });
  }

  protected async fetchPage(page: number | undefined): Promise<Page<RootInsight, number>> {
    const client = await this.conn.client();
    const { items, next, total } = await numberedPage(page, (current) =>
      client.listInsights({
        page: current,
        pageSize: PAGE_SIZE,
        sortSpecifications: [{ field: 'updatedDate', sort: 'desc' }],
      }),
    );
    const roots = items.filter((i) => !i.scenarioId);
    return {
      items: roots.map((root) => ({ root, children: items.filter((i) => i.scenarioId === root.id) })),
      next,
      total,
    };
  }

  protected keyOf(item: RootInsight): string {
    return item.root.id;
  }

  protected createNode(item: RootInsight): TreeNode {
    return new InsightNode(this, item.root, item.children);
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('No insights');
  }
}

class InsightNode extends TreeNode {
  constructor(
    parent: TreeNode,
    readonly insight: Insight,
    readonly children: Insight[],
  ) {
    super(parent, childId(parent, insight.id));
  }

  override get kind(): 'insights' {
    return 'insights';
  }

  override get ids(): readonly string[] {
    return [this.insight.id];
  }

  override get value(): Insight {
    return this.insight;
  }

  getTreeItem(): vscode.TreeItem {
    const i = this.insight;
    const item = new vscode.TreeItem(
      i.name ?? i.id,
      this.children.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    item.description = [
      shownInsightStatus(i),
      i.priority !== undefined ? vscode.l10n.t('priority {0}', i.priority) : undefined,
      i.twinName ?? i.twinId ?? undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = [
      `${i.name ?? ''}\n${vscode.l10n.t('Id: {0}', i.id)}`,
      i.twinId ? `\n${vscode.l10n.t('Twin: {0}', i.twinId)}` : '',
      i.type ? `\n${vscode.l10n.t('Type: {0}', i.type)}` : '',
      i.description ? `\n\n${i.description}` : '',
    ].join('');
    item.iconPath = new vscode.ThemeIcon(i.scenarioId ? 'circle-small-filled' : 'lightbulb');
    item.contextValue = i.scenarioId ? 'insight.child' : 'insight.root';
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    return this.children.map((c) => new InsightNode(this, c, []));
  }
}
