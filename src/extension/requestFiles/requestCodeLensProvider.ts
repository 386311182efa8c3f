// "Run" over each request of a request file, and "Run all" (and "Rerun last" once the file has run) over the list.
// A write in a file that runs against a read-only connection gets no Run: its lens says why instead (the run would
// be refused).

import * as vscode from 'vscode';
import { stripControl } from '../../core/untrusted/controlCharacters';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ParsedRequestCache } from './requestDocuments';
import { isRequestDocument } from './requestFileName';
import { historyRunOutcome, historyRunRequests } from './requestHistoryText';
import type { RequestRunHistory } from './requestRunHistory';

export const RUN_REQUEST_COMMAND = 'buildingTwins.runRequest';
export const RUN_ALL_REQUESTS_COMMAND = 'buildingTwins.runAllRequests';
export const RERUN_LAST_REQUESTS_COMMAND = 'buildingTwins.rerunLastRequests';

export class RequestCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  private readonly listener: vscode.Disposable;
  private readonly stopHistory: () => void;

  constructor(
    private readonly cache: ParsedRequestCache,
    private readonly connections: Pick<ConnectionManager, 'activeName' | 'isReadOnly' | 'onDidChange'>,
    private readonly history: RequestRunHistory,
  ) {
    // A connection made read-only or writable, or another one made active, changes which lenses run.
    this.listener = connections.onDidChange(() => this.changed.fire());
    this.stopHistory = history.onDidRecord(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isRequestDocument(document)) return [];
    const { file } = this.cache.get(document);
    if (!file.requests.length) return [];
    const connection = file.connection ?? this.connections.activeName();
    const readOnly = this.connections.isReadOnly(connection);
    const lenses: vscode.CodeLens[] = [];
    const first = document.positionAt(file.requests[0]!.span.offset);
    lenses.push(
      new vscode.CodeLens(new vscode.Range(first, first), {
        title: vscode.l10n.t('Run all ({0})', file.requests.length),
        command: RUN_ALL_REQUESTS_COMMAND,
        arguments: [document.uri],
      }),
    );
    const last = this.history.last(document.uri.toString());
    if (last)
      lenses.push(
        new vscode.CodeLens(new vscode.Range(first, first), {
          title: vscode.l10n.t('Rerun last ({0})', historyRunRequests(last)),
          tooltip: vscode.l10n.t('Last run: {0}', historyRunOutcome(last)),
          command: RERUN_LAST_REQUESTS_COMMAND,
          arguments: [document.uri],
        }),
      );
    for (const request of file.requests) {
      const at = document.positionAt(request.span.offset);
      const range = new vscode.Range(at, at);
      if (request.write && readOnly) {
        lenses.push(
          new vscode.CodeLens(range, {
            title: vscode.l10n.t('Writes: not run on the read-only connection "{0}"', stripControl(connection)),
            tooltip: vscode.l10n.t(
              'Pin a writable connection with "connection" in the file, or make "{0}" writable in its settings.',
              stripControl(connection),
            ),
            command: '',
          }),
        );
        continue;
      }
      lenses.push(
        new vscode.CodeLens(range, {
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
    this.listener.dispose();
    this.stopHistory();
    this.changed.dispose();
  }
}
