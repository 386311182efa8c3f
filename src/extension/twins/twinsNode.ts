import * as vscode from 'vscode';
import type { DigitalTwin } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ConnectionScope } from '../explorer/explorerServices';
import { type Page, PagedNode } from '../explorer/pagedNode';
import { describeFilter, filterAdmitsModel, numericComparisonCaveat, toTwinFilters } from './twinFilter';
import { TwinNode } from './twinNode';
import { SortedTwins } from './twinSort';
import { twinSortKey, twinSortLabel } from './twinSortSetting';
import { childId, errorNode, MessageNode, nodeItem, TreeNode } from '../explorer/treeNode';

/**
 * Up to this many candidate models, the Twins group counts each model's twins (one request each) to show
 * the counts and hide empty groups; above it (large ontologies) every model gets a group, counted on expansion.
 */
const COUNTED_GROUPS_LIMIT = 60;

/** "Twins": one group per model (twins of exactly that model), honouring the explorer's filter. */
export class TwinsNode extends TreeNode {
  private groups = new Map<string, TwinModelGroupNode>();
  private index: ModelIndex | undefined;

  constructor(readonly conn: ConnectionScope) {
    super(conn, childId(conn, 'twins'));
  }

  override get reads(): string {
    return 'twins';
  }

  override twinFilterChanged(): void {
    this.reset();
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(this, vscode.l10n.t('Twins'), vscode.TreeItemCollapsibleState.Collapsed, {
      iconPath: new vscode.ThemeIcon('symbol-constant'),
      contextValue: 'twinsGroup',
      description: this.conn.services.tree.filter ? vscode.l10n.t('filtered') : undefined,
      tooltip: vscode.l10n.t('Twins grouped by their model (expand a model for its twins, page by page)'),
    });
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      this.index = await this.conn.services.models.getIndex(this.conn.connection);
    } catch (err) {
      return [errorNode(this, err)];
    }
    const index = this.index;
    const filter = this.conn.services.tree.filter;
    const ids = index.ids().filter((id) => filterAdmitsModel(filter, id, (a, b) => index.isA(a, b)));
    ids.sort((a, b) => index.displayName(a).localeCompare(index.displayName(b)) || a.localeCompare(b));
    if (ids.length === 0)
      return [
        new MessageNode(
          this,
          'empty',
          filter ? vscode.l10n.t('No model matches the filter') : vscode.l10n.t('No models'),
        ),
      ];
    if (ids.length > COUNTED_GROUPS_LIMIT) return ids.map((id) => this.groupFor(id));
    let counts: number[];
    try {
      const client = await this.conn.client();
      counts = await Promise.all(
        ids.map(
          (id) =>
            this.groupFor(id).knownTotal ?? client.countTwins(toTwinFilters(filter, { modelId: id, exact: true })),
        ),
      );
    } catch (err) {
      return [errorNode(this, err)];
    }
    const groups = ids.map((id, i) => this.groupFor(id).withTotal(counts[i])).filter((g) => g.knownTotal !== 0);
    return groups.length
      ? groups
      : [
          new MessageNode(
            this,
            'empty',
            filter ? vscode.l10n.t('No twin matches the filter') : vscode.l10n.t('No twins'),
          ),
        ];
  }

  groupFor(modelId: string): TwinModelGroupNode {
    let group = this.groups.get(modelId);
    if (!group) {
      group = new TwinModelGroupNode(this, modelId);
      this.groups.set(modelId, group);
    }
    return group;
  }

  modelIndex(): ModelIndex | undefined {
    return this.index;
  }

  /** The model groups made so far (drawn again when the twin order changes). */
  loadedGroups(): TwinModelGroupNode[] {
    return [...this.groups.values()];
  }

  override reset(): void {
    this.groups.clear();
    this.index = undefined;
  }
}

/** The twins of exactly one model, paged with the service's continuation token. */
export class TwinModelGroupNode extends PagedNode<DigitalTwin, string> {
  private readonly pinned = new Map<string, DigitalTwin>();
  private readonly sorted = new SortedTwins();
  /** Refreshed after it showed a count: count again before it is drawn, so the count stays. */
  private recount = false;

  constructor(
    readonly twins: TwinsNode,
    readonly modelId: string,
  ) {
    super(twins, childId(twins, modelId), twins.conn);
  }

  override get kind(): 'twinGroup' {
    return 'twinGroup';
  }

  override get ids(): readonly string[] {
    return [this.modelId];
  }

  async getTreeItem(): Promise<vscode.TreeItem> {
    if (this.recount) {
      this.recount = false;
      try {
        this.total = await (await this.conn.client()).countTwins(this.filters());
      } catch {
        // Drawn without a count; expanding the group counts again (and shows the error).
      }
    }
    const index = this.twins.modelIndex();
    const sortBy = twinSortKey();
    const filter = this.conn.services.tree.filter;
    // The order and the filter in force show on the group: a sort other than by name, and "filtered".
    const description = [
      this.pageDescription({ one: vscode.l10n.t('{0} twin'), other: vscode.l10n.t('{0} twins') }),
      sortBy === 'name' ? undefined : twinSortLabel(sortBy),
      filter ? vscode.l10n.t('filtered') : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    const tooltip = [
      vscode.l10n.t('Twins of {0} (exact model)', this.modelId),
      vscode.l10n.t(
        'Order: {0}, of the loaded twins (the service lists twins in no set order; load them all to sort them all).',
        twinSortLabel(sortBy),
      ),
      filter ? vscode.l10n.t('Filter: {0}', describeFilter(filter)) : undefined,
      filter && numericComparisonCaveat(filter),
      filter ? vscode.l10n.t('"Clear Twin Filter" in the view title shows every twin again.') : undefined,
    ]
      .filter(Boolean)
      .join('\n');
    return nodeItem(this, index?.displayName(this.modelId) ?? this.modelId, vscode.TreeItemCollapsibleState.Collapsed, {
      description: description || undefined,
      tooltip,
      iconPath: new vscode.ThemeIcon('symbol-folder'),
      contextValue: 'twinModelGroup',
    });
  }

  private filters(): ReturnType<typeof toTwinFilters> {
    return toTwinFilters(this.conn.services.tree.filter, { modelId: this.modelId, exact: true });
  }

  protected async fetchPage(token: string | undefined): Promise<Page<DigitalTwin, string>> {
    const client = await this.conn.client();
    const filters = this.filters();
    const pageSize = vscode.workspace.getConfiguration('buildingTwins').get<number>('twins.pageSize', 100);
    const [page, total] = await Promise.all([
      client.listTwins({ ...filters, pageSize, continuationToken: token ?? null }),
      token === undefined && this.total === undefined ? client.countTwins(filters) : Promise.resolve(this.total),
    ]);
    for (const twin of page.content) this.pinned.delete(twin.id);
    return { items: page.content, next: page.continuationToken ?? undefined, total };
  }

  /** Seeds the total from a count made by the Twins group (shown before the first page). */
  withTotal(total: number): this {
    this.total = total;
    return this;
  }

  /** The loaded twins in the order of the buildingTwins.twins.sortBy setting (each new page merged in). */
  protected override ordered(twins: readonly DigitalTwin[]): DigitalTwin[] {
    return this.sorted.of(twins, twinSortKey());
  }

  protected keyOf(twin: DigitalTwin): string {
    return twin.id;
  }

  protected createNode(twin: DigitalTwin): TreeNode {
    return new TwinNode(this, this.conn, twin, this.twins.modelIndex());
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('No twins');
  }

  protected override pinnedNodes(): TreeNode[] {
    return [...this.pinned.values()].map((t) => this.nodeFor(t));
  }

  /** Makes sure the twin has a node here (loaded page or pinned on top) so the tree can reveal it. */
  nodeForTwin(twin: DigitalTwin): TreeNode {
    if (!this.loaded.some((t) => t.id === twin.id)) this.pinned.set(twin.id, twin);
    return this.nodeFor(twin);
  }

  override reset(): void {
    this.recount = this.total !== undefined;
    super.reset();
    this.pinned.clear();
  }

  /** A twin of this group was saved with another model: the groups are counted and listed again. */
  override childMoved(): TreeNode {
    this.twins.reset();
    return this.twins;
  }
}
