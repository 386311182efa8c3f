import * as vscode from 'vscode';
import { permissionDeniedText } from '../core/api/permissionDenied';
import { authoringCommands } from './authoring/authoringCommands';
import { normaliseArgs } from './commandArgs';
import { commandParameters } from './commandParameters';
import { connectionCommands } from './connections/connectionCommands';
import { emulatorCommands } from './connections/emulatorCommands';
import { documentCommands } from './documents/documentCommands';
import { eventCommands } from './events/eventCommands';
import type { BuildingTwinsContext } from './extensionContext';
import { helpCommands } from './help/helpCommands';
import { panelCommands } from './panels/panelCommands';
import { ticketCommands } from './tickets/ticketCommands';
import { treeCommands } from './tree/treeCommands';
import { UserCancelledError } from './userInput';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments come from VS Code untyped
export type CommandHandler = (ctx: BuildingTwinsContext, ...args: any[]) => unknown;
/** Command id (`buildingTwins.*`) -> handler. Each feature area exports one of these. */
export type CommandTable = Readonly<Record<string, CommandHandler>>;

/** The one command table: add a feature's table here (one line). */
export const commandTables: readonly CommandTable[] = [
  connectionCommands,
  emulatorCommands,
  treeCommands,
  documentCommands,
  panelCommands,
  eventCommands,
  ticketCommands,
  authoringCommands,
  helpCommands,
];

export function allCommands(): Map<string, CommandHandler> {
  const all = new Map<string, CommandHandler>();
  for (const table of commandTables) {
    for (const [id, handler] of Object.entries(table)) {
      if (all.has(id)) throw new Error(`Command ${id} is defined twice`); // l10n-exempt: a programming error the tests catch
      all.set(id, handler);
    }
  }
  return all;
}

/**
 * Registers every command. Each receives only the arguments its parameters accept (commandParameters.ts):
 * the rows, URIs and editor contexts VS Code passes from places the command cannot use them are dropped.
 */
export function registerCommands(ctx: BuildingTwinsContext): void {
  for (const [id, handler] of allCommands()) {
    const params = commandParameters[id];
    if (!params) ctx.log.warn(`${id} declares no parameters in commandParameters.ts; its arguments are passed as they come`);
    ctx.vscodeContext.subscriptions.push(vscode.commands.registerCommand(id, (...args: unknown[]) => runCommand(ctx, id, handler, params ? normaliseArgs(args, params) : args)));
  }
}

/**
 * Runs a handler once: cancellation is silent, failures are logged and shown as a notification
 * with "Show log" (and kept as `ctx.lastError`); the handler's result is returned to the caller.
 */
export async function runCommand(ctx: BuildingTwinsContext, id: string, handler: CommandHandler, args: unknown[]): Promise<unknown> {
  const started = Date.now();
  try {
    const result = await handler(ctx, ...args);
    ctx.log.debug(`${id} done in ${Date.now() - started} ms`);
    return result;
  } catch (err) {
    if (err instanceof UserCancelledError) {
      ctx.log.debug(`${id}: ${err.message}`);
      return undefined;
    }
    reportError(ctx, id, err);
    return undefined;
  }
}

export function reportError(ctx: BuildingTwinsContext, id: string, err: unknown): void {
  const denied = permissionDeniedText(err);
  const error = denied ? new Error(denied, { cause: err }) : err instanceof Error ? err : new Error(String(err));
  ctx.lastError = error;
  ctx.log.error(`${id} failed: ${error.message}`);
  const showLog = vscode.l10n.t('Show log');
  void vscode.window.showErrorMessage(ctx.log.redact(error.message), showLog).then((choice) => {
    if (choice === showLog) ctx.log.show();
  });
}
