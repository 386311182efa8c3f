// Whether VS Code's auto save reaches the extension's remote documents. A FileSystemProvider cannot tell an
// auto save from Ctrl+S, so with `files.autoSave` on every pause in typing would send the twin, ticket or event
// to the service. `files.autoSaveWorkspaceFilesOnly` limits auto save to files of the workspace folders, which
// remote documents never are: that is the switch the extension offers. Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';

/** `files.autoSave` and `files.autoSaveWorkspaceFilesOnly` as configured for a document. */
export interface AutoSaveSettings {
  autoSave: unknown;
  workspaceFilesOnly: unknown;
}

/** True when auto save would save remote documents (any mode but "off", not limited to workspace files). */
export function autoSavesRemoteDocuments(settings: AutoSaveSettings): boolean {
  return typeof settings.autoSave === 'string' && settings.autoSave !== 'off' && settings.workspaceFilesOnly !== true;
}

/** When each `files.autoSave` mode saves, in words. */
function whenSaved(autoSave: string): string {
  switch (autoSave) {
    case 'afterDelay':
      return l10n.t('after every pause in typing');
    case 'onFocusChange':
      return l10n.t('whenever the editor loses focus');
    case 'onWindowChange':
      return l10n.t('whenever the window loses focus');
    default:
      return l10n.t('without an explicit Save');
  }
}

/** What the extension says, once, when such a document is opened. */
export function autoSaveAdviceText(settings: AutoSaveSettings, connection: string): string {
  return l10n.t({
    message:
      'Auto save is on (files.autoSave: {0}): documents of "{1}" would be saved to the service {2}, one write each time. Keep them out of auto save? This sets files.autoSaveWorkspaceFilesOnly: only files of the workspace folders are auto saved, and these documents are saved with Ctrl+S / Cmd+S.',
    args: [String(settings.autoSave), connection, whenSaved(String(settings.autoSave))],
    comment: ['{2} says when auto save saves: "after every pause in typing", "whenever the editor loses focus", …'],
  });
}
