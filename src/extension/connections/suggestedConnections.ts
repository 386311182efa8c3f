import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { ExtensionLog } from '../shell/extensionLog';
import type { ConnectionProfile } from './connectionProfile';
import { parseSharedConnections, SUGGESTED_CONNECTIONS_FILE, type SharedConnections } from './sharedConnections';

const SETTING = 'suggestedConnections';

/**
 * The connections this workspace suggests: the `buildingTwins.suggestedConnections` setting of the workspace or a
 * folder, and each folder's `.vscode/building-twins.connections.json`. A suggestion is data only: it is never used
 * until the user adds it (entering its secret), and its one effect on the user's own connections is a read-only
 * mark (ConnectionManager.useWorkspaceMarks), since a workspace may make the extension more careful, never less.
 */
export class SuggestedConnections implements vscode.Disposable {
  private current: readonly ConnectionProfile[] = [];
  private reported = '';
  private readonly changed = new vscode.EventEmitter<readonly ConnectionProfile[]>();
  /** The suggestions were read again (a setting or a file changed). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: ExtensionLog) {}

  /** The suggestions as last read. */
  list(): readonly ConnectionProfile[] {
    return this.current;
  }

  /** Reads the suggestions again; the first of a name wins (the workspace's setting, then each folder in order). */
  async load(): Promise<readonly ConnectionProfile[]> {
    const sources: SharedConnections[] = [
      parseSharedConnections(
        vscode.workspace.getConfiguration('buildingTwins').inspect(SETTING)?.workspaceValue,
        vscode.l10n.t('workspace setting buildingTwins.{0}', SETTING),
      ),
    ];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      sources.push(
        parseSharedConnections(
          vscode.workspace.getConfiguration('buildingTwins', folder.uri).inspect(SETTING)?.workspaceFolderValue,
          vscode.l10n.t('folder setting buildingTwins.{0} of {1}', SETTING, folder.name),
        ),
        await readFile(vscode.Uri.joinPath(folder.uri, SUGGESTED_CONNECTIONS_FILE), folder.name),
      );
    }
    const merged: ConnectionProfile[] = [];
    for (const c of sources.flatMap((s) => s.connections)) if (!merged.some((m) => m.name === c.name)) merged.push(c);
    const problems = sources.flatMap((s) => s.problems);
    if (problems.join('\n') !== this.reported) for (const p of problems) this.log.warn(p);
    this.reported = problems.join('\n');
    this.current = merged;
    // Add Suggested Connections shows in the Command Palette only where there is something to add.
    void vscode.commands.executeCommand('setContext', 'buildingTwins.workspaceSuggestsConnections', merged.length > 0);
    this.changed.fire(merged);
    return merged;
  }

  /** Reads again whenever the setting or one of the files changes. */
  watch(): vscode.Disposable {
    const reload = (): void => void this.load();
    const files = vscode.workspace.createFileSystemWatcher(`**/${SUGGESTED_CONNECTIONS_FILE}`);
    return vscode.Disposable.from(
      files,
      files.onDidCreate(reload),
      files.onDidChange(reload),
      files.onDidDelete(reload),
      vscode.workspace.onDidChangeWorkspaceFolders(reload),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`buildingTwins.${SETTING}`)) reload();
      }),
      this.changed,
    );
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** A folder's suggestions file: none when it does not exist; a file that is not JSON is one problem. */
async function readFile(uri: vscode.Uri, folder: string): Promise<SharedConnections> {
  const source = `${folder}/${SUGGESTED_CONNECTIONS_FILE}`;
  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return { connections: [], problems: [] };
  }
  try {
    return parseSharedConnections(JSON.parse(text), source);
  } catch (err) {
    return { connections: [], problems: [vscode.l10n.t('{0} is not JSON: {1}', source, errorText(err))] };
  }
}
