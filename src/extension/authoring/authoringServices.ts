import * as vscode from 'vscode';
import { RESOURCE_SCHEME } from '../documents/resourceUri';
import { registerValueTokens } from '../documents/valueTokensProvider';
import { AuthoringDiagnostics } from './authoringDiagnostics';
import { SchemaProvider, type SchemaServices } from './schemaProvider';

/** What the authoring commands share: the served schemas and the problems they report. */
export interface AuthoringServices {
  schemas: SchemaProvider;
  diagnostics: AuthoringDiagnostics;
}

/** Context key for the editor title's "Create" action: the active JSON editor holds twins or relationships. */
const DRAFT_CONTEXT_KEY = 'buildingTwins.twinDraft';
const DRAFT_SNIFF_CHARS = 65_536;

function looksLikeTwinJson(text: string): boolean {
  return /"(modelId|sourceId)"\s*:/.test(text.slice(0, DRAFT_SNIFF_CHARS));
}

/** The draft context key, set on every edit of the active editor; only changes are sent to VS Code. */
class DraftContextKey {
  private shown: boolean | undefined;

  update(editor: vscode.TextEditor | undefined): void {
    const doc = editor?.document;
    const draft =
      !!doc &&
      doc.languageId.startsWith('json') &&
      doc.uri.scheme !== RESOURCE_SCHEME &&
      looksLikeTwinJson(doc.getText(new vscode.Range(doc.positionAt(0), doc.positionAt(DRAFT_SNIFF_CHARS))));
    if (draft === this.shown) return;
    this.shown = draft;
    void vscode.commands.executeCommand('setContext', DRAFT_CONTEXT_KEY, draft);
  }
}

/**
 * The schema provider, the diagnostics, the colours of timestamps and UUIDs and the draft context key, each
 * registered once (the composition root calls this at activation; `subscriptions` disposes them).
 */
export function createAuthoring(services: SchemaServices, subscriptions: vscode.Disposable[]): AuthoringServices {
  const created: AuthoringServices = { schemas: new SchemaProvider(services), diagnostics: new AuthoringDiagnostics() };
  const draftKey = new DraftContextKey();
  subscriptions.push(
    created.schemas.register(),
    created.schemas,
    created.diagnostics,
    registerValueTokens(),
    vscode.window.onDidChangeActiveTextEditor((editor) => draftKey.update(editor)),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document) draftKey.update(vscode.window.activeTextEditor);
    }),
  );
  draftKey.update(vscode.window.activeTextEditor);
  return created;
}
