// Problems in DTDL model files while they are written, as the reference parser would report them: every *.json
// of a workspace folder that is DTDL (an "@context" with the DTDL context) is checked with the others of that
// folder as one set, again shortly after each change (typing, saving, files created or deleted). The validator
// loads on first use, when the first DTDL document is seen. The same sets feed the language features of model
// files (modelLanguage.ts), registered then too.
import * as vscode from 'vscode';
import type { LocatedProblem, ModelFile, ModelSetValidator } from '../../core/dtdl/validation/validateModels';
import { isDtdlText, ModelSet } from './modelSet';
import { dtdlLanguageLoader } from './dtdlLanguageLoader';

const SETTLE_MS = 300;
const SOURCE = 'DTDL';

/** Where a set of model files lives: a workspace folder, or the directory of a file outside every folder. */
interface ModelFolder {
  uri: vscode.Uri;
  name: string;
  recursive: boolean;
}

/** The model files a file is read with (its folder's, keyed by the folder), or undefined for a file of none. */
export type ModelFolderOf = (uri: vscode.Uri) => { key: string; files: ModelFile[] } | undefined;

export interface ModelDiagnosticsDeps {
  log(message: string): void;
  /** Called once, when the first DTDL document is seen, with the way to read a file's folder of models. */
  onFirstModel?(folderOf: ModelFolderOf): void;
}

export function registerModelDiagnostics(deps: ModelDiagnosticsDeps): vscode.Disposable {
  const loadDtdlLanguage = dtdlLanguageLoader();
  const collection = vscode.languages.createDiagnosticCollection('buildingTwins.models');
  const sets = new Map<string, ModelSet>();
  // One validator per folder, made on the first check: it keeps each file's own checks, so typing in one file
  // walks only that file again.
  const validators = new Map<string, ModelSetValidator>();
  const loaded = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  let modelSeen = false;

  /**
   * The set a model file is checked with: its workspace folder (every *.json under it), or for a file outside every
   * folder its own directory (the *.json files beside it).
   */
  const folderOf = (uri: vscode.Uri): ModelFolder | undefined => {
    if (uri.scheme !== 'file' || !uri.path.toLowerCase().endsWith('.json')) return undefined;
    const workspaceFolder = vscode.workspace.getWorkspaceFolder(uri);
    if (workspaceFolder) return { uri: workspaceFolder.uri, name: workspaceFolder.name, recursive: true };
    const directory = vscode.Uri.joinPath(uri, '..');
    return { uri: directory, name: directory.path.split('/').pop() || directory.path, recursive: false };
  };

  const check = async (folder: ModelFolder): Promise<void> => {
    const key = folder.uri.toString();
    const set = sets.get(key);
    if (!set) return;
    const started = performance.now();
    // The validator is a bundle of its own, loaded when the first DTDL document is checked.
    const { ModelSetValidator } = await loadDtdlLanguage();
    const validator = validators.get(key) ?? new ModelSetValidator();
    validators.set(key, validator);
    for (const [file, problems] of set.check((files) => validator.validate(files)))
      collection.set(vscode.Uri.parse(file), problems.map(toDiagnostic));
    deps.log(
      vscode.l10n.t(
        'DTDL: checked {0} model file(s) of {1} in {2} ms',
        set.size,
        folder.name,
        Math.round(performance.now() - started),
      ),
    );
  };

  const checkSoon = (folder: ModelFolder): void => {
    const key = folder.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        check(folder).catch((error: unknown) =>
          deps.log(vscode.l10n.t('DTDL: {0} not checked: {1}', folder.name, String(error))),
        );
      }, SETTLE_MS),
    );
  };

  /** The first DTDL document of a folder reads the folder's other *.json files into its set. */
  const loadFolder = async (folder: ModelFolder): Promise<void> => {
    const key = folder.uri.toString();
    if (loaded.has(key)) return;
    loaded.add(key);
    const set = sets.get(key) ?? new ModelSet();
    sets.set(key, set);
    // The workspace's watcher sees only workspace folders: a directory outside them gets one of its own, made before
    // the directory is read (a watcher starts some time after it is made: a file written meanwhile is then seen twice,
    // not missed).
    if (!folder.recursive) subscriptions.push(watch(new vscode.RelativePattern(folder.uri, '*.json')));
    const uris = folder.recursive
      ? await vscode.workspace.findFiles(new vscode.RelativePattern(folder.uri, '**/*.json'), '**/node_modules/**')
      : (await vscode.workspace.fs.readDirectory(folder.uri))
          .filter(([name, type]) => type === vscode.FileType.File && name.toLowerCase().endsWith('.json'))
          .map(([name]) => vscode.Uri.joinPath(folder.uri, name));
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const uri of uris) {
      if (open.has(uri.toString())) continue;
      try {
        set.set(uri.toString(), new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      } catch (error) {
        deps.log(vscode.l10n.t('DTDL: cannot read {0}: {1}', uri.fsPath, (error as Error).message));
      }
    }
    checkSoon(folder);
  };

  const onText = (uri: vscode.Uri, text: string): void => {
    const folder = folderOf(uri);
    if (!folder) return;
    const key = folder.uri.toString();
    const set = sets.get(key) ?? new ModelSet();
    if (!set.has(uri.toString()) && !isDtdlText(text) && !loaded.has(key)) return;
    sets.set(key, set);
    if (!modelSeen) {
      modelSeen = true;
      deps.onFirstModel?.(modelFolderOf);
    }
    const changed = set.set(uri.toString(), text);
    if (!loaded.has(key)) void loadFolder(folder);
    else if (changed) checkSoon(folder);
  };

  const modelFolderOf: ModelFolderOf = (uri) => {
    const folder = folderOf(uri);
    const set = folder && sets.get(folder.uri.toString());
    return folder && set ? { key: folder.uri.toString(), files: set.files() } : undefined;
  };

  const onDiskChange = async (uri: vscode.Uri): Promise<void> => {
    const folder = folderOf(uri);
    if (!folder || !loaded.has(folder.uri.toString())) return;
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return;
    try {
      onText(uri, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    } catch {
      onDeleted(uri);
    }
  };

  const onDeleted = (uri: vscode.Uri): void => {
    const folder = folderOf(uri);
    const set = folder && sets.get(folder.uri.toString());
    if (folder && set?.remove(uri.toString())) checkSoon(folder);
  };

  const watch = (pattern: vscode.GlobPattern): vscode.Disposable => {
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    return vscode.Disposable.from(
      watcher,
      watcher.onDidCreate((uri) => void onDiskChange(uri)),
      watcher.onDidChange((uri) => void onDiskChange(uri)),
      watcher.onDidDelete(onDeleted),
    );
  };
  const subscriptions: vscode.Disposable[] = [
    collection,
    watch('**/*.json'),
    vscode.workspace.onDidOpenTextDocument((d) => onText(d.uri, d.getText())),
    vscode.workspace.onDidChangeTextDocument((e) => onText(e.document.uri, e.document.getText())),
  ];
  for (const d of vscode.workspace.textDocuments) onText(d.uri, d.getText());
  return new vscode.Disposable(() => {
    for (const t of timers.values()) clearTimeout(t);
    for (const s of subscriptions) s.dispose();
  });
}

function toDiagnostic(p: LocatedProblem): vscode.Diagnostic {
  const range = new vscode.Range(p.range.line, p.range.column, p.range.endLine, p.range.endColumn);
  const diagnostic = new vscode.Diagnostic(range, p.message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = SOURCE;
  diagnostic.code = p.code;
  return diagnostic;
}
