import * as vscode from 'vscode';

/** Read-only documents holding a resource as the service has it (or had it when opened), the left side of a compare. */
export const SERVICE_VERSION_SCHEME = 'buildingtwins-service';

/** Serves the texts that compare views show next to an editor; they are forgotten when their document closes. */
export class ServiceVersions implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  /** Texts shown by showReadOnly so far: each gets a path of its own. */
  private shown = 0;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** `reportError`: where a diff editor that failed to open is reported (the extension's log). */
  constructor(private readonly reportError: (message: string) => void) {}

  register(): vscode.Disposable {
    return vscode.Disposable.from(
      vscode.workspace.registerTextDocumentContentProvider(SERVICE_VERSION_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === SERVICE_VERSION_SCHEME) this.texts.delete(doc.uri.toString());
      }),
      this.changed,
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /**
   * Opens `text` read-only beside the active editor (preview, focus kept), e.g. everything a write will send while its
   * confirmation waits; `name` ends the document's path (`sent-request.jsonc`) and picks its language. Returns once the
   * editor is asked for, like compare (a confirmation may be open during a save).
   */
  showReadOnly(name: string, text: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme: SERVICE_VERSION_SCHEME, path: `/${++this.shown}/${name}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    void vscode.workspace
      .openTextDocument(uri)
      .then((doc) =>
        vscode.window.showTextDocument(doc, {
          preview: true,
          preserveFocus: true,
          viewColumn: vscode.ViewColumn.Beside,
        }),
      )
      .then(undefined, (error: unknown) =>
        this.reportError(`${name} did not open: ${error instanceof Error ? error.message : String(error)}`),
      );
    return Promise.resolve();
  }

  /**
   * Opens a diff editor of two read-only texts about `uri` (e.g. a ticket before and after a patch that is not sent
   * yet). Returns once the editor is asked for, like compare: late in a long session the workbench has taken up to a
   * minute to finish opening a diff while the confirmation waited for it.
   */
  compareTexts(uri: vscode.Uri, before: string, after: string, title: string): Promise<void> {
    const left = uri.with({ scheme: SERVICE_VERSION_SCHEME, query: 'before' });
    const right = uri.with({ scheme: SERVICE_VERSION_SCHEME, query: 'after' });
    this.texts.set(left.toString(), before);
    this.texts.set(right.toString(), after);
    this.changed.fire(left);
    this.changed.fire(right);
    this.openDiff(left, right, title);
    return Promise.resolve();
  }

  /**
   * Opens a diff editor: `serviceText` on the left (read-only), the document of `documentUri` with its edits on the right.
   * Returns once the editor is asked for, not opened: Compare is chosen while that document is being saved, and the
   * workbench may finish opening an editor of a document only after its save, which would then wait for itself.
   */
  compare(documentUri: vscode.Uri, serviceText: string, title: string): Promise<void> {
    const left = documentUri.with({ scheme: SERVICE_VERSION_SCHEME });
    this.texts.set(left.toString(), serviceText);
    this.changed.fire(left);
    this.openDiff(left, documentUri, title);
    return Promise.resolve();
  }

  /** Asks for a diff editor without waiting for it; one that fails to open is reported. */
  private openDiff(left: vscode.Uri, right: vscode.Uri, title: string): void {
    void vscode.commands
      .executeCommand('vscode.diff', left, right, title, { preview: true })
      .then(undefined, (error: unknown) =>
        this.reportError(
          `Compare of ${right.toString(true)} did not open: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}
