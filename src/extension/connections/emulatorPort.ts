import * as vscode from 'vscode';
import { LOCAL_EMULATOR_DEFAULT_PORT } from '../../core/api/localEmulator';

/**
 * The port the Local emulator connection uses when this window started no emulator (`buildingTwins.emulator.port`),
 * from `settings` when the caller has them read.
 */
export function emulatorPort(
  settings: Pick<vscode.WorkspaceConfiguration, 'get'> = vscode.workspace.getConfiguration('buildingTwins'),
): number {
  const port = settings.get<number>('emulator.port', LOCAL_EMULATOR_DEFAULT_PORT);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : LOCAL_EMULATOR_DEFAULT_PORT;
}
