import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandTable } from '../commands';
import { BuildingTwinsContext, emulatorPort } from '../extensionContext';
import { LOCAL_CONNECTION_NAME } from './connectionProfile';

/** A setting's file or folder: absolute, `~/…`, or relative to the first workspace folder. */
function settingPath(key: string): string | undefined {
  const value = vscode.workspace.getConfiguration('buildingTwins').get<string>(key)?.trim();
  if (!value) return undefined;
  if (value.startsWith('~/')) return path.join(process.env.HOME ?? process.env.USERPROFILE ?? '', value.slice(2));
  if (path.isAbsolute(value)) return value;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!root) throw new Error(`buildingTwins.${key} is relative ("${value}") but no folder is open.`);
  return path.join(root, value);
}

/** Starts the bundled emulator (port from the argument or `buildingTwins.emulator.port`); returns its URL. */
async function startEmulator(ctx: BuildingTwinsContext, options?: { port?: number }): Promise<string> {
  const port = options?.port ?? emulatorPort();
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

async function stopEmulator(ctx: BuildingTwinsContext): Promise<boolean> {
  const stopped = await ctx.emulator.stop();
  if (!stopped) {
    void vscode.window.showInformationMessage('The local emulator is not running (only an emulator started from this window can be stopped here).');
    return false;
  }
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  return true;
}

export const emulatorCommands: CommandTable = {
  'buildingTwins.startEmulator': startEmulator,
  'buildingTwins.stopEmulator': stopEmulator,
};
