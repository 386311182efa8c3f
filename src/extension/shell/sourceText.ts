import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UserInput } from './userInput';

/** Text to create or import from, with the name problems are reported under and the URI diagnostics go to. */
export interface SourceText {
  text: string;
  /** File name (base name) or a description such as "JSON text". */
  name: string;
  uri?: vscode.Uri;
}

/** A file's current text: the open editor's (unsaved edits included) or the file on disk. */
export async function readSourceUri(uri: vscode.Uri): Promise<SourceText> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const text = open ? open.getText() : Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  return { text, name: path.posix.basename(uri.path), uri };
}

/** A URI from a command argument: a URI, or a file path string. */
export function asUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.trim() && !/^\s*[[{]/.test(arg)) return vscode.Uri.file(arg);
  return undefined;
}

/**
 * The JSON a command acts on: a file (URI or path argument), JSON text passed as the argument, or the
 * active editor's document.
 */
export async function readJsonSource(arg: unknown): Promise<SourceText> {
  const uri = asUri(arg);
  if (uri) return readSourceUri(uri);
  if (typeof arg === 'string') return { text: arg, name: vscode.l10n.t('JSON text') };
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc)
    throw new Error(
      vscode.l10n.t('Open a JSON document with twins or relationships (or run this on a .json file in the Explorer).'),
    );
  if (!doc.languageId.startsWith('json'))
    throw new Error(vscode.l10n.t('The active editor ({0}) is not JSON.', path.posix.basename(doc.uri.path)));
  return { text: doc.getText(), name: path.posix.basename(doc.uri.path) || vscode.l10n.t('Untitled'), uri: doc.uri };
}

/** File URIs from an Explorer invocation (clicked item and multi-selection), else from an open dialog. */
export async function pickFiles(
  input: UserInput,
  clicked: unknown,
  selection: unknown,
  title: string,
  extensions: string[],
  many: boolean,
): Promise<vscode.Uri[]> {
  const selected = Array.isArray(selection) ? selection.map(asUri).filter((u): u is vscode.Uri => !!u) : [];
  if (selected.length) return selected;
  const one = asUri(clicked);
  if (one) return [one];
  return input.openFiles({ title, many, filters: { [extensions.map((e) => e.toUpperCase()).join('/')]: extensions } });
}

/** Throws unless every file ends in one of `extensions`; `refusal` words the error from the name of the first that does not. */
export function requireExtensions(
  uris: readonly vscode.Uri[],
  extensions: string[],
  refusal: (fileName: string) => string,
): void {
  const wrong = uris.find((uri) => !extensions.includes(path.posix.extname(uri.path).slice(1).toLowerCase()));
  if (wrong) throw new Error(refusal(path.posix.basename(wrong.path)));
}
