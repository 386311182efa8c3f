// Commands of twin request files: run one request or all, run the request under the cursor (Ctrl+Alt+R), open
// the sample file, and "Save as Request" from a filtered twin group of the explorer.
import * as vscode from 'vscode';
import { addRequest, twinsRequest, type RequestDraft } from '../../core/requestFiles/requestFileEdits';
import type { CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { TwinModelGroupNode } from '../twins/twinsNode';
import { toTwinFilters } from '../twins/twinFilter';
import { isRequestDocument, parsedRequests } from './requestDocuments';
import { runFileRequests, type RunReport } from './requestRunController';

type RunServices = Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'requestResults'>;

/** The request under the cursor of the active request file (its name), or undefined. */
function requestAtCursor(editor: vscode.TextEditor | undefined): { uri: vscode.Uri; name: string } | undefined {
  if (!editor || !isRequestDocument(editor.document)) return undefined;
  const offset = editor.document.offsetAt(editor.selection.active);
  const entry = parsedRequests(editor.document).file.requests.find((r) => offset >= r.span.offset && offset <= r.span.offset + r.span.length);
  return entry ? { uri: editor.document.uri, name: entry.name } : undefined;
}

/** Runs one request: (file, name), or the request under the cursor (the keybinding). */
async function runRequestCommand(services: RunServices, uri?: vscode.Uri, name?: string): Promise<RunReport> {
  if (uri && name) return runFileRequests(services, services.requestResults, uri, [name]);
  const here = requestAtCursor(vscode.window.activeTextEditor);
  if (!here) throw new Error(vscode.l10n.t('Put the cursor in a request of a twin request file (*.twinq.json) to run it.'));
  return runFileRequests(services, services.requestResults, here.uri, [here.name]);
}

function runAllRequestsCommand(services: RunServices, uri?: vscode.Uri): Promise<RunReport> {
  return runFileRequests(services, services.requestResults, uri);
}

/** A new untitled request file (in the first workspace folder when there is one), holding `text`. */
async function openNewRequestFile(fileName: string, text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = folder ? vscode.Uri.joinPath(folder, fileName) : vscode.Uri.file(`/${fileName}`);
  const document = await vscode.workspace.openTextDocument(target.with({ scheme: 'untitled' }));
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, document.lineCount, 0), text));
  return editor;
}

/** The sample request file of the emulator's sample building, as a new file to keep or change. */
async function openSampleRequests(services: Pick<ExtensionServices, 'vscodeContext'>): Promise<vscode.Uri> {
  const sample = vscode.Uri.joinPath(services.vscodeContext.extensionUri, 'media', 'samples', 'sample-building.twinq.json');
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(sample));
  return (await openNewRequestFile('sample-building.twinq.json', text)).document.uri;
}

/** Adds the request to the request file the user picks (an open one, or a new one) and shows it. */
export async function saveAsRequest(services: Pick<ExtensionServices, 'input'>, draft: RequestDraft): Promise<{ uri: vscode.Uri; name: string }> {
  const open = vscode.workspace.textDocuments.filter(isRequestDocument);
  const fresh = { label: vscode.l10n.t('New request file'), document: undefined as vscode.TextDocument | undefined };
  const choice = open.length
    ? await services.input.pick([...open.map((document) => ({ label: vscode.workspace.asRelativePath(document.uri), document })), fresh], { title: vscode.l10n.t('Save "{0}" as a request in…', draft.name) })
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

async function saveTwinGroupAsRequest(services: Pick<ExtensionServices, 'input' | 'tree'>, node?: TwinModelGroupNode): Promise<{ uri: vscode.Uri; name: string }> {
  if (!(node instanceof TwinModelGroupNode)) throw new Error(vscode.l10n.t('Save as Request needs a model group under Twins in the explorer.'));
  const filters = toTwinFilters(services.tree.filter, { modelId: node.modelId, exact: true });
  const label = node.twins.modelIndex()?.displayName(node.modelId) ?? node.modelId;
  return saveAsRequest(services, twinsRequest(services.tree.filter ? vscode.l10n.t('{0} (filtered)', label) : label, filters));
}

export const requestFileCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.runRequest': runRequestCommand,
  'buildingTwins.runAllRequests': runAllRequestsCommand,
  'buildingTwins.openSampleRequests': openSampleRequests,
  'buildingTwins.saveTwinGroupAsRequest': saveTwinGroupAsRequest,
};
