import * as vscode from 'vscode';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ExtensionServices } from '../shell/services';
import { TreeNode } from './treeNode';

/** The connection a command acts on: the one of the tree node it was run on, else the active connection. */
export async function targetConnection(
  ctx: Pick<ExtensionServices, 'connections'>,
  arg?: unknown,
): Promise<{ connection: string; client: BuildingTwinsApi }> {
  const connection = (arg instanceof TreeNode ? arg.connection : undefined) ?? ctx.connections.activeName();
  return { connection, client: await ctx.connections.getClient(connection) };
}

/** A command's outcome as a notification (a warning when something was rejected) with "Show log". */
export function notifyResult(ctx: Pick<ExtensionServices, 'log'>, message: string, warning = false): void {
  const show = warning ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const showLog = vscode.l10n.t('Show log');
  void show(message, showLog).then((choice) => {
    if (choice === showLog) ctx.log.show();
  });
}
