// Wiring shared by the three panel hosts: HTML shell, bridge, error logging, disposal.
import * as vscode from 'vscode';
import { errorText } from '../../../core/api/apiError';
import type { Handlers, MethodMap } from '../../../webviews/shared/bridgeProtocol';
import type { ExtensionServices } from '../../shell/services';
import { WebviewBridge } from './webviewBridge';
import { panelOptions, webviewHtml } from './webviewHtml';

export interface PanelHost<M extends MethodMap> {
  readonly panel: vscode.WebviewPanel;
  /** Answers webview requests; tests call `bridge.handle(message)` directly. */
  readonly bridge: WebviewBridge<M>;
  readonly handlers: Handlers<M>;
}

export function createPanel(
  ctx: Pick<ExtensionServices, 'vscodeContext'>,
  viewType: string,
  title: string,
): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(
    viewType,
    title,
    vscode.ViewColumn.Active,
    panelOptions(ctx.vscodeContext.extensionUri),
  );
}

/** Fills a new or restored panel with its app and answers its requests with `handlers`. */
export function attachPanel<M extends MethodMap>(
  ctx: Pick<ExtensionServices, 'log' | 'vscodeContext'>,
  panel: vscode.WebviewPanel,
  bundle: string,
  handlers: Handlers<M>,
  /** Methods whose newer request aborts the running one, by group (BridgeOptions.supersede). */
  supersede?: Readonly<Record<string, string>>,
): PanelHost<M> {
  const extensionUri = ctx.vscodeContext.extensionUri;
  panel.webview.options = panelOptions(extensionUri);
  panel.webview.html = webviewHtml(panel.webview, extensionUri, bundle, panel.title);
  const bridge = new WebviewBridge<M>(panel.webview, handlers, {
    onError: (method, error) => ctx.log.warn(`${panel.title}: ${method} failed: ${errorText(error)}`),
    supersede,
  });
  panel.onDidDispose(() => bridge.dispose());
  return { panel, bridge, handlers };
}

/** The client of a named connection (panels stay on the connection they were opened for). */
export function connectionApi(ctx: Pick<ExtensionServices, 'connections'>, connection: string) {
  return () => ctx.connections.getClient(connection);
}
