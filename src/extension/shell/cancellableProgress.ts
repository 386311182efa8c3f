import * as vscode from 'vscode';
import { withTokenSignal } from './tokenSignal';

export type ProgressReport = vscode.Progress<{ message?: string; increment?: number }>;

/**
 * Runs `task` inside a progress notification titled `title` with a Cancel button; Cancel aborts the signal the task
 * gets (with `reason`, when given: the error a cancelled request fails with).
 */
export async function withCancellableProgress<T>(
  title: string,
  task: (progress: ProgressReport, signal: AbortSignal) => Promise<T>,
  reason?: unknown,
): Promise<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    (progress, token) => withTokenSignal(token, (signal) => task(progress, signal), reason),
  );
}
