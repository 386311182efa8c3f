import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BuildingTwinsContext } from '../extensionContext';
import { targetConnection } from '../tree/commandTarget';
import { ModelNode } from '../tree/modelsNode';
import { TwinModelGroupNode } from '../tree/twinsNode';
import { pickModel } from './authoringPickers';
import { twinDraft, twinDraftText } from './twinDraft';

/** Where new drafts would be saved: the first workspace folder, else the home folder. */
function draftFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
}

/**
 * "New twin JSON from model…": an untitled `<id>.twin.json` document pre-filled from a model (picked in
 * hierarchy order, or the model node / model id given). The twin schema checks it as you type; "Create
 * twins and relationships from JSON" (editor title) sends it.
 */
export async function newTwinDraft(ctx: BuildingTwinsContext, arg?: unknown): Promise<vscode.TextDocument> {
  const { connection } = await targetConnection(ctx, arg);
  const index = await ctx.models.getIndex(connection);
  const modelId = arg instanceof ModelNode || arg instanceof TwinModelGroupNode ? arg.modelId : typeof arg === 'string' && arg ? arg : await pickModel(ctx, index, 'New twin: model');
  const draft = twinDraft(index, modelId);
  const uri = vscode.Uri.file(path.join(draftFolder(), `${draft.id}.twin.json`)).with({ scheme: 'untitled' });
  const doc = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), twinDraftText(draft));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`Could not fill the new draft ${draft.id}.twin.json`);
  await vscode.window.showTextDocument(doc);
  ctx.log.info(`New twin draft ${draft.id} of ${modelId} on "${connection}"`);
  return doc;
}
