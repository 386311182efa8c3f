import * as vscode from 'vscode';
import type { ConnectionState } from './connectionClients';

/** A connection's state in words, as the status bar's hover and "Connection Status" show it. */
export function connectionStateText(state: ConnectionState): string {
  switch (state.kind) {
    case 'error':
      return vscode.l10n.t('Error: {0}', state.message);
    case 'connected':
      return vscode.l10n.t('Connected');
    case 'signingIn':
      return vscode.l10n.t('Signing in…');
    default:
      return vscode.l10n.t('Not signed in yet');
  }
}
