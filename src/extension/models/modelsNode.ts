import * as vscode from 'vscode';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { markdownText } from '../../core/untrusted/markdownText';
import { countText } from '../../shared/countText';
import { modelTooltipMarkdown } from '../explorer/tooltipMarkdown';
import { rowResourceUri } from '../documents/resourceUri';
import type { ConnectionScope } from '../explorer/explorerServices';
import { childId, errorNode, MessageNode, TreeNode } from '../explorer/treeNode';

/** Model id -> ids of the models that directly extend it, sorted by display name. */
function childrenMap(index: ModelIndex): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const id of index.ids()) {
    for (const parent of index.parents(id)) {
      if (!index.has(parent)) continue;
      const list = map.get(parent) ?? [];
      list.push(id);
      map.set(parent, list);
    }
  }
  for (const list of map.values()) list.sort((a, b) => index.displayName(a).localeCompare(index.displayName(b)));
  return map;
}

/** "Models": the connection's models as their `extends` hierarchy. */
export class ModelsNode extends TreeNode {
  private index: ModelIndex | undefined;
  private children: Map<string, string[]> | undefined;

  constructor(readonly conn: ConnectionScope) {
    super(conn, childId(conn, 'models'));
  }

  override get reads(): string {
    return 'models';
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Models'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.index
      ? countText(this.index.ids().length, { one: vscode.l10n.t('{0} model'), other: vscode.l10n.t('{0} models') })
      : undefined;
    item.iconPath = new vscode.ThemeIcon('symbol-class');
    item.contextValue = 'modelsGroup';
    item.tooltip = vscode.l10n.t('Models (DTDL interfaces) of this connection, by extends hierarchy');
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    let index: ModelIndex;
    try {
      index = await this.conn.services.models.getIndex(this.conn.connection);
    } catch (err) {
      return [errorNode(this, err)];
    }
    this.index = index;
    this.children = childrenMap(index);
    const roots = index.ids().filter((id) => !index.parents(id).some((p) => index.has(p)));
    roots.sort((a, b) => index.displayName(a).localeCompare(index.displayName(b)));
    if (roots.length === 0) return [new MessageNode(this, 'empty', vscode.l10n.t('No models'))];
    return roots.map((id) => new ModelNode(this, this, id));
  }

  subModels(id: string): string[] {
    return this.children?.get(id) ?? [];
  }

  modelIndex(): ModelIndex | undefined {
    return this.index;
  }

  override reset(): void {
    this.index = undefined;
    this.children = undefined;
    this.conn.services.models.invalidate(this.conn.connection);
  }
}

/** One model; expands to the models that extend it. "Count twins" fills in its description. */
export class ModelNode extends TreeNode {
  /** Twins of this model and its descendants, once counted. */
  twinCount: number | undefined;

  constructor(
    parent: TreeNode,
    readonly group: ModelsNode,
    readonly modelId: string,
  ) {
    super(parent, childId(parent, modelId));
  }

  override get kind(): 'models' {
    return 'models';
  }

  override get ids(): readonly string[] {
    return [this.modelId];
  }

  getTreeItem(): vscode.TreeItem {
    const index = this.group.modelIndex();
    const subs = this.group.subModels(this.modelId);
    const item = new vscode.TreeItem(
      index?.displayName(this.modelId) ?? this.modelId,
      subs.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    const count =
      this.twinCount === undefined
        ? undefined
        : countText(this.twinCount, { one: vscode.l10n.t('{0} twin'), other: vscode.l10n.t('{0} twins') });
    item.description = [count, this.modelId].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(
      index?.has(this.modelId) && index.isCapability(this.modelId) ? 'symbol-event' : 'symbol-class',
    );
    item.contextValue = 'model';
    item.resourceUri = rowResourceUri(this.group.conn.connection, 'models', this.modelId);
    return item;
  }

  /** Description, properties and relationships (inherited ones too) from the model index; sub-models and twin count. */
  override resolveTooltip(): Promise<vscode.MarkdownString> {
    const index = this.group.modelIndex();
    const subs = this.group.subModels(this.modelId);
    const count =
      this.twinCount === undefined
        ? undefined
        : countText(this.twinCount, { one: vscode.l10n.t('{0} twin'), other: vscode.l10n.t('{0} twins') });
    const markdown = new vscode.MarkdownString(
      index?.has(this.modelId) ? modelTooltipMarkdown(index, this.modelId) : markdownText(this.modelId),
    );
    const facts = [
      ...(subs.length
        ? [
            countText(subs.length, {
              one: vscode.l10n.t('{0} direct sub-model'),
              other: vscode.l10n.t('{0} direct sub-models'),
            }),
          ]
        : []),
      vscode.l10n.t('Twin count (incl. sub-models): {0}', count ?? vscode.l10n.t('use "Count twins"')),
    ];
    markdown.appendMarkdown(`\n\n${facts.map(markdownText).join('  \n')}`);
    return Promise.resolve(markdown);
  }

  override async getChildren(): Promise<TreeNode[]> {
    return this.group.subModels(this.modelId).map((id) => new ModelNode(this, this.group, id));
  }
}
