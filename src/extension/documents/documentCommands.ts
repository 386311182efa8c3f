import * as vscode from 'vscode';
import type { CommandTable } from '../commands';
import type { BuildingTwinsContext } from '../extensionContext';
import { LocationNode } from '../tree/locationsNode';
import { ModelNode } from '../tree/modelsNode';
import { RelationshipNode, TwinNode } from '../tree/twinNode';
import { keepRemoteDocumentsOutOfAutoSave } from './autoSaveAdvice';
import { resourceUri } from './resourceUri';

export async function openTwinDocument(ctx: BuildingTwinsContext, connection: string, twinId: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(resourceUri(connection, 'twins', twinId));
  return vscode.window.showTextDocument(doc, { preview: true });
}

/** Opens a twin: from a tree node, a twin id on the active connection, or (connection, twin id). */
async function openTwin(ctx: BuildingTwinsContext, arg: unknown, twinId?: string): Promise<vscode.Uri> {
  const target = arg instanceof TwinNode || arg instanceof LocationNode
    ? { connection: arg.conn.connection, id: arg.twin.id }
    : typeof arg === 'string' && typeof twinId === 'string' ? { connection: arg, id: twinId }
      : typeof arg === 'string' ? { connection: ctx.connections.activeName(), id: arg } : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open twin needs a twin in the explorer or a twin id.'));
  const editor = await openTwinDocument(ctx, target.connection, target.id);
  return editor.document.uri;
}

async function openModel(ctx: BuildingTwinsContext, arg: unknown): Promise<vscode.Uri> {
  const target = arg instanceof ModelNode ? { connection: arg.group.conn.connection, id: arg.modelId }
    : typeof arg === 'string' ? { connection: ctx.connections.activeName(), id: arg } : undefined;
  if (!target) throw new Error(vscode.l10n.t('Open model needs a model in the explorer or a model id.'));
  const doc = await vscode.workspace.openTextDocument(resourceUri(target.connection, 'models', target.id));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

async function openRelationship(ctx: BuildingTwinsContext, arg: unknown): Promise<vscode.Uri> {
  if (!(arg instanceof RelationshipNode) || !arg.relationship.id) throw new Error(vscode.l10n.t('Open relationship needs a relationship in the explorer.'));
  const rel = arg.relationship;
  const doc = await vscode.workspace.openTextDocument(resourceUri(arg.group.owner.conn.connection, 'relationships', rel.sourceId, rel.id as string));
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.uri;
}

export const documentCommands: CommandTable = {
  'buildingTwins.openTwin': openTwin,
  'buildingTwins.openModel': openModel,
  'buildingTwins.openRelationship': openRelationship,
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': (ctx: BuildingTwinsContext) => keepRemoteDocumentsOutOfAutoSave(ctx.log),
};
