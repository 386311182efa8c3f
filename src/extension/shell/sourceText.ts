import * as path from 'node:path';
import * as vscode from 'vscode';
import { TreeNode } from '../explorer/treeNode';
import type { UserInput } from './userInput';

/** Text to create or import from, with the name problems are reported under and the URI diagnostics go to. */
export interface SourceText {
  text: string;
  /** The file's bytes, for a binary file (a workbook): its `text` is then empty. */
  bytes?: Uint8Array;
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

/** A binary file's bytes (its text empty), with its name and URI. */
export async function readBinarySourceUri(uri: vscode.Uri): Promise<SourceText> {
  return { text: '', bytes: await vscode.workspace.fs.readFile(uri), name: path.posix.basename(uri.path), uri };
}

/** A URI from a command argument: a URI, or a file path (not blank, not JSON text). */
export function asUri(file: vscode.Uri | string | undefined): vscode.Uri | undefined {
  if (typeof file !== 'string') return file;
  return file.trim() && !/^\s*[[{]/.test(file) ? vscode.Uri.file(file) : undefined;
}

/**
 * The JSON a command acts on: a file (URI or path argument), JSON text passed as the argument, or the
 * active editor's document.
 */
export async function readJsonSource(arg: vscode.Uri | string | undefined): Promise<SourceText> {
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
  clicked: vscode.Uri | string | TreeNode | undefined,
  selection: ReadonlyArray<vscode.Uri | string> | undefined,
  title: string,
  extensions: string[],
  many: boolean,
): Promise<vscode.Uri[]> {
  const selected = (selection ?? []).map(asUri).filter((u): u is vscode.Uri => !!u);
  if (selected.length) return selected;
  const one = clicked instanceof TreeNode ? undefined : asUri(clicked);
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
