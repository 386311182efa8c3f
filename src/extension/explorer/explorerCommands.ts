import * as vscode from 'vscode';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { copyAsCurl, copyAsHttp, copyId, copyJson } from './copyCommands';
import { LoadMoreNode } from './pagedNode';
import type { TreeNode } from './treeNode';
import { instanceOf, listOf } from '../shell/commandArgs';
import { row } from '../shell/argGuards';

function refresh(ctx: Pick<ExtensionServices, 'tree'>, node?: TreeNode): void {
  ctx.tree.refresh(node);
}

async function loadMore(ctx: Pick<ExtensionServices, 'tree'>, node?: LoadMoreNode): Promise<number> {
  if (!node) throw new Error(vscode.l10n.t('"Load more" needs a "Load more…" tree item.'));
  await node.owner.loadMore();
  ctx.tree.update(node.owner);
  return node.owner.loadedCount;
}

/** The copies take the clicked row and the selected rows. */
export const explorerCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.refresh': accepts().run(refresh),
  'buildingTwins.refreshNode': accepts(row).run(refresh),
  'buildingTwins.loadMore': accepts(instanceOf(LoadMoreNode)).run(loadMore),
  'buildingTwins.copyId': accepts(row, listOf(row)).run(copyId),
  'buildingTwins.copyJson': accepts(row, listOf(row)).run(copyJson),
  'buildingTwins.copyAsCurl': accepts(row, listOf(row)).run(copyAsCurl),
  'buildingTwins.copyAsHttp': accepts(row, listOf(row)).run(copyAsHttp),
};
