import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { ConnectionNode } from './connectionNode';
import type { ConnectionGroupFactory, ConnectionServices } from './explorerServices';
import { CoalescedRefresh } from '../../core/api/coalescedRefresh';
import { readOnlyContextValue } from './readOnlyRows';
import { ResourceRows, writtenRowKeys } from './resourceRows';
import { isRow } from './rowSubject';
import { type TreeNode } from './treeNode';
import { describeFilter, type TwinFilter } from '../twins/twinFilter';

/** Context key: at least one connection besides the built-in Local emulator is configured. */
export const HAS_CONNECTIONS_KEY = 'buildingTwins.hasConnections';
/** Context key: the tree has shown twin rows in this window (the walkthrough's "Browse twins" step is done). */
const TWINS_LISTED_KEY = 'buildingTwins.twinsListed';

/**
 * The `buildingTwins.explorer` tree: one ConnectionNode per connection, the active one first. With no custom
 * connection and no emulator running the tree is empty, so the view shows its welcome content (start the emulator,
 * add a connection, read the docs) instead of a connection that can only fail.
 */
export class ExplorerTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<TreeNode>;
  /** The rows that show each resource, so a write can update them (twins, tickets, events, relationship lists). */
  readonly rows = new ResourceRows();
  private roots: ConnectionNode[] | undefined;
  private filterValue: TwinFilter | undefined;
  private readonly loading = new Map<TreeNode, Promise<TreeNode[]>>();
  /** Nodes whose re-render waits for their load, with the promise of that re-render. */
  private readonly pendingUpdates = new Map<TreeNode, Promise<void>>();

  private relistPending = false;
  /** Whether twin rows were shown in this window (TWINS_LISTED_KEY). */
  private twinsListed = false;
  /**
   * The view hears of the refreshes asked for in one turn of the event loop once: each node once, none below a node
   * (or the whole tree) drawn again in the same turn. The reset itself is immediate, so a read right after a refresh
   * reloads.
   */
  private readonly redraws = new CoalescedRefresh<TreeNode>((targets) => {
    if (targets === 'all') return this.changed.fire(undefined);
    for (const node of targets) if (!hasAncestorIn(node, targets)) this.changed.fire(node);
  }, 0);

  constructor(
    private readonly services: ConnectionServices,
    private readonly groupFactories: readonly ConnectionGroupFactory[],
  ) {
    this.view = vscode.window.createTreeView('buildingTwins.explorer', {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
    });
    // An emulator started in a terminal meanwhile shows up when the view is shown again.
    this.view.onDidChangeVisibility((e) => {
      if (e.visible && this.roots?.length === 0) this.relist();
    });
  }

  get filter(): TwinFilter | undefined {
    return this.filterValue;
  }

  /**
   * Applies `filter` to every twin list. The view's message says it on one line, with the model's display name from
   * `modelName`; the details (the DTMI, how a real instance may read it) are on the twin groups' hovers.
   */
  setFilter(filter: TwinFilter | undefined, modelName?: (modelId: string) => string | undefined): void {
    this.filterValue = filter;
    this.view.message = filter ? vscode.l10n.t('Filtered: {0}', describeFilter(filter, modelName)) : undefined;
    void vscode.commands.executeCommand('setContext', 'buildingTwins.filtered', filter !== undefined);
    for (const root of this.roots ?? []) root.resetTwins();
    this.changed.fire(undefined);
  }

  /** Refresh one node (reloads its children) or everything (models and all pages are fetched again). */
  refresh(node?: TreeNode): void {
    if (node) {
      node.reset();
      this.redraws.request(node);
    } else {
      for (const root of this.roots ?? []) root.reset();
      this.redraws.request();
    }
  }

  /**
   * After a write: every row that shows the resource takes the service's new value (a renamed twin's label, a
   * ticket moving to its new status group, a twin's relationship lists) and is drawn again.
   */
  showWritten(connection: string, kind: string, ids: readonly string[], value: unknown): void {
    const redraw = new Set<TreeNode>();
    for (const key of writtenRowKeys(connection, kind, ids, value)) {
      for (const row of this.rows.of(key)) {
        const node = row.showWritten(value);
        if (node) redraw.add(node);
      }
    }
    for (const node of redraw) this.update(node);
  }

  /** Re-lists the connections (added, removed, re-ordered) keeping the loaded content of unchanged ones. */
  relist(): void {
    this.redraws.request();
  }

  /**
   * Re-lists once the loads in flight are done: called from inside a load (a refused sign-in found the emulator
   * stopped), where a change event at once would make VS Code register the rows being loaded twice.
   */
  relistWhenLoaded(): void {
    if (this.relistPending) return;
    this.relistPending = true;
    void Promise.allSettled([...this.loading.values()]).then(() =>
      setTimeout(() => {
        this.relistPending = false;
        this.relist();
      }, 0),
    );
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
    const done = loading.then(
      () => this.flushUpdate(node),
      () => this.flushUpdate(node),
    );
    this.pendingUpdates.set(node, done);
  }

  private flushUpdate(node: TreeNode): Promise<void> {
    return new Promise((resolve) =>
      setTimeout(() => {
        this.pendingUpdates.delete(node);
        this.changed.fire(node);
        resolve();
      }, 0),
    );
  }

  /** Resolves once `node` has no load in flight and no queued re-render: what a reveal of its rows waits for. */
  async settled(node: TreeNode): Promise<void> {
    for (;;) {
      const busy = this.loading.get(node) ?? this.pendingUpdates.get(node);
      if (!busy) return;
      await busy.catch(() => undefined);
    }
  }

  async getTreeItem(node: TreeNode): Promise<vscode.TreeItem> {
    const item = await node.getTreeItem();
    const connection = node.connection;
    if (connection !== undefined && this.services.connections.isReadOnly(connection))
      item.contextValue = readOnlyContextValue(item.contextValue);
    return item;
  }

  /** A row's tooltip on hover (twins, models): one failure shows as its text, never as a broken row. */
  async resolveTreeItem(
    item: vscode.TreeItem,
    node: TreeNode,
    token: vscode.CancellationToken,
  ): Promise<vscode.TreeItem> {
    if (item.tooltip !== undefined) return item;
    try {
      item.tooltip = await node.resolveTooltip(token);
    } catch (err) {
      item.tooltip = vscode.l10n.t('Details could not be read: {0}', errorText(err));
    }
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.rootNodes();
    const loading = node.getChildren();
    this.loading.set(node, loading);
    try {
      const children = await loading;
      if (!this.twinsListed && children.some((child) => isRow(child, 'twins'))) {
        this.twinsListed = true;
        void vscode.commands.executeCommand('setContext', TWINS_LISTED_KEY, true);
      }
      return children;
    } finally {
      if (this.loading.get(node) === loading) this.loading.delete(node);
    }
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /** The connections, or none (the welcome view) when only the Local emulator exists and nothing answers there. */
  private async rootNodes(): Promise<TreeNode[]> {
    const hasConnections = this.services.connections.configured().length > 0;
    void vscode.commands.executeCommand('setContext', HAS_CONNECTIONS_KEY, hasConnections);
    if (!hasConnections && !(await this.services.localEmulator.check())) {
      this.roots = [];
      return [];
    }
    return this.connectionNodes();
  }

  connectionNodes(): ConnectionNode[] {
    const profiles = this.services.connections.list();
    const active = this.services.connections.activeName();
    const known = new Map((this.roots ?? []).map((n) => [n.connection, n]));
    const ordered = [...profiles].sort((a, b) => Number(b.name === active) - Number(a.name === active));
    this.roots = ordered.map((p) => {
      const existing = known.get(p.name);
      return existing && existing.sameProfile(p) ? existing : new ConnectionNode(this.services, p, this.groupFactories);
    });
    return this.roots;
  }

  connectionNode(name: string): ConnectionNode | undefined {
    return (this.roots ?? this.connectionNodes()).find((n) => n.connection === name);
  }

  dispose(): void {
    this.redraws.cancel();
    this.view.dispose();
    this.changed.dispose();
  }
}

function hasAncestorIn(node: TreeNode, nodes: ReadonlySet<TreeNode>): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (nodes.has(parent)) return true;
  return false;
}
