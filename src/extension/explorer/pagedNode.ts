import * as vscode from 'vscode';
import type { BatchPage } from '../../core/api/types';
import { countNumber, countText, type PluralForms } from '../../shared/countText';
import type { ConnectionScope } from './explorerServices';
import { childId, errorNode, MessageNode, TreeNode } from './treeNode';

/** One page from the service: the items and the token for the next page (undefined when there is none). */
export interface Page<T, Token> {
  items: T[];
  next: Token | undefined;
  /** Total number of items, when the service tells (BatchPage.total, countTwins). */
  total?: number;
}

/** A page of a page-number list (1-based): the next number while the service says more follow (`after`). */
export async function numberedPage<T>(
  page: number | undefined,
  fetch: (page: number) => Promise<BatchPage<T>>,
): Promise<Page<T, number>> {
  const current = page ?? 1;
  const result = await fetch(current);
  return { items: result.items, next: result.after > 0 ? current + 1 : undefined, total: result.total };
}

/**
 * A node whose children come in pages. Pages are fetched once, with the server's continuation token (or page
 * number); "Load more…" appears only while a next page exists, and adds exactly one page.
 */
export abstract class PagedNode<T, Token> extends TreeNode {
  protected loaded: T[] = [];
  protected total: number | undefined;
  private next: Token | undefined;
  private started = false;
  private inflight: Promise<void> | undefined;
  private loadError: unknown;
  private readonly nodes = new Map<string, TreeNode>();

  constructor(
    parent: TreeNode,
    id: string,
    readonly conn: ConnectionScope,
  ) {
    super(parent, id);
  }

  override get connection(): string {
    return this.conn.connection;
  }

  protected abstract fetchPage(token: Token | undefined): Promise<Page<T, Token>>;
  protected abstract keyOf(item: T): string;
  protected abstract createNode(item: T): TreeNode;
  protected emptyLabel(): string {
    return vscode.l10n.t('Nothing here');
  }

  get hasMore(): boolean {
    return !this.started || this.next !== undefined;
  }

  get loadedCount(): number {
    return this.loaded.length;
  }

  get knownTotal(): number | undefined {
    return this.total;
  }

  /**
   * "50 of 1,204" once something is loaded; the total alone when nothing is. With the words for what it counts
   * (localised templates, e.g. "{0} twin" / "{0} twins") the count names it ("2 twins", "50 of 1,204 twins"), so a
   * count beside a name ("Level 2") cannot read as part of it.
   */
  protected pageDescription(words?: PluralForms): string | undefined {
    const number = countNumber;
    const count = (value: number): string => (words ? countText(value, words) : number(value));
    if (!this.started) return this.total === undefined ? undefined : count(this.total);
    // The total first, in the same words whether or not everything is loaded ("16 twins (10 loaded)", "47 twins").
    if (this.total !== undefined)
      return this.loaded.length >= this.total
        ? count(this.total)
        : vscode.l10n.t('{0} ({1} loaded)', count(this.total), number(this.loaded.length));
    if (this.next === undefined) return count(this.loaded.length);
    const atLeast = vscode.l10n.t('{0}+', number(this.loaded.length));
    return words ? words.other.replace(/\{0\}/g, atLeast) : atLeast;
  }

  /** Fetches the next page (no-op when everything is loaded; concurrent calls share one request). */
  loadMore(): Promise<void> {
    if (this.started && this.next === undefined) return Promise.resolve();
    this.inflight ??= (async () => {
      try {
        const page = await this.fetchPage(this.started ? this.next : undefined);
        this.loaded.push(...page.items);
        this.next = page.next;
        if (page.total !== undefined) this.total = page.total;
        this.started = true;
        this.loadError = undefined;
      } catch (err) {
        this.loadError = err;
        throw err;
      } finally {
        this.inflight = undefined;
      }
    })();
    return this.inflight;
  }

  override async getChildren(): Promise<TreeNode[]> {
    if (!this.started) {
      // No re-render for the new description here: a change event for a node whose children VS Code is still
      // showing makes it drop them half-way (dead rows: "Actual command not found"). "Load more…" re-renders.
      try {
        await this.loadMore();
      } catch (err) {
        return [errorNode(this, err)];
      }
    }
    const children = [...this.pinnedNodes(), ...this.ordered(this.loaded).map((item) => this.nodeFor(item))];
    if (this.loadError) children.push(errorNode(this, this.loadError));
    if (this.next !== undefined) children.push(new LoadMoreNode(this));
    if (children.length === 0) children.push(new MessageNode(this, 'empty', this.emptyLabel()));
    return children;
  }

  override reset(): void {
    this.loaded = [];
    this.total = undefined;
    this.next = undefined;
    this.started = false;
    this.loadError = undefined;
    this.nodes.clear();
  }

  /** The loaded items in the order they are shown (the service's order unless a list says otherwise). */
  protected ordered(items: readonly T[]): readonly T[] {
    return items;
  }

  /** Nodes shown before the pages (e.g. a twin revealed by "Go to twin…" that is not loaded yet). */
  protected pinnedNodes(): TreeNode[] {
    return [];
  }

  protected nodeFor(item: T): TreeNode {
    const key = this.keyOf(item);
    let node = this.nodes.get(key);
    if (!node) {
      node = this.createNode(item);
      this.nodes.set(key, node);
    }
    return node;
  }
}

/** "Load more…": runs `buildingTwins.loadMore` on its paged parent. */
export class LoadMoreNode extends TreeNode {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page type
  constructor(readonly owner: PagedNode<any, any>) {
    super(owner, childId(owner, '~more'));
  }

  override get kind(): 'loadMore' {
    return 'loadMore';
  }

  getTreeItem(): vscode.TreeItem {
    // The row drawn with the page says how much of the list is loaded: the parent's description ("8 twins") is not
    // drawn again when its first page comes (a change event then leaves VS Code 1.99's new rows dead).
    const total = this.owner.knownTotal;
    const label =
      total === undefined
        ? vscode.l10n.t('Load more…')
        : vscode.l10n.t('Load more… ({0} of {1} loaded)', countNumber(this.owner.loadedCount), countNumber(total));
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.id}#${this.owner.loadedCount}`;
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = 'loadMore';
    item.tooltip = vscode.l10n.t('Load the next page ({0} loaded so far)', this.owner.loadedCount);
    item.command = { command: 'buildingTwins.loadMore', title: vscode.l10n.t('Load more'), arguments: [this] };
    return item;
  }
}
