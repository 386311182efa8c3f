// The relationship rows under a twin row: "Outgoing" and "Incoming", and one row per relationship, which expands
// to the twin at its other end.
import * as vscode from 'vscode';
import type { DigitalTwin, Relationship, RelationshipDirection } from '../../core/api/types';
import { rowResourceUri } from '../documents/resourceUri';
import type { ConnectionScope } from '../explorer/explorerServices';
import { relationshipsRowKey, type ResourceRow } from '../explorer/resourceRows';
import { childId, errorNode, MessageNode, TreeNode } from '../explorer/treeNode';
import { twinLabel } from './twinLabel';
import { twinLabelProperty } from './twinLabelSetting';

/** The twin row the relationship groups hang under, as they use it (twinNode.ts). */
export interface RelationshipOwner extends TreeNode {
  readonly conn: ConnectionScope;
  readonly twinId: string;
  /** A row for the twin at a relationship's other end, under `parent`. */
  twinRow(parent: TreeNode, twin: DigitalTwin): TreeNode;
}

/** "Outgoing" / "Incoming" under a twin. */
export class RelationshipGroupNode extends TreeNode implements ResourceRow {
  private relationships: Relationship[] | undefined;
  /** The twins at the other ends, read in one request (missing when that read failed: rows then show ids). */
  private others = new Map<string, DigitalTwin>();
  private loading: Promise<void> | undefined;

  constructor(
    readonly owner: RelationshipOwner,
    readonly direction: Exclude<RelationshipDirection, 'IncomingOrOutgoing'>,
  ) {
    super(owner, childId(owner, `~${direction.toLowerCase()}`));
    owner.conn.services.tree.rows.add(relationshipsRowKey(owner.conn.connection, owner.twinId, direction), this);
  }

  /** How many relationships the list holds, once read. */
  get loadedCount(): number | undefined {
    return this.relationships?.length;
  }

  /** A relationship of this twin was created: the list is read again. */
  showWritten(): TreeNode {
    this.reset();
    return this;
  }

  getTreeItem(): vscode.TreeItem {
    const outgoing = this.direction === 'Outgoing';
    const item = new vscode.TreeItem(
      outgoing ? vscode.l10n.t('Outgoing') : vscode.l10n.t('Incoming'),
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description = this.relationships ? String(this.relationships.length) : undefined;
    item.iconPath = new vscode.ThemeIcon(outgoing ? 'arrow-right' : 'arrow-left');
    item.contextValue = `relationships.${this.direction.toLowerCase()}`;
    item.tooltip = outgoing
      ? vscode.l10n.t('Outgoing relationships of {0}', this.owner.twinId)
      : vscode.l10n.t('Incoming relationships of {0}', this.owner.twinId);
    return item;
  }

  /** Reads the relationships and the twins at their other ends (once; concurrent callers share the read). */
  load(): Promise<void> {
    if (this.relationships) return Promise.resolve();
    this.loading ??= (async () => {
      try {
        const client = await this.owner.conn.client();
        const relationships =
          this.direction === 'Outgoing'
            ? await client.listOutgoingRelationships(this.owner.twinId)
            : await client.listIncomingRelationships(this.owner.twinId);
        relationships.sort(
          (a, b) =>
            a.name.localeCompare(b.name) || otherEnd(a, this.direction).localeCompare(otherEnd(b, this.direction)),
        );
        const ids = [...new Set(relationships.map((r) => otherEnd(r, this.direction)))];
        const others = ids.length
          ? await client.getTwinsByIds(ids).then(
              (r) => r.twins,
              () => [],
            )
          : [];
        this.others = new Map(others.map((t) => [t.id, t]));
        this.relationships = relationships;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      await this.load();
    } catch (err) {
      return [errorNode(this, err)];
    }
    if (!this.relationships) return [];
    if (this.relationships.length === 0) {
      return [
        new MessageNode(
          this,
          'empty',
          this.direction === 'Outgoing'
            ? vscode.l10n.t('No outgoing relationships')
            : vscode.l10n.t('No incoming relationships'),
        ),
      ];
    }
    return this.relationships.map((r) => new RelationshipNode(this, r, this.others.get(otherEnd(r, this.direction))));
  }

  override reset(): void {
    this.relationships = undefined;
    this.others = new Map();
  }
}

function otherEnd(rel: Relationship, direction: 'Outgoing' | 'Incoming'): string {
  return direction === 'Outgoing' ? rel.targetId : rel.sourceId;
}

/** A relationship's properties as `key: value, key: value` (strings as they are, other values as JSON). */
function relationshipPropertiesText(rel: Relationship): string | undefined {
  const entries = Object.entries(rel.properties ?? {});
  if (entries.length === 0) return undefined;
  return entries
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function relationshipKey(rel: Relationship): string {
  return rel.id ?? `${rel.sourceId}_${rel.name}_${rel.targetId}`;
}

/** One relationship; expands to the twin at its other end. */
class RelationshipNode extends TreeNode {
  constructor(
    readonly group: RelationshipGroupNode,
    readonly relationship: Relationship,
    private other?: DigitalTwin,
  ) {
    super(group, childId(group, relationshipKey(relationship)));
  }

  get otherTwinId(): string {
    return otherEnd(this.relationship, this.group.direction);
  }

  override get kind(): 'relationships' {
    return 'relationships';
  }

  override get ids(): readonly string[] {
    return this.relationship.id ? [this.relationship.sourceId, this.relationship.id] : [this.relationship.sourceId];
  }

  override get value(): Relationship {
    return this.relationship;
  }

  getTreeItem(): vscode.TreeItem {
    const rel = this.relationship;
    const arrow = this.group.direction === 'Outgoing' ? '→' : '←';
    const otherName = this.other ? twinLabel(this.other, twinLabelProperty()) : this.otherTwinId;
    const item = new vscode.TreeItem(`${rel.name} ${arrow} ${otherName}`, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const props = relationshipPropertiesText(rel);
    item.description =
      [otherName === this.otherTwinId ? undefined : this.otherTwinId, props].filter(Boolean).join(' · ') || undefined;
    const lines = [
      vscode.l10n.t('Relationship {0}', relationshipKey(rel)),
      `${rel.sourceId} —${rel.name}→ ${rel.targetId}`,
    ];
    if (props) lines.push(vscode.l10n.t('Properties: {0}', props));
    item.tooltip = lines.join('\n');
    item.iconPath = new vscode.ThemeIcon('references');
    item.contextValue = 'relationship';
    if (rel.id)
      item.resourceUri = rowResourceUri(this.group.owner.conn.connection, 'relationships', rel.sourceId, rel.id);
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const conn = this.group.owner.conn;
    try {
      this.other ??= await (await conn.client()).getTwin(this.otherTwinId);
    } catch (err) {
      return [errorNode(this, err)];
    }
    return [this.group.owner.twinRow(this, this.other)];
  }

  override reset(): void {
    this.other = undefined;
  }
}
