// Twin request files among the open documents, parsed once per version.

import type * as vscode from 'vscode';
import type { ParsedRequestFile } from '../../core/requestFiles/requestFileModel';
import { parseRequestFile } from '../../core/requestFiles/requestFileParser';

/** The document's requests and problems (connection variables not filled in: enough to place and check them). */
export function parsedRequests(document: vscode.TextDocument): ParsedRequestFile {
  return parseRequestFile(document.getText());
}

/** The same, parsed once per version of each document: CodeLens, diagnostics and completion share one. */
export class ParsedRequestCache {
  private readonly parsed = new WeakMap<vscode.TextDocument, { version: number; result: ParsedRequestFile }>();

  get(document: vscode.TextDocument): ParsedRequestFile {
    const cached = this.parsed.get(document);
    if (cached?.version === document.version) return cached.result;
    const result = parsedRequests(document);
    this.parsed.set(document, { version: document.version, result });
    return result;
  }
}
