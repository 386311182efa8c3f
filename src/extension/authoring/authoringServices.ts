import * as vscode from 'vscode';
import type { BuildingTwinsContext } from '../extensionContext';
import { RESOURCE_SCHEME } from '../documents/resourceUri';
import { registerValueTokens } from '../documents/valueTokensProvider';
import { AuthoringDiagnostics } from './authoringDiagnostics';
import { SchemaProvider } from './schemaProvider';

/** What the authoring commands share: the served schemas and the problems they report. */
export interface AuthoringServices {
  schemas: SchemaProvider;
  diagnostics: AuthoringDiagnostics;
}

const services = new WeakMap<BuildingTwinsContext, AuthoringServices>();

/** Context key for the editor title's "Create" action: the active JSON editor holds twins or relationships. */
const DRAFT_CONTEXT_KEY = 'buildingTwins.twinDraft';
const DRAFT_SNIFF_CHARS = 65_536;

export function looksLikeTwinJson(text: string): boolean {
  return /"(modelId|sourceId)"\s*:/.test(text.slice(0, DRAFT_SNIFF_CHARS));
}

/** The draft context key as last set: runs on every edit of the active editor, so only changes are sent. */
let draftShown: boolean | undefined;

function updateDraftContext(editor: vscode.TextEditor | undefined): void {
  const doc = editor?.document;
  const draft = !!doc && doc.languageId.startsWith('json') && doc.uri.scheme !== RESOURCE_SCHEME
    && looksLikeTwinJson(doc.getText(new vscode.Range(doc.positionAt(0), doc.positionAt(DRAFT_SNIFF_CHARS))));
  if (draft === draftShown) return;
  draftShown = draft;
  void vscode.commands.executeCommand('setContext', DRAFT_CONTEXT_KEY, draft);
}

/** Registers the schema provider, the diagnostics, the colours of timestamps and UUIDs and the draft context key (once per activation). */
export function registerAuthoring(ctx: BuildingTwinsContext): AuthoringServices {
  const existing = services.get(ctx);
  if (existing) return existing;
  const created: AuthoringServices = { schemas: new SchemaProvider(ctx), diagnostics: new AuthoringDiagnostics() };
  services.set(ctx, created);
  ctx.vscodeContext.subscriptions.push(
    created.schemas.register(),
    created.schemas,
    created.diagnostics,
    registerValueTokens(),
    vscode.window.onDidChangeActiveTextEditor(updateDraftContext),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document) updateDraftContext(vscode.window.activeTextEditor);
    }),
  );
  draftShown = undefined;
  updateDraftContext(vscode.window.activeTextEditor);
  return created;
}

export function authoring(ctx: BuildingTwinsContext): AuthoringServices {
  return services.get(ctx) ?? registerAuthoring(ctx);
}
