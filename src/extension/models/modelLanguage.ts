// Completion, hover, go to definition, find references and rename in DTDL model files (JSON files of the workspace
// with the DTDL context), over the same folder sets the diagnostics check. Registered when the first DTDL document
// is seen; what they compute (src/core/dtdl/authoring) is imported on the first request. The connection's models
// come from the models cache the twin documents use.
import * as vscode from 'vscode';
import type { ModelAuthoring, ModelCompletion } from '../../core/dtdl/authoring/modelAuthoring';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ModelFolderOf } from './modelDiagnostics';
import { isDtdlText } from './modelSet';
import { dtdlLanguageLoader } from './dtdlLanguageLoader';

export interface ModelLanguageDeps {
  folderOf: ModelFolderOf;
  /** The active connection's models, or undefined when they cannot be read now. */
  connectionModels(): Promise<ModelIndex | undefined>;
}

const SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'json' },
  { scheme: 'file', language: 'jsonc' },
];

const KINDS: Record<ModelCompletion['kind'], vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  class: vscode.CompletionItemKind.Class,
  schema: vscode.CompletionItemKind.TypeParameter,
  interface: vscode.CompletionItemKind.Interface,
  value: vscode.CompletionItemKind.EnumMember,
};

/** The position of `offset` in `text` (the text of a file that may not be open). */
function positionIn(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}

export function registerModelLanguage(deps: ModelLanguageDeps): vscode.Disposable {
  const loadDtdlLanguage = dtdlLanguageLoader();
  const authorings = new Map<string, ModelAuthoring>();

  /** The folder's language features with its files as they are now, this document's text included. */
  const authoringFor = async (
    document: vscode.TextDocument,
  ): Promise<{ authoring: ModelAuthoring; texts: Map<string, string> } | undefined> => {
    const text = document.getText();
    if (!isDtdlText(text)) return undefined;
    const folder = deps.folderOf(document.uri);
    if (!folder) return undefined;
    const { ModelAuthoring } = await loadDtdlLanguage();
    const authoring = authorings.get(folder.key) ?? new ModelAuthoring();
    authorings.set(folder.key, authoring);
    const texts = new Map(folder.files.map((f) => [f.file, f.text]));
    texts.set(document.uri.toString(), text);
    authoring.update([...texts].map(([file, t]) => ({ file, text: t })));
    return { authoring, texts };
  };

  const rangeIn = (texts: Map<string, string>, file: string, start: number, end: number): vscode.Range => {
    const text = texts.get(file) ?? '';
    return new vscode.Range(positionIn(text, start), positionIn(text, end));
  };

  const locations = (
    texts: Map<string, string>,
    found: readonly { file: string; start: number; end: number }[],
  ): vscode.Location[] =>
    found.map((o) => new vscode.Location(vscode.Uri.parse(o.file), rangeIn(texts, o.file, o.start, o.end)));

  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        async provideCompletionItems(document, position) {
          const found = await authoringFor(document);
          if (!found) return undefined;
          const connection = await deps.connectionModels();
          const offset = document.offsetAt(position);
          return found.authoring.completions(document.getText(), offset, connection?.ids() ?? []).map((c) => {
            const item = new vscode.CompletionItem(c.label, KINDS[c.kind]);
            item.insertText = c.insertText;
            item.range = new vscode.Range(document.positionAt(c.range.start), document.positionAt(c.range.end));
            if (c.detail) item.detail = c.detail;
            return item;
          });
        },
      },
      '"',
      ':',
    ),
    vscode.languages.registerHoverProvider(SELECTOR, {
      async provideHover(document, position) {
        const found = await authoringFor(document);
        if (!found) return undefined;
        const hover = found.authoring.hover(
          document.uri.toString(),
          document.offsetAt(position),
          await deps.connectionModels(),
        );
        if (!hover) return undefined;
        const range = new vscode.Range(document.positionAt(hover.range.start), document.positionAt(hover.range.end));
        return new vscode.Hover(new vscode.MarkdownString(hover.markdown), range);
      },
    }),
    vscode.languages.registerDefinitionProvider(SELECTOR, {
      async provideDefinition(document, position) {
        const found = await authoringFor(document);
        if (!found) return undefined;
        return locations(found.texts, found.authoring.definition(document.uri.toString(), document.offsetAt(position)));
      },
    }),
    vscode.languages.registerReferenceProvider(SELECTOR, {
      async provideReferences(document, position, context) {
        const found = await authoringFor(document);
        if (!found) return undefined;
        const file = document.uri.toString();
        return locations(
          found.texts,
          found.authoring.references(file, document.offsetAt(position), context.includeDeclaration),
        );
      },
    }),
    vscode.languages.registerRenameProvider(SELECTOR, {
      async prepareRename(document, position) {
        const found = await authoringFor(document);
        const target = found?.authoring.renameTarget(document.uri.toString(), document.offsetAt(position));
        if (!target) throw new Error(vscode.l10n.t('Only a DTMI can be renamed here.'));
        return {
          range: new vscode.Range(document.positionAt(target.start), document.positionAt(target.end)),
          placeholder: target.dtmi,
        };
      },
      async provideRenameEdits(document, position, newName) {
        const found = await authoringFor(document);
        if (!found) return undefined;
        const result = found.authoring.rename(document.uri.toString(), document.offsetAt(position), newName.trim());
        if (!result) return undefined;
        if ('error' in result) throw new Error(result.error);
        const edit = new vscode.WorkspaceEdit();
        for (const e of result.edits)
          edit.replace(vscode.Uri.parse(e.file), rangeIn(found.texts, e.file, e.start, e.end), e.newText);
        return edit;
      },
    }),
  );
}
