// "Save as Request": writes the request that reproduces a view (a twin group, an insights filter, a chart range)
// into a request file the user picks (an open one, or a new one) and shows it.
import * as vscode from 'vscode';
import { addRequest, type RequestDraft } from '../../core/requestFiles/requestFileEdits';
import type { ExtensionServices } from '../shell/services';
import { parsedRequests } from './requestDocuments';
import { isRequestDocument } from './requestFileName';
import { fileLabel } from '../shell/fileLabel';

/** A new untitled request file (in the first workspace folder when there is one), holding `text`. */
async function openNewRequestFile(fileName: string, text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = folder ? vscode.Uri.joinPath(folder, fileName) : vscode.Uri.file(`/${fileName}`);
  const document = await vscode.workspace.openTextDocument(target.with({ scheme: 'untitled' }));
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), text));
  return editor;
}

/** Adds the request to the request file the user picks and shows it; returns the file and the name it got. */
export async function saveAsRequest(
  services: Pick<ExtensionServices, 'input'>,
  draft: RequestDraft,
): Promise<{ uri: vscode.Uri; name: string }> {
  const open = vscode.workspace.textDocuments.filter(isRequestDocument);
  const fresh = { label: vscode.l10n.t('New request file'), document: undefined as vscode.TextDocument | undefined };
  const choice = open.length
    ? await services.input.pick(
        [
          ...open.map((document) => ({
            label: fileLabel(document.uri),
            description: vscode.workspace.getWorkspaceFolder(document.uri) ? undefined : document.uri.fsPath,
            document,
          })),
          fresh,
        ],
        { title: vscode.l10n.t('Save "{0}" as a request in…', draft.name) },
      )
    : fresh;
  if (!choice.document) {
    const { text, name } = addRequest('', draft);
    const editor = await openNewRequestFile('requests.twinq.json', text);
    return { uri: editor.document.uri, name };
  }
  const document = choice.document;
  const { text, name } = addRequest(document.getText(), draft);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
  await vscode.workspace.applyEdit(edit);
  const editor = await vscode.window.showTextDocument(document);
  const entry = parsedRequests(document).file.requests.find((r) => r.name === name);
  if (entry) {
    const at = document.positionAt(entry.span.offset);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
    editor.selection = new vscode.Selection(at, at);
  }
  return { uri: document.uri, name };
}

/** What a panel's "Save as Request" answers its webview: the name the request got and the file it is in. */
export async function saveViewAsRequest(
  services: Pick<ExtensionServices, 'input'>,
  draft: RequestDraft,
): Promise<{ name: string; file: string }> {
  const { uri, name } = await saveAsRequest(services, draft);
  return { name, file: fileLabel(uri) };
}
