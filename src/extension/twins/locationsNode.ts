import * as vscode from 'vscode';
import type { DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ConnectionScope } from '../explorer/explorerServices';
import { type Page, PagedNode } from '../explorer/pagedNode';
import { rowKey, type ResourceRow } from '../explorer/resourceRows';
import { twinTreeItem } from './twinNode';
import { resolveTwinTooltip } from './twinTooltip';
import { childId, nodeItem, type TreeNode } from '../explorer/treeNode';

/** Relationships that place a twin inside another (Room isPartOf Level, Equipment locatedIn Room). */
const LOCATION_RELATIONSHIPS = ['isPartOf', 'locatedIn'];
const BUILDING_MODEL = /:Building;\d+$/;
const CHUNK = 100;

/** Models named "Building" in the index, without those that extend another Building model. */
function buildingModels(index: ModelIndex): string[] {
  const buildings = index.ids().filter((id) => BUILDING_MODEL.test(id));
  return buildings.filter((id) => !index.ancestors(id).some((a) => buildings.includes(a)));
}

/** "By location": buildings at the top; each place expands to what is part of / located in it. */
export class LocationsNode extends PagedNode<DigitalTwin, string> {
  index: ModelIndex | undefined;

  constructor(conn: ConnectionScope) {
    super(conn, childId(conn, 'locations'), conn);
  }

  override get reads(): string {
    return 'twins';
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, vscode.l10n.t('By location'), vscode.TreeItemCollapsibleState.Collapsed, {
      description: this.pageDescription({ one: vscode.l10n.t('{0} building'), other: vscode.l10n.t('{0} buildings') }),
      iconPath: new vscode.ThemeIcon('location'),
      contextValue: 'locationsGroup',
      tooltip: vscode.l10n.t('Buildings, then what is part of or located in each place (isPartOf / locatedIn)'),
    });
  }

  protected async fetchPage(token: string | undefined): Promise<Page<DigitalTwin, string>> {
    const client = await this.conn.client();
    this.index ??= await this.conn.services.models.getIndex(this.conn.connection);
    const modelIds = buildingModels(this.index);
    if (modelIds.length === 0) return { items: [], next: undefined, total: 0 };
    const page = await client.listTwins({
      modelFilter: { modelIds, exactModelMatch: false },
      pageSize: 100,
      continuationToken: token ?? null,
    });
    return { items: page.content, next: page.continuationToken ?? undefined };
  }

  protected keyOf(twin: DigitalTwin): string {
    return twin.id;
  }

  protected createNode(twin: DigitalTwin): TreeNode {
    return new LocationNode(this, this.conn, twin, this);
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('No buildings');
  }

  override reset(): void {
    super.reset();
    this.index = undefined;
  }
}

/** A place (or anything placed): children are the twins with isPartOf / locatedIn pointing at it, in chunks. */
class LocationNode extends PagedNode<DigitalTwin, number> implements ResourceRow {
  private childIds: string[] | undefined;
  private shown: DigitalTwin;

  constructor(
    parent: TreeNode,
    conn: ConnectionScope,
    twin: DigitalTwin,
    private readonly root: LocationsNode,
  ) {
    super(parent, childId(parent, twin.id), conn);
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

  /** The place as saved (a new name shows at once; what is inside it is unchanged). */
  showWritten(value: unknown): TreeNode {
    this.shown = value as DigitalTwin;
    return this;
  }

  getTreeItem(): vscode.TreeItem {
    const item = twinTreeItem(this, this.conn, this.twin, this.root.index, vscode.TreeItemCollapsibleState.Collapsed);
    const count = this.pageDescription();
    if (count)
      item.description = `${item.description ? `${String(item.description)} · ` : ''}${vscode.l10n.t('{0} inside', count)}`;
    return item;
  }

  override resolveTooltip(token: vscode.CancellationToken): Promise<vscode.MarkdownString> {
    return resolveTwinTooltip(this.conn, this.twin, this.root.index, () => ({}), token);
  }

  protected async fetchPage(offset: number | undefined): Promise<Page<DigitalTwin, number>> {
    const client = await this.conn.client();
    if (!this.childIds) {
      const incoming = await client.listIncomingRelationships(this.twin.id);
      this.childIds = [
        ...new Set(incoming.filter((r) => LOCATION_RELATIONSHIPS.includes(r.name)).map((r) => r.sourceId)),
      ];
    }
    const start = offset ?? 0;
    const ids = this.childIds.slice(start, start + CHUNK);
    const { twins } = ids.length ? await client.getTwinsByIds(ids) : { twins: [] };
    twins.sort((a, b) => String(a.contents?.name ?? a.id).localeCompare(String(b.contents?.name ?? b.id)));
    const next = start + CHUNK < this.childIds.length ? start + CHUNK : undefined;
    return { items: twins, next, total: this.childIds.length };
  }

  protected keyOf(twin: DigitalTwin): string {
    return twin.id;
  }

  protected createNode(twin: DigitalTwin): TreeNode {
    return new LocationNode(this, this.conn, twin, this.root);
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('Nothing is part of or located in this twin');
  }

  override reset(): void {
    super.reset();
    this.childIds = undefined;
  }
}
