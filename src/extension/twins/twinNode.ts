import * as vscode from 'vscode';
import type { DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { rowResourceUri } from '../documents/resourceUri';
import type { ConnectionScope } from '../explorer/explorerServices';
import { rowKey, type ResourceRow } from '../explorer/resourceRows';
import { isCapabilityModel, twinIcon } from './twinIcons';
import { resolveTwinTooltip } from './twinTooltip';
import { childId, TreeNode } from '../explorer/treeNode';
import { RelationshipGroupNode, type RelationshipOwner } from './relationshipNodes';
import { twinLabel } from './twinLabel';
import { twinLabelProperty } from './twinLabelSetting';

function twinContextValue(index: ModelIndex | undefined, twin: DigitalTwin): string {
  return `twin${isCapabilityModel(index, twin.modelId) ? '.capability' : ''}`;
}

/** Shared look of every twin item (twin lists, relationship ends, the location view). */
export function twinTreeItem(
  node: TreeNode,
  conn: ConnectionScope,
  twin: DigitalTwin,
  index: ModelIndex | undefined,
  collapsible: vscode.TreeItemCollapsibleState,
): vscode.TreeItem {
  const label = twinLabel(twin, twinLabelProperty());
  const item = new vscode.TreeItem(label, collapsible);
  item.id = node.id;
  item.description = label === twin.id ? undefined : twin.id;
  // No tooltip here: it is built on hover (resolveTwinTooltip), with counts and open insights.
  item.iconPath = twinIcon(index, twin.modelId);
  item.contextValue = twinContextValue(index, twin);
  item.resourceUri = rowResourceUri(conn.connection, 'twins', twin.id);
  return item;
}

/** A twin: expands to its Outgoing and Incoming relationships. */
export class TwinNode extends TreeNode implements ResourceRow, RelationshipOwner {
  private groups: RelationshipGroupNode[] | undefined;
  private shown: DigitalTwin;

  constructor(
    parent: TreeNode,
    readonly conn: ConnectionScope,
    twin: DigitalTwin,
    readonly index: ModelIndex | undefined,
  ) {
    super(parent, childId(parent, twin.id));
    this.shown = twin;
    conn.services.tree.rows.add(rowKey(conn.connection, 'twins', twin.id), this);
  }

  /** The twin as last read or written. */
  get twin(): DigitalTwin {
    return this.shown;
  }

  get twinId(): string {
    return this.twin.id;
  }

  override get kind(): 'twins' {
    return 'twins';
  }

  override get ids(): readonly string[] {
    return [this.twin.id];
  }

  override get value(): DigitalTwin {
    return this.twin;
  }

  /** The twin as saved: a new name shows at once; a new model moves the row to its model's group. */
  showWritten(value: unknown): TreeNode | undefined {
    const twin = value as DigitalTwin;
    const moved = twin.modelId !== this.shown.modelId;
    this.shown = twin;
    return (moved ? this.parent?.childMoved() : undefined) ?? this;
  }

  getTreeItem(): vscode.TreeItem {
    const item = twinTreeItem(this, this.conn, this.twin, this.index, vscode.TreeItemCollapsibleState.Collapsed);
    // A click opens the twin (plain string arguments); in the location view a click expands instead.
    item.command = {
      command: 'buildingTwins.openTwin',
      title: vscode.l10n.t('Open twin'),
      arguments: [this.conn.connection, this.twin.id],
    };
    return item;
  }

  override resolveTooltip(token: vscode.CancellationToken): Promise<vscode.MarkdownString> {
    return resolveTwinTooltip(
      this.conn,
      this.twin,
      this.index,
      () => ({
        outgoing: this.groups?.[0].loadedCount,
        incoming: this.groups?.[1].loadedCount,
      }),
      token,
    );
  }

  /** Outgoing and Incoming, both read now so each shows its count before it is expanded. */
  override async getChildren(): Promise<TreeNode[]> {
    this.groups ??= [new RelationshipGroupNode(this, 'Outgoing'), new RelationshipGroupNode(this, 'Incoming')];
    await Promise.allSettled(this.groups.map((g) => g.load()));
    return this.groups;
  }

  twinRow(parent: TreeNode, twin: DigitalTwin): TwinNode {
    return new TwinNode(parent, this.conn, twin, this.index);
  }

  override reset(): void {
    this.groups = undefined;
  }
}
