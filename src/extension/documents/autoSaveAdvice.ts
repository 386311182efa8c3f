import * as vscode from 'vscode';
import type { ExtensionLog } from '../shell/extensionLog';
import { autoSaveAdviceText, autoSavesRemoteDocuments, type AutoSaveSettings } from './autoSavePolicy';

const DISMISSED_KEY = 'buildingTwins.autoSaveAdvice.dismissed';

function settingsFor(uri: vscode.Uri): AutoSaveSettings {
  const files = vscode.workspace.getConfiguration('files', uri);
  return { autoSave: files.get('autoSave'), workspaceFilesOnly: files.get('autoSaveWorkspaceFilesOnly') };
}

/** Limits auto save to workspace files, which remote documents never are (user setting). */
export async function keepRemoteDocumentsOutOfAutoSave(log: ExtensionLog): Promise<void> {
  await vscode.workspace
    .getConfiguration('files')
    .update('autoSaveWorkspaceFilesOnly', true, vscode.ConfigurationTarget.Global);
  log.info(
    'files.autoSaveWorkspaceFilesOnly set to true: twins, tickets and events are saved to the service on an explicit Save only',
  );
}

/**
 * Says once per session, when an editable remote document opens while auto save would save it, that every
 * auto save is a write to the service, and offers to keep remote documents out of auto save.
 */
export class AutoSaveAdvice {
  /** The advice given in this session (undefined until then). */
  given: string | undefined;

  constructor(
    private readonly log: ExtensionLog,
    private readonly state: vscode.Memento,
  ) {}

  /** Gives the advice if `uri`'s settings auto save it and it was not given yet; returns whether it was given now. */
  offer(uri: vscode.Uri, connection: string): boolean {
    if (this.given !== undefined || this.state.get<boolean>(DISMISSED_KEY)) return false;
    const settings = settingsFor(uri);
    if (!autoSavesRemoteDocuments(settings)) return false;
    const text = autoSaveAdviceText(settings, connection);
    this.given = text;
    this.log.info(text);
    const keepOut = vscode.l10n.t('Keep Out of Auto Save');
    const notAgain = vscode.l10n.t("Don't Show Again");
    void vscode.window.showInformationMessage(text, keepOut, notAgain).then(async (choice) => {
      if (choice === keepOut) await keepRemoteDocumentsOutOfAutoSave(this.log);
      else if (choice === notAgain) await this.state.update(DISMISSED_KEY, true);
    });
    return true;
  }
}
