// Host of the request results panel (beside the request file): the results of the latest run, shown as a
// table, JSON or a chart, with "Load more" following the service's paging, export, and twins that open as
// documents.
import * as vscode from 'vscode';
import { errorText } from '../../../core/api/apiError';
import { EarlierResults } from '../../../core/requestFiles/earlierResults';
import type { RequestEntry } from '../../../core/requestFiles/requestFileModel';
import { resourceUri } from '../../documents/resourceUri';
import { runNextPage, type RequestResultsTarget, type RequestRun } from '../../requestFiles/requestRunController';
import type { ExtensionServices } from '../../shell/services';
import type { EventMessage, Handlers } from '../../../webviews/shared/bridgeProtocol';
import { attachPanel, type PanelHost } from '../host/panelHost';
import { panelOptions } from '../host/webviewHtml';
import { createRequestResultsHandlers } from './requestResultsHandlers';
import {
  REQUEST_RESULTS_VIEW_TYPE,
  type RequestResultsEvents,
  type RequestResultsMethods,
} from '../../../webviews/requestResults/requestResultsProtocol';
import { RequestResultsStore } from './requestResultsStore';
import { RequestRunHistory } from '../../requestFiles/requestRunHistory';
import { fileLabel } from '../../shell/fileLabel';

type Services = Pick<ExtensionServices, 'connections' | 'models' | 'log' | 'input' | 'vscodeContext'>;

export class RequestResultsPanel implements RequestResultsTarget {
  private host: PanelHost<RequestResultsMethods> | undefined;
  readonly store = new RequestResultsStore();
  readonly earlier = new EarlierResults();
  readonly history: RequestRunHistory;
  private selected: number | undefined;

  constructor(private readonly services: Services) {
    this.history = new RequestRunHistory(services.vscodeContext.workspaceState);
  }

  /** The panel's host while it is open. */
  get current(): PanelHost<RequestResultsMethods> | undefined {
    return this.host;
  }

  get handlers(): Handlers<RequestResultsMethods> | undefined {
    return this.host?.handlers;
  }

  begin(uri: vscode.Uri, connection: string, entries: readonly RequestEntry[]): void {
    this.store.reset(fileLabel(uri), connection, entries);
    this.selected = undefined;
    this.show();
    this.changed();
  }

  add(run: RequestRun): void {
    const stored = this.store.complete(run.entry, run.outcome, run.finishedAt - run.startedAt);
    if (stored && this.selected === undefined) this.selected = stored.id;
    this.changed();
  }

  private changed(): void {
    const message: EventMessage<RequestResultsEvents> = {
      kind: 'event',
      event: 'changed',
      data: { selected: this.selected },
    };
    void this.host?.panel.webview.postMessage(message);
  }

  private show(): void {
    if (this.host) {
      this.host.panel.reveal(vscode.ViewColumn.Beside, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      REQUEST_RESULTS_VIEW_TYPE,
      vscode.l10n.t('Request Results'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      panelOptions(this.services.vscodeContext.extensionUri),
    );
    const handlers = createRequestResultsHandlers({
      store: this.store,
      selected: () => this.selected,
      properties: async (connection) => {
        try {
          const index = await this.services.models.getIndex(connection);
          return (modelId) => (index.has(modelId) ? [...index.properties(modelId).keys()] : []);
        } catch (error) {
          this.services.log.warn(`request results: models of ${connection} not available (${errorText(error)})`);
          return () => [];
        }
      },
      loadMore: async (result) => {
        this.store.appendPage(result, await runNextPage(this.services, result, result.next ?? {}));
        this.changed();
      },
      save: async (suggestedName, format, text) => {
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        let uri: vscode.Uri;
        try {
          uri = await this.services.input.saveFile({
            title: vscode.l10n.t('Export result'),
            filters: format === 'json' ? { JSON: ['json'] } : { CSV: ['csv'] },
            ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, suggestedName) } : {}),
          });
        } catch {
          return undefined;
        }
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
        return uri.fsPath || uri.toString();
      },
      changeTwins: async (connection, twinIds) => {
        await vscode.commands.executeCommand('buildingTwins.changeTwins', connection, twinIds);
      },
      openTwin: async (connection, twinId) => {
        await vscode.window.showTextDocument(resourceUri(connection, 'twins', twinId), {
          preview: true,
          viewColumn: vscode.ViewColumn.Active,
        });
      },
    });
    this.host = attachPanel(this.services, panel, 'requestResults', handlers);
    panel.onDidDispose(() => (this.host = undefined));
  }

  dispose(): void {
    this.host?.panel.dispose();
  }
}
