// Whether VS Code's auto save reaches the extension's remote documents. A FileSystemProvider cannot tell an
// auto save from Ctrl+S, so with `files.autoSave` on every pause in typing would send the twin, ticket or event
// to the service. `files.autoSaveWorkspaceFilesOnly` limits auto save to files of the workspace folders, which
// remote documents never are: that is the switch the extension offers. Pure: no 'vscode'.

/** `files.autoSave` and `files.autoSaveWorkspaceFilesOnly` as configured for a document. */
export interface AutoSaveSettings {
  autoSave: unknown;
  workspaceFilesOnly: unknown;
}

/** True when auto save would save remote documents (any mode but "off", not limited to workspace files). */
export function autoSavesRemoteDocuments(settings: AutoSaveSettings): boolean {
  return typeof settings.autoSave === 'string' && settings.autoSave !== 'off' && settings.workspaceFilesOnly !== true;
}

const WHEN: Record<string, string> = {
  afterDelay: 'after every pause in typing',
  onFocusChange: 'whenever the editor loses focus',
  onWindowChange: 'whenever the window loses focus',
};

/** What the extension says, once, when such a document is opened. */
export function autoSaveAdviceText(settings: AutoSaveSettings, connection: string): string {
  const when = WHEN[String(settings.autoSave)] ?? 'without an explicit Save';
  return `Auto save is on (files.autoSave: ${String(settings.autoSave)}): documents of "${connection}" would be saved to the service ${when}, `
    + 'one write each time. Keep them out of auto save? This sets files.autoSaveWorkspaceFilesOnly: only files of the workspace '
    + 'folders are auto saved, and these documents are saved with Ctrl+S / Cmd+S.';
}
