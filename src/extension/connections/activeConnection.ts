import * as vscode from 'vscode';

/** Where a window keeps the connection it uses (its workspace storage: an empty window has one too). */
export const ACTIVE_CONNECTION_KEY = 'buildingTwins.activeConnection';

/**
 * The connection this window's commands use. It belongs to the window, not the user: switching in one window never
 * moves another (a clean-up script run in a window that still shows "Staging" must not reach the production
 * service another window switched to). The choice lives in the window's workspace storage, so it survives a
 * reload; a window that has not chosen yet starts with the `buildingTwins.activeConnection` user setting, read once.
 */
export class ActiveConnection {
  /** What this window started with, when it has no choice of its own (read on first use, then kept). */
  private startedWith: string | undefined;

  constructor(private readonly windowState: vscode.Memento) {}

  /** The name this window uses ('' for the local emulator); it may name a connection removed meanwhile. */
  name(): string {
    const chosen = this.windowState.get<unknown>(ACTIVE_CONNECTION_KEY);
    if (typeof chosen === 'string') return chosen;
    return (this.startedWith ??=
      vscode.workspace.getConfiguration('buildingTwins').get<string>('activeConnection') ?? '');
  }

  /** Records the window's choice (only this window's storage is written). */
  async choose(name: string): Promise<void> {
    await this.windowState.update(ACTIVE_CONNECTION_KEY, name);
  }

  /**
   * A connection was renamed or removed in this window: a choice of it follows the new name, or becomes the local
   * emulator ('') — never the user setting, which may name a production service.
   */
  async replaced(oldName: string, by: string): Promise<boolean> {
    if (this.name() !== oldName) return false;
    await this.choose(by);
    return true;
  }
}
