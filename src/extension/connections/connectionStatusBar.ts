import * as vscode from 'vscode';
import type { ConnectionManager } from './connectionManager';

/** Shows the active connection and its state; clicking it opens the connection details/actions. */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('buildingTwins.connection', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly connections: ConnectionManager) {
    this.item.name = 'Building Twins connection';
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
    const stateText = state.kind === 'error' ? `error: ${state.message}` : state.kind === 'signingIn' ? 'signing in…' : state.kind === 'connected' ? 'connected' : 'not signed in yet';
    this.item.tooltip = `Building Twins: ${name} (${profile?.baseUrl ?? '?'})\n${stateText}\nClick for details`;
    this.item.backgroundColor = state.kind === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
