import * as vscode from 'vscode';
import { uri } from '../shell/argGuards';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { keepRemoteDocumentsOutOfAutoSave } from './autoSaveAdvice';
import { RESOURCE_SCHEME } from './resourceUri';

/**
 * Save in a document of the service (Ctrl+S / Cmd+S there): the write is shown and sent before VS Code saves, so a
 * write the user declines is said as information and the edits stay, instead of VS Code's "Failed to save".
 */
async function saveDocument(ctx: Pick<ExtensionServices, 'documents'>, target?: vscode.Uri): Promise<void> {
  const doc = target
    ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString())
    : vscode.window.activeTextEditor?.document;
  if (!doc) return;
  if (doc.uri.scheme === RESOURCE_SCHEME && doc.isDirty) await ctx.documents.sendBeforeSave(doc.uri, doc.getText());
  await doc.save();
}

export const documentCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': accepts().run((ctx: Pick<ExtensionServices, 'log'>) =>
    keepRemoteDocumentsOutOfAutoSave(ctx.log),
  ),
  'buildingTwins.saveDocument': accepts(uri).run(saveDocument),
};
