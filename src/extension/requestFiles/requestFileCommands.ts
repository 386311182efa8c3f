// Commands of twin request files: run one request or all, run the request under the cursor (Ctrl+Alt+R), open
// the sample file, and "Save as Request" from a filtered twin group of the explorer.
import * as vscode from 'vscode';
import { twinsRequest } from '../../core/requestFiles/requestFileEdits';
import { uri } from '../shell/argGuards';
import { instanceOf, text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { TwinModelGroupNode } from '../twins/twinsNode';
import { toTwinFilters } from '../twins/twinFilter';
import { parsedRequests } from './requestDocuments';
import { isRequestDocument } from './requestFileName';
import { RequestResultsPanel } from '../panels/requestResults/requestResultsPanel';
import { type RequestResultsTarget, runFileRequests, type RunReport } from './requestRunController';
import { saveAsRequest } from './saveAsRequest';

type RunServices = Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'requestResults' | 'writes'>;

/** The request under the cursor of the active request file (its name), or undefined. */
function requestAtCursor(editor: vscode.TextEditor | undefined): { uri: vscode.Uri; name: string } | undefined {
  if (!editor || !isRequestDocument(editor.document)) return undefined;
  const offset = editor.document.offsetAt(editor.selection.active);
  const entry = parsedRequests(editor.document).file.requests.find(
    (r) => offset >= r.span.offset && offset <= r.span.offset + r.span.length,
  );
  return entry ? { uri: editor.document.uri, name: entry.name } : undefined;
}

/** Runs one request: (file, name), or the request under the cursor (the keybinding). */
async function runRequestCommand(services: RunServices, uri?: vscode.Uri, name?: string): Promise<RunReport> {
  if (uri && name) return runFileRequests(services, services.requestResults, uri, [name]);
  const here = requestAtCursor(vscode.window.activeTextEditor);
  if (!here)
    throw new Error(vscode.l10n.t('Put the cursor in a request of a twin request file (*.twinq.json) to run it.'));
  return runFileRequests(services, services.requestResults, here.uri, [here.name]);
}

function runAllRequestsCommand(services: RunServices, uri?: vscode.Uri): Promise<RunReport> {
  return runFileRequests(services, services.requestResults, uri);
}

/**
 * The sample request file of the emulator's sample building, opened from the extension's storage: a file of its own
 * to run, change and save, which closes without asking (an untitled copy asked to be saved). Written there the first
 * time; later the user's saved version is opened as it is.
 */
async function openSampleRequests(services: Pick<ExtensionServices, 'vscodeContext'>): Promise<vscode.Uri> {
  const { extensionUri, globalStorageUri } = services.vscodeContext;
  const target = vscode.Uri.joinPath(globalStorageUri, SAMPLE_REQUESTS);
  try {
    await vscode.workspace.fs.stat(target);
  } catch {
    await vscode.workspace.fs.createDirectory(globalStorageUri);
    await vscode.workspace.fs.copy(vscode.Uri.joinPath(extensionUri, 'media', 'samples', SAMPLE_REQUESTS), target);
  }
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(target));
  return target;
}

async function saveTwinGroupAsRequest(
  services: Pick<ExtensionServices, 'input' | 'tree'>,
  node?: TwinModelGroupNode,
): Promise<{ uri: vscode.Uri; name: string }> {
  if (!node) throw new Error(vscode.l10n.t('Save as Request needs a model group under Twins in the explorer.'));
  const filters = toTwinFilters(services.tree.filter, { modelId: node.modelId, exact: true });
  const label = node.twins.modelIndex()?.displayName(node.modelId) ?? node.modelId;
  return saveAsRequest(
    services,
    twinsRequest(services.tree.filter ? vscode.l10n.t('{0} (filtered)', label) : label, filters),
  );
}

const SAMPLE_REQUESTS = 'sample-building.twinq.json';

export const requestFileCommands: CommandTable<ExtensionServices> = {
  // (file, request name); the keybinding passes nothing: the request under the cursor
  'buildingTwins.runRequest': accepts(uri, text).run(runRequestCommand),
  'buildingTwins.runAllRequests': accepts(uri).run(runAllRequestsCommand),
  'buildingTwins.openSampleRequests': accepts().run(openSampleRequests),
  'buildingTwins.saveTwinGroupAsRequest': accepts(instanceOf(TwinModelGroupNode)).run(saveTwinGroupAsRequest),
};

/** The request results panel's host, made when a run first shows results (the extension's context holds it). */
export function createRequestResults(
  services: ConstructorParameters<typeof RequestResultsPanel>[0],
): RequestResultsTarget & RequestResultsPanel {
  return new RequestResultsPanel(services);
}
