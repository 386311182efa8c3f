// What the first paint of the explorer and the status bar does not need is registered once activate() has
// returned (the activation benchmark times activate(); VS Code paints the views after it): providers that answer
// later requests (completions, decorations, the help view, chat tools), not commands or anything a restored
// editor or panel needs the moment the extension is active.
import type * as vscode from 'vscode';

/**
 * Runs `register` on the turn after this one (setImmediate); what it returns joins `subscriptions`. Disposing
 * `subscriptions` first (a deactivation in between) registers nothing.
 */
export function afterActivation(
  subscriptions: vscode.Disposable[],
  register: () => readonly vscode.Disposable[] | void,
): void {
  let cancelled = false;
  const pending = setImmediate(() => {
    if (!cancelled) subscriptions.push(...(register() ?? []));
  });
  subscriptions.push({
    dispose: () => {
      cancelled = true;
      clearImmediate(pending);
    },
  });
}
