import * as vscode from 'vscode';
import { permissionDeniedText } from '../../core/api/permissionDenied';
import { normaliseArgs } from './commandArgs';
import type { Command } from './commandTypes';
import type { ExtensionLog } from './extensionLog';
import { UserCancelledError } from './userInput';
import { WriteNotSentError } from './writeNotSent';

/** What running a command uses: the log and the place its last error is kept. */
export interface CommandRunnerServices {
  readonly log: ExtensionLog;
  lastError: Error | undefined;
  /** Each command runs in a scope of its own: the writes it confirmed are not asked about again (WriteGate.run). */
  readonly writes?: { run<T>(body: () => T): T };
}

/**
 * Registers every command. Each receives only the arguments its guards accept (commandArgs.ts): the rows, URIs
 * and editor contexts VS Code passes from places the command cannot use them are dropped.
 */
export function registerCommands<S extends CommandRunnerServices>(
  services: S,
  commands: ReadonlyMap<string, Command<S>>,
): vscode.Disposable[] {
  return [...commands].map(([id, { params, run }]) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) =>
      runCommand(services, id, run, normaliseArgs(args, params)),
    ),
  );
}

/**
 * Runs a handler once: cancellation is silent, failures are logged and shown as a notification
 * with "Show log" (and kept as `lastError`); the handler's result is returned to the caller.
 */
export async function runCommand<S extends CommandRunnerServices>(
  services: S,
  id: string,
  handler: Command<S>['run'],
  args: unknown[],
): Promise<unknown> {
  const started = Date.now();
  try {
    const result = await (services.writes
      ? services.writes.run(() => handler(services, ...args))
      : handler(services, ...args));
    services.log.debug(`${id} done in ${Date.now() - started} ms`);
    return result;
  } catch (err) {
    if (err instanceof UserCancelledError) {
      services.log.debug(`${id}: ${err.message}`);
      return undefined;
    }
    if (err instanceof WriteNotSentError) {
      // The user declined a write: their choice, said as information, not as a failure.
      services.lastError = err;
      services.log.info(`${id}: ${err.message}`);
      void vscode.window.showInformationMessage(services.log.redact(err.message));
      return undefined;
    }
    reportError(services, id, err);
    return undefined;
  }
}

function reportError(services: CommandRunnerServices, id: string, err: unknown): void {
  const denied = permissionDeniedText(err);
  const error = denied ? new Error(denied, { cause: err }) : err instanceof Error ? err : new Error(String(err));
  services.lastError = error;
  services.log.error(`${id} failed: ${error.message}`);
  const showLog = vscode.l10n.t('Show log');
  void vscode.window.showErrorMessage(services.log.redact(error.message), showLog).then((choice) => {
    if (choice === showLog) services.log.show();
  });
}
