import * as vscode from 'vscode';
import { configureL10n } from '../shared/l10n';
import { registerAuthoring } from './authoring/authoringServices';
import { registerCommands } from './commands';
import { BuildingTwinsContext } from './extensionContext';
import { registerPanelSerializers } from './panels/panelSerializers';
import type { TestApi } from './testApi';
import { loadTestApi } from './testApiLoader';

let current: BuildingTwinsContext | undefined;

/** Exports nothing, except the test API to a host running the extension's own tests. */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  configureL10n(vscode.l10n.bundle);
  current = new BuildingTwinsContext(context);
  registerCommands(current);
  registerPanelSerializers(current);
  registerAuthoring(current);
  current.start();
  return loadTestApi(context.extensionMode === vscode.ExtensionMode.Test, context.extensionPath, current);
}

export async function deactivate(): Promise<void> {
  await current?.emulator.stop();
  current = undefined;
}
