// Which documents are twin request files, apart from their parsing (requestDocuments.ts).
import type * as vscode from 'vscode';

const REQUEST_FILE_GLOB = '**/*.twinq.json';
export const REQUEST_FILE_SELECTOR: vscode.DocumentSelector = [{ pattern: REQUEST_FILE_GLOB }];

export function isRequestDocument(document: vscode.TextDocument): boolean {
  return /\.twinq\.json$/i.test(document.uri.path);
}
