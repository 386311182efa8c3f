import * as vscode from 'vscode';
import { resourceUri } from '../documents/resourceUri';
import type { CommandsFor } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { ModelNode } from './modelsNode';
import { isRow } from '../explorer/rowSubject';
import { commandParameters, instanceOf, oneOf, text } from '../shell/commandArgs';
import { rowOf } from '../shell/argGuards';

async function openModel(ctx: Pick<ExtensionServices, 'connections'>, arg: unknown): Promise<vscode.Uri> {
  const target =
    isRow(arg, 'models') && arg.connection
      ? { connection: arg.connection, id: arg.ids[0] }
      : typeof arg === 'string'
        ? { connection: ctx.connections.activeName(), id: arg }
        : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open model needs a model in the explorer or a model id.'));
  const doc = await vscode.workspace.openTextDocument(resourceUri(target.connection, 'models', target.id));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

async function countTwins(ctx: Pick<ExtensionServices, 'tree'>, node: ModelNode): Promise<number> {
  if (!(node instanceof ModelNode)) throw new Error(vscode.l10n.t('"Count twins" works on a model in the explorer.'));
  const client = await node.group.conn.client();
  node.twinCount = await client.countTwins({ modelFilter: { modelIds: [node.modelId], exactModelMatch: false } });
  ctx.tree.update(node);
  return node.twinCount;
}

/** What the commands of modelCommands accept, position by position (commandArgs.ts). */
export const modelParameters = commandParameters({
  'buildingTwins.openModel': [oneOf(rowOf('models'), text)],
  'buildingTwins.countTwins': [instanceOf(ModelNode)],
});

export const modelCommands: CommandsFor<typeof modelParameters, ExtensionServices> = {
  'buildingTwins.openModel': openModel,
  'buildingTwins.countTwins': countTwins,
};
