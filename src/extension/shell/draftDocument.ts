import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Where new drafts would be saved: the first workspace folder, else the home folder. */
function draftFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
}

/**
 * Opens and shows an untitled JSON draft named `fileName` (`*.twin.json`, `*.events.json`, `*.ticket.json`,
 * `*.ticket-patch.json`): the name is what the `jsonValidation` contributions match, so the draft is checked
 * against its schema while it is typed. A draft of that name already open with text is shown as it is.
 */
export async function openDraft(fileName: string, text: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.file(path.join(draftFolder(), fileName)).with({ scheme: 'untitled' });
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.getText().trim() === '') {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    if (!(await vscode.workspace.applyEdit(edit)))
      throw new Error(vscode.l10n.t('Could not fill the new draft {0}', fileName));
  }
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** The name part of a draft file before its double extension: `T-17` of `…/T-17.ticket-patch.json`. */
export function draftName(uri: vscode.Uri, extension: string): string | undefined {
  const base = path.posix.basename(uri.path);
  return base.toLowerCase().endsWith(extension) && base.length > extension.length
    ? base.slice(0, -extension.length)
    : undefined;
}
