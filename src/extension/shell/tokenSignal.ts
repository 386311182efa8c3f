// VS Code cancels with a CancellationToken, the client and the bulk runners with an AbortSignal: one bridge between them.
import type * as vscode from 'vscode';

/**
 * Runs `task` with a signal that aborts (with `reason`, when given) once `token` is cancelled, or at once when it
 * already was. The token's listener is disposed when the task settles, so a long-lived token keeps nothing alive.
 */
export async function withTokenSignal<T>(
  token: vscode.CancellationToken,
  task: (signal: AbortSignal) => Promise<T>,
  reason?: unknown,
): Promise<T> {
  const controller = new AbortController();
  const abort = (): void => controller.abort(reason);
  if (token.isCancellationRequested) abort();
  const listener = token.onCancellationRequested(abort);
  try {
    return await task(controller.signal);
  } finally {
    listener.dispose();
  }
}
