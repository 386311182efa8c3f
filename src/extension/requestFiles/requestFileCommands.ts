// Commands of twin request files: run one request or all, run the request under the cursor (Ctrl+Alt+R), rerun the
// file's last run or one from its history, open the sample file, and "Save as Request" from a filtered twin group of
// the explorer.
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
import { historyRunItem } from './requestHistoryText';
import { fileLabel } from '../shell/fileLabel';

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

/** Runs requests of a file (all when `names` is empty) and adds the run to the file's history when anything ran. */
async function runAndRecord(services: RunServices, uri: vscode.Uri | undefined, names: string[]): Promise<RunReport> {
  const report = await runFileRequests(services, services.requestResults, uri, names);
  if (report.runs.length)
    await services.requestResults.history.record(report.uri.toString(), {
      names,
      connection: report.connection,
      ok: report.runs.filter((r) => r.outcome.ok).length,
      failed: report.runs.filter((r) => !r.outcome.ok).length,
    });
  return report;
}

/** Runs one request: (file, name), or the request under the cursor (the keybinding). */
async function runRequestCommand(services: RunServices, uri?: vscode.Uri, name?: string): Promise<RunReport> {
  if (uri && name) return runAndRecord(services, uri, [name]);
  const here = requestAtCursor(vscode.window.activeTextEditor);
  if (!here)
    throw new Error(vscode.l10n.t('Put the cursor in a request of a twin request file (*.twinq.json) to run it.'));
  return runAndRecord(services, here.uri, [here.name]);
}

function runAllRequestsCommand(services: RunServices, uri?: vscode.Uri): Promise<RunReport> {
  return runAndRecord(services, uri, []);
}

/** The request file a history command is about: the one given, else the active editor's. */
function historyFile(uri: vscode.Uri | undefined): vscode.Uri {
  if (uri) return uri;
  const active = vscode.window.activeTextEditor?.document;
  if (active && isRequestDocument(active)) return active.uri;
  throw new Error(vscode.l10n.t('Open a twin request file (*.twinq.json) to run its requests again.'));
}

/** The file's last run again: the same requests, on the connection the file runs against now. */
async function rerunLastRequests(services: RunServices, uri?: vscode.Uri): Promise<RunReport> {
  const file = historyFile(uri);
  const last = services.requestResults.history.last(file.toString());
  if (!last)
    throw new Error(vscode.l10n.t('{0} has not been run in this workspace yet: run a request first.', fileLabel(file)));
  return runAndRecord(services, file, last.names);
}

/** Picks one of the file's earlier runs (newest first) and runs its requests again. */
async function requestRunHistory(services: RunServices, uri?: vscode.Uri): Promise<RunReport> {
  const file = historyFile(uri);
  const runs = services.requestResults.history.runs(file.toString());
  if (!runs.length)
    throw new Error(vscode.l10n.t('{0} has not been run in this workspace yet: run a request first.', fileLabel(file)));
  const picked = await services.input.pick(
    runs.map((run) => ({ ...historyRunItem(run), run })),
    { placeHolder: vscode.l10n.t('Run again: the runs of {0}, newest first', fileLabel(file)) },
  );
  return runAndRecord(services, file, picked.run.names);
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
  'buildingTwins.rerunLastRequests': accepts(uri).run(rerunLastRequests),
  'buildingTwins.requestRunHistory': accepts(uri).run(requestRunHistory),
  'buildingTwins.openSampleRequests': accepts().run(openSampleRequests),
  'buildingTwins.saveTwinGroupAsRequest': accepts(instanceOf(TwinModelGroupNode)).run(saveTwinGroupAsRequest),
};

/** The request results panel's host, made when a run first shows results (the extension's context holds it). */
export function createRequestResults(
  services: ConstructorParameters<typeof RequestResultsPanel>[0],
): RequestResultsTarget & RequestResultsPanel {
  return new RequestResultsPanel(services);
}
