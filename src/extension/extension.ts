import * as vscode from 'vscode';
import { registerAuthoring } from './authoring/authoringServices';
import { registerCommands } from './commands';
import { BuildingTwinsContext } from './extensionContext';
import { registerPanelSerializers } from './panels/panelSerializers';
import { createTestApi, TestApi } from './testApi';

let current: BuildingTwinsContext | undefined;

export function activate(context: vscode.ExtensionContext): TestApi {
  current = new BuildingTwinsContext(context);
  registerCommands(current);
  registerPanelSerializers(current);
  registerAuthoring(current);
  current.start();
  return createTestApi(current);
}

export async function deactivate(): Promise<void> {
  await current?.emulator.stop();
  current = undefined;
}
