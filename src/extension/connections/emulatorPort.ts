import * as vscode from 'vscode';
import { LOCAL_EMULATOR_DEFAULT_PORT } from '../../core/api/localEmulator';

/** The port the Local emulator connection uses when this window started no emulator (`buildingTwins.emulator.port`). */
export function emulatorPort(): number {
  const port = vscode.workspace
    .getConfiguration('buildingTwins')
    .get<number>('emulator.port', LOCAL_EMULATOR_DEFAULT_PORT);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : LOCAL_EMULATOR_DEFAULT_PORT;
}
