import * as vscode from 'vscode';
import { resourceUri } from '../documents/resourceUri';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { ModelNode } from './modelsNode';
import { type Guarded, instanceOf, oneOf, text } from '../shell/commandArgs';
import { rowOf } from '../shell/argGuards';

const modelTarget = oneOf(rowOf('models'), text);

async function openModel(
  ctx: Pick<ExtensionServices, 'connections'>,
  arg?: Guarded<typeof modelTarget>,
): Promise<vscode.Uri> {
  const target =
    typeof arg === 'string'
      ? { connection: ctx.connections.activeName(), id: arg }
      : arg?.connection
        ? { connection: arg.connection, id: arg.ids[0] }
        : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open model needs a model in the explorer or a model id.'));
  const doc = await vscode.workspace.openTextDocument(resourceUri(target.connection, 'models', target.id));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

async function countTwins(ctx: Pick<ExtensionServices, 'tree'>, node?: ModelNode): Promise<number> {
  if (!node) throw new Error(vscode.l10n.t('"Count twins" works on a model in the explorer.'));
  const client = await node.group.conn.client();
  node.twinCount = await client.countTwins({ modelFilter: { modelIds: [node.modelId], exactModelMatch: false } });
  ctx.tree.update(node);
  return node.twinCount;
}

export const modelCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.openModel': accepts(modelTarget).run(openModel),
  'buildingTwins.countTwins': accepts(instanceOf(ModelNode)).run(countTwins),
};
