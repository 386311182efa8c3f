import * as vscode from 'vscode';
import type { ConnectionManager } from './connectionManager';

/** Shows the active connection and its state; clicking it opens the connection details/actions. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('buildingTwins.connection', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly connections: ConnectionManager) {
    this.item.name = vscode.l10n.t('Building Twins connection');
    this.item.command = 'buildingTwins.showConnectionStatus';
    this.subscriptions = [connections.onDidChange(() => this.render()), connections.onDidChangeState(() => this.render())];
    this.render();
    this.item.show();
  }

  render(): void {
    const name = this.connections.activeName();
    const state = this.connections.state(name);
    const icon = { idle: '$(plug)', signingIn: '$(sync~spin)', connected: '$(pass-filled)', error: '$(error)' }[state.kind];
    this.item.text = `${icon} ${name}`;
    const profile = this.connections.get(name);
    const stateText = state.kind === 'error' ? vscode.l10n.t('error: {0}', state.message)
      : state.kind === 'signingIn' ? vscode.l10n.t('signing in…') : state.kind === 'connected' ? vscode.l10n.t('connected') : vscode.l10n.t('not signed in yet');
    this.item.tooltip = vscode.l10n.t('Building Twins: {0} ({1})\n{2}\nClick for details', name, profile?.baseUrl ?? '?', stateText);
    this.item.backgroundColor = state.kind === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
