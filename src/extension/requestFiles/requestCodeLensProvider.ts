// "Run" over each request of a request file, and "Run all" over the list.

import * as vscode from 'vscode';
import type { ParsedRequestCache } from './requestDocuments';
import { isRequestDocument } from './requestFileName';

export const RUN_REQUEST_COMMAND = 'buildingTwins.runRequest';
export const RUN_ALL_REQUESTS_COMMAND = 'buildingTwins.runAllRequests';

export class RequestCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly cache: ParsedRequestCache) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRequestDocument(document)) return [];
    const { file } = this.cache.get(document);
    if (!file.requests.length) return [];
    const lenses: vscode.CodeLens[] = [];
    const first = document.positionAt(file.requests[0]!.span.offset);
    lenses.push(
      new vscode.CodeLens(new vscode.Range(first, first), {
        title: vscode.l10n.t('Run all ({0})', file.requests.length),
        command: RUN_ALL_REQUESTS_COMMAND,
        arguments: [document.uri],
      }),
    );
    for (const request of file.requests) {
      const at = document.positionAt(request.span.offset);
      lenses.push(
        new vscode.CodeLens(new vscode.Range(at, at), {
          title: request.write ? vscode.l10n.t('Run (writes)') : vscode.l10n.t('Run'),
          tooltip: vscode.l10n.t('Run "{0}" ({1})', request.name, request.operation),
          command: RUN_REQUEST_COMMAND,
          arguments: [document.uri, request.name],
        }),
      );
    }
    return lenses;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
