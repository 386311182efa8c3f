import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { noPermissionRow } from './noPermissionRow';
import type { RowKind, RowSubject } from './rowSubject';

/**
 * Base of every node in the Building Twins explorer: one subclass per tree level. `id` must be
 * stable and unique in the whole tree (it becomes the TreeItem id, so `reveal` and expansion state work);
 * build it from the parent's id plus what identifies the node under that parent.
 */
export abstract class TreeNode implements RowSubject {
  constructor(
    readonly parent: TreeNode | undefined,
    readonly id: string,
  ) {}

  /** The connection this row belongs to (said by the connection row at the top). */
  get connection(): string | undefined {
    return this.parent?.connection;
  }

  /** What the row stands for (rowSubject.ts); rows of a resource say their kind, ids and value. */
  get kind(): RowKind | undefined {
    return undefined;
  }

  get ids(): readonly string[] {
    return [];
  }

  get value(): unknown {
    return undefined;
  }

  abstract getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;

  getChildren(): Promise<TreeNode[]> {
    return Promise.resolve([]);
  }

  /**
   * The tooltip, built when the row is hovered (rows that have one leave `tooltip` unset in getTreeItem, which is
   * what makes VS Code ask). Undefined: no tooltip.
   */
  resolveTooltip(_token: vscode.CancellationToken): Promise<vscode.MarkdownString | string | undefined> {
    return Promise.resolve(undefined);
  }

  /** Drops cached children so the next expansion reloads them (Refresh). */
  reset(): void {}

  /** The twin filter changed: a group that lists twins by it reloads them. */
  twinFilterChanged(): void {}

  /**
   * A child row no longer belongs under this node after a write (a twin whose model changed): reloads what lists
   * it and returns the node to draw again; undefined keeps the row where it is.
   */
  childMoved(): TreeNode | undefined {
    return undefined;
  }

  /**
   * What this branch lists, in words ("insights"), for the row a 403 leaves: "No permission to read insights
   * on <connection>". The groups under a connection say it; the nodes below them inherit it.
   */
  get reads(): string | undefined {
    return this.parent?.reads;
  }

  /** Nearest ancestor (or self) of the given class. */
  closest<T extends TreeNode>(kind: abstract new (...args: never[]) => T): T | undefined {
    for (let node: TreeNode | undefined = this; node; node = node.parent) {
      if (node instanceof kind) return node;
    }
    return undefined;
  }
}

/** Child id under a parent; encodes the segment so ids never collide across levels. */
export function childId(parent: TreeNode | undefined, ...segments: string[]): string {
  const tail = segments.map((s) => encodeURIComponent(s)).join('/');
  return parent ? `${parent.id}/${tail}` : tail;
}

/** A tree item carrying the node's id; `fields` set the rest (description, iconPath, contextValue, tooltip, …). */
export function nodeItem(
  node: TreeNode,
  label: string,
  state: vscode.TreeItemCollapsibleState,
  fields: Partial<vscode.TreeItem>,
): vscode.TreeItem {
  const item = new vscode.TreeItem(label, state);
  item.id = node.id;
  return Object.assign(item, fields);
}

/** A leaf that only shows a message (empty group, load failure). */
export class MessageNode extends TreeNode {
  constructor(
    parent: TreeNode,
    key: string,
    private readonly label: string,
    private readonly icon = 'info',
    private readonly tooltip?: string,
  ) {
    super(parent, childId(parent, `~${key}`));
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, this.label, vscode.TreeItemCollapsibleState.None, {
      iconPath: new vscode.ThemeIcon(this.icon),
      contextValue: 'message',
      tooltip: this.tooltip ?? this.label,
    });
  }
}

/** The row for a failed load: "No permission to read … on …" for a 403, else "Failed to load: …". */
export function errorNode(parent: TreeNode, err: unknown): MessageNode {
  const refused = noPermissionRow(err, parent.reads, parent.connection);
  if (refused) return new MessageNode(parent, 'no-permission', refused.label, 'lock', refused.tooltip);
  const message = errorText(err);
  return new MessageNode(parent, 'error', vscode.l10n.t('Failed to load: {0}', message), 'error', message);
}
