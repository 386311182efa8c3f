import * as vscode from 'vscode';
import type { CommandsFor } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { copyAsCurl, copyAsHttp, copyId, copyJson } from './copyCommands';
import { LoadMoreNode } from './pagedNode';
import type { TreeNode } from './treeNode';
import { commandParameters, instanceOf, listOf } from '../shell/commandArgs';
import { row } from '../shell/argGuards';

function refresh(ctx: Pick<ExtensionServices, 'tree'>, node?: TreeNode): void {
  ctx.tree.refresh(node instanceof Object && 'getTreeItem' in node ? node : undefined);
}

async function loadMore(ctx: Pick<ExtensionServices, 'tree'>, node: LoadMoreNode): Promise<number> {
  if (!(node instanceof LoadMoreNode)) throw new Error(vscode.l10n.t('"Load more" needs a "Load more…" tree item.'));
  await node.owner.loadMore();
  ctx.tree.update(node.owner);
  return node.owner.loadedCount;
}

/** What the commands of explorerCommands accept, position by position (commandArgs.ts). */
export const explorerParameters = commandParameters({
  'buildingTwins.refresh': [],
  'buildingTwins.refreshNode': [row],
  'buildingTwins.loadMore': [instanceOf(LoadMoreNode)],
  // copies: (clicked row, selected rows)
  'buildingTwins.copyId': [row, listOf(row)],
  'buildingTwins.copyJson': [row, listOf(row)],
  'buildingTwins.copyAsCurl': [row, listOf(row)],
  'buildingTwins.copyAsHttp': [row, listOf(row)],
});

export const explorerCommands: CommandsFor<typeof explorerParameters, ExtensionServices> = {
  'buildingTwins.refresh': refresh,
  'buildingTwins.refreshNode': refresh,
  'buildingTwins.loadMore': loadMore,
  'buildingTwins.copyId': copyId,
  'buildingTwins.copyJson': copyJson,
  'buildingTwins.copyAsCurl': copyAsCurl,
  'buildingTwins.copyAsHttp': copyAsHttp,
};
