import * as vscode from 'vscode';
import { connectionStateText } from './connectionStateText';
import { budgetIsBusy, budgetLines } from '../../core/api/budgetText';
import { isLocalTarget } from '../../core/writes/writePreview';
import type { ConnectionManager } from './connectionManager';

/** How often the tooltip's budget is redrawn while requests wait for a slot or the instance is paused. */
const BUSY_REFRESH_MS = 1000;
/** True while the active connection is read-only: package.json hides the write commands from the Command Palette. */
const ACTIVE_READ_ONLY_KEY = 'buildingTwins.activeConnectionReadOnly';

/**
 * Shows the active connection and its state; clicking it opens the connection details/actions. A writable connection
 * to a service elsewhere than this machine (a customer's instance) has the warning colour; a read-only one a lock.
 * The tooltip shows the request budget: requests in the current window per group and, while paced, the time to the
 * next slot.
 */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'buildingTwins.connection',
    vscode.StatusBarAlignment.Left,
    50,
  );
  private readonly subscriptions: vscode.Disposable[];
  private busyTimer: ReturnType<typeof setInterval> | undefined;
  private activeReadOnly: boolean | undefined;

  constructor(private readonly connections: ConnectionManager) {
    this.item.name = vscode.l10n.t('Building Twins connection');
    this.item.command = 'buildingTwins.showConnectionStatus';
    this.subscriptions = [
      connections.onDidChange(() => this.render()),
      connections.onDidChangeState(() => this.render()),
      connections.onDidRequest((name) => {
        if (name === this.connections.activeName()) this.render();
      }),
    ];
    this.render();
    this.item.show();
  }

  render(): void {
    const name = this.connections.activeName();
    const state = this.connections.state(name);
    const profile = this.connections.get(name);
    const readOnly = profile?.readOnly === true;
    const icon = { idle: '$(plug)', signingIn: '$(sync~spin)', connected: '$(pass-filled)', error: '$(error)' }[
      state.kind
    ];
    this.item.text = `${icon} ${name}${readOnly ? ' $(lock)' : ''}`;
    const stateText = connectionStateText(state);
    const writableRemote = profile !== undefined && !readOnly && !isLocalTarget(profile.baseUrl);
    const access = readOnly
      ? vscode.l10n.t('Read-only: every write is refused before it is sent.')
      : writableRemote
        ? vscode.l10n.t('Writable: saves and commands change this instance.')
        : vscode.l10n.t('Writable (this machine).');
    const budget = this.connections.budget(name);
    // Plain text, a line each (VS Code shows a text tooltip as written): a MarkdownString costs the extension host a
    // Markdown parse on every redraw, and its first one ~10 ms of compiling the parser, right after activation.
    this.item.tooltip = [
      vscode.l10n.t('Building Twins: {0}', name),
      profile?.baseUrl ?? '?',
      stateText,
      access,
      ...(budget ? budgetLines(budget) : []),
      vscode.l10n.t('Click for details'),
    ].join('\n');
    this.item.backgroundColor =
      state.kind === 'error'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : writableRemote
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    this.watchBudget(budget !== undefined && budgetIsBusy(budget));
    if (readOnly !== this.activeReadOnly) {
      this.activeReadOnly = readOnly;
      void vscode.commands.executeCommand('setContext', ACTIVE_READ_ONLY_KEY, readOnly);
    }
  }

  /** What the item shows now: its text, background colour's id and tooltip, and whether that is plain text (the test API reads it). */
  shown(): { text: string; background: string | undefined; tooltip: string; plainTooltip: boolean } {
    const tooltip = this.item.tooltip;
    return {
      text: this.item.text,
      background: this.item.backgroundColor instanceof vscode.ThemeColor ? this.item.backgroundColor.id : undefined,
      tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
      plainTooltip: typeof tooltip === 'string',
    };
  }

  /** Redraws every second while requests wait or the instance is paused, so the time to the next slot counts down. */
  private watchBudget(busy: boolean): void {
    if (busy && !this.busyTimer) this.busyTimer = setInterval(() => this.render(), BUSY_REFRESH_MS);
    else if (!busy && this.busyTimer) {
      clearInterval(this.busyTimer);
      this.busyTimer = undefined;
    }
  }

  dispose(): void {
    if (this.busyTimer) clearInterval(this.busyTimer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
