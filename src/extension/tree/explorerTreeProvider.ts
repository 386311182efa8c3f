import * as vscode from 'vscode';
import type { BuildingTwinsContext } from '../extensionContext';
import { ConnectionNode } from './connectionNode';
import { TreeNode } from './treeNode';
import { describeFilter, TwinFilter } from './twinFilter';

/** The `buildingTwins.explorer` tree: one ConnectionNode per connection, the active one first. */
export class ExplorerTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TreeNode>;
  private roots: ConnectionNode[] | undefined;
  private filterValue: TwinFilter | undefined;
  private readonly loading = new Map<TreeNode, Promise<TreeNode[]>>();
  private readonly pendingUpdates = new Set<TreeNode>();

  constructor(private readonly ctx: BuildingTwinsContext) {
    this.view = vscode.window.createTreeView('buildingTwins.explorer', { treeDataProvider: this, showCollapseAll: true, canSelectMany: true });
  }

  get filter(): TwinFilter | undefined {
    return this.filterValue;
  }

  setFilter(filter: TwinFilter | undefined): void {
    this.filterValue = filter;
    this.view.message = filter ? `Filtered: ${describeFilter(filter)} (use "Clear filter" in the view title to show everything)` : undefined;
    void vscode.commands.executeCommand('setContext', 'buildingTwins.filtered', filter !== undefined);
    for (const root of this.roots ?? []) root.resetTwins();
    this.changed.fire(undefined);
  }

  /** Refresh one node (reloads its children) or everything (models and all pages are fetched again). */
  refresh(node?: TreeNode): void {
    if (node) {
      node.reset();
      this.changed.fire(node);
    } else {
      for (const root of this.roots ?? []) root.reset();
      this.changed.fire(undefined);
    }
  }

  /** Re-lists the connections (added, removed, re-ordered) keeping the loaded content of unchanged ones. */
  relist(): void {
    this.changed.fire(undefined);
  }

  /**
   * Re-renders a node (e.g. a new description) keeping its loaded children. While VS Code is fetching that
   * node's children the event waits until the fetch is done: a change event in the middle of a fetch makes
   * VS Code register the same children twice ("element … already registered") and drops reveals.
   */
  update(node: TreeNode): void {
    if (this.pendingUpdates.has(node)) return;
    const loading = this.loading.get(node);
    if (!loading) {
      this.changed.fire(node);
      return;
    }
    this.pendingUpdates.add(node);
    void loading.then(
      () => this.flushUpdate(node),
      () => this.flushUpdate(node),
    );
  }

  private flushUpdate(node: TreeNode): void {
    setTimeout(() => {
      this.pendingUpdates.delete(node);
      this.changed.fire(node);
    }, 0);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return node.getTreeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.connectionNodes();
    const loading = node.getChildren();
    this.loading.set(node, loading);
    try {
      return await loading;
    } finally {
      if (this.loading.get(node) === loading) this.loading.delete(node);
    }
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  connectionNodes(): ConnectionNode[] {
    const profiles = this.ctx.connections.list();
    const active = this.ctx.connections.activeName();
    const known = new Map((this.roots ?? []).map((n) => [n.connection, n]));
    const ordered = [...profiles].sort((a, b) => Number(b.name === active) - Number(a.name === active));
    this.roots = ordered.map((p) => {
      const existing = known.get(p.name);
      return existing && existing.sameProfile(p) ? existing : new ConnectionNode(this.ctx, p);
    });
    return this.roots;
  }

  connectionNode(name: string): ConnectionNode | undefined {
    return (this.roots ?? this.connectionNodes()).find((n) => n.connection === name);
  }

  dispose(): void {
    this.view.dispose();
    this.changed.dispose();
  }
}
