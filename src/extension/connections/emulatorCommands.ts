import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandTable } from '../commands';
import { probeEmulator } from '../../core/api/emulatorProbe';
import { localEmulatorUrl } from '../../core/api/localEmulator';
import { type BuildingTwinsContext, emulatorPort } from '../extensionContext';
import { LOCAL_CONNECTION_NAME } from './connectionProfile';

/**
 * A setting's file or folder: absolute, `~/…`, or relative to the first workspace folder. Relative paths are
 * refused where that folder cannot be used: in Restricted Mode (its files are not trusted) and in a virtual
 * workspace (the folder is not on this machine's disk).
 */
function settingPath(key: string): string | undefined {
  const value = vscode.workspace.getConfiguration('buildingTwins').get<string>(key)?.trim();
  if (!value) return undefined;
  if (value.startsWith('~/')) return path.join(process.env.HOME ?? process.env.USERPROFILE ?? '', value.slice(2));
  if (path.isAbsolute(value)) return value;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root) throw new Error(`buildingTwins.${key} is relative ("${value}") but no folder is open.`);
  if (root.scheme !== 'file') throw new Error(`buildingTwins.${key} is relative ("${value}") but the workspace folder is not on this machine's disk; use an absolute path.`);
  if (!vscode.workspace.isTrusted) throw new Error(`Restricted Mode: buildingTwins.${key} ("${value}") points into this folder, which is not trusted. Trust the folder or use an absolute path.`);
  return path.join(root.fsPath, value);
}

/**
 * Starts the bundled emulator (port from the argument or `buildingTwins.emulator.port`) and returns its URL. When an
 * emulator already answers on the configured port (started in a terminal or another window), it connects to that
 * one instead of failing with EADDRINUSE.
 */
async function startEmulator(ctx: BuildingTwinsContext, options?: { port?: number }): Promise<string> {
  const configured = emulatorPort();
  const port = typeof options?.port === 'number' ? options.port : configured;
  if (!ctx.emulator.running && port === configured) {
    const url = localEmulatorUrl(port);
    const found = await probeEmulator(url);
    if (found.kind === 'emulator') return useRunningEmulator(ctx, port, url);
    if (found.kind === 'other') {
      throw new Error(`Port ${port} is taken by something that is not a Building Twin emulator (${found.detail}). Stop it, or set buildingTwins.emulator.port to a free port.`);
    }
  }
  const url = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Starting the local Building Twin emulator…' },
    () => ctx.emulator.start({
      port,
      modelsFolder: settingPath('emulator.modelsFolder'),
      dataFolder: settingPath('emulator.dataFolder'),
      clientsFile: settingPath('emulator.clientsFile'),
    }),
  );
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage(`Local emulator listening on ${url}`);
  return url;
}

function useRunningEmulator(ctx: BuildingTwinsContext, port: number, url: string): string {
  ctx.log.info(`An emulator already answers at ${url}: connected to it instead of starting another`);
  ctx.localEmulator.set(true);
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage(`An emulator is already running on port ${port}: "${LOCAL_CONNECTION_NAME}" is connected to it (stop it where it was started).`);
  return url;
}

async function stopEmulator(ctx: BuildingTwinsContext): Promise<boolean> {
  if (!ctx.emulator.running) {
    const elsewhere = await ctx.localEmulator.check();
    void vscode.window.showInformationMessage(elsewhere
      ? `The emulator on port ${emulatorPort()} was not started from this window: stop it where it was started.`
      : 'The local emulator is not running.');
    return false;
  }
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Stopping the local emulator…' }, () => ctx.emulator.stop());
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage('Local emulator stopped.');
  return true;
}

export const emulatorCommands: CommandTable = {
  'buildingTwins.startEmulator': startEmulator,
  'buildingTwins.stopEmulator': stopEmulator,
};
