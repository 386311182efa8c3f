import * as vscode from 'vscode';
import { InsightNode } from '../insights/insightsNode';
import { ModelNode } from '../models/modelsNode';
import type { CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { LocationNode } from '../twins/locationsNode';
import { RelationshipNode, TwinNode } from '../twins/twinNode';
import { LoadMoreNode } from './pagedNode';
import type { TreeNode } from './treeNode';

function refresh(ctx: Pick<ExtensionServices, 'tree'>, node?: TreeNode): void {
  ctx.tree.refresh(node instanceof Object && 'getTreeItem' in node ? node : undefined);
}

async function loadMore(ctx: Pick<ExtensionServices, 'tree'>, node: LoadMoreNode): Promise<number> {
  if (!(node instanceof LoadMoreNode)) throw new Error(vscode.l10n.t('"Load more" needs a "Load more…" tree item.'));
  await node.owner.loadMore();
  ctx.tree.update(node.owner);
  return node.owner.loadedCount;
}

function nodeTwin(node: unknown): { id: string; value: unknown } | undefined {
  if (node instanceof TwinNode || node instanceof LocationNode) return { id: node.twin.id, value: node.twin };
  if (node instanceof RelationshipNode) return { id: node.relationship.id ?? '', value: node.relationship };
  if (node instanceof ModelNode) return { id: node.modelId, value: undefined };
  if (node instanceof InsightNode) return { id: node.insight.id, value: node.insight };
  return undefined;
}

async function copyId(_services: unknown, node: unknown): Promise<string> {
  const target = nodeTwin(node);
  if (!target) throw new Error(vscode.l10n.t('Copy id works on twins, relationships, models and insights in the explorer.'));
  await vscode.env.clipboard.writeText(target.id);
  return target.id;
}

async function copyJson(_services: unknown, node: unknown): Promise<string> {
  const target = nodeTwin(node);
  if (!target) throw new Error(vscode.l10n.t('Copy as JSON works on twins, relationships, models and insights in the explorer.'));
  let value = target.value;
  if (node instanceof ModelNode) {
    const model = await (await node.group.conn.client()).getModel(node.modelId);
    value = model.modelDefinition ? (JSON.parse(model.modelDefinition) as unknown) : model;
  }
  const text = JSON.stringify(value, null, 2);
  await vscode.env.clipboard.writeText(text);
  return text;
}

export const explorerCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.refresh': refresh,
  'buildingTwins.refreshNode': refresh,
  'buildingTwins.loadMore': loadMore,
  'buildingTwins.copyId': copyId,
  'buildingTwins.copyJson': copyJson,
};
