// The integration tests share one VS Code window: settings, the explorer's loaded and expanded rows, its filters and
// open editors outlive the test that changed them. `index.ts` takes a snapshot of the user settings before the first
// test and puts the window back (`resetWindow`) before each test file, so a file passes in any order; a test that
// needs the explorer as a fresh run shows it calls `resetExplorer` itself.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension/testing/testApi';

const EXTENSION_ID = 'building-twins.building-twins';
/** Settings of other sections that tests change (autoSave and the extension's documents). */
const OTHER_SETTINGS = ['files.autoSave', 'files.autoSaveWorkspaceFilesOnly'];

let snapshot: Map<string, unknown> | undefined;

function settingKeys(): string[] {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`the extension ${EXTENSION_ID} is not loaded`);
  const configuration = (
    extension.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } } }
  ).contributes.configuration;
  return [...Object.keys(configuration.properties), ...OTHER_SETTINGS];
}

function globalValue(key: string): unknown {
  const dot = key.lastIndexOf('.');
  return vscode.workspace.getConfiguration(key.slice(0, dot)).inspect(key.slice(dot + 1))?.globalValue;
}

/** Remembers the user settings the run starts with (the harness writes the emulator's port there). */
export function snapshotSettings(): void {
  snapshot = new Map(settingKeys().map((key) => [key, globalValue(key)]));
}

/** Puts back every user setting a test changed; an unchanged one is not written (no needless change events). */
export async function restoreSettings(): Promise<void> {
  if (!snapshot)
    throw new Error('restoreSettings before snapshotSettings: index.ts takes the snapshot before the first test');
  for (const [key, value] of snapshot) {
    if (JSON.stringify(globalValue(key)) === JSON.stringify(value)) continue;
    const dot = key.lastIndexOf('.');
    await vscode.workspace
      .getConfiguration(key.slice(0, dot))
      .update(key.slice(dot + 1), value, vscode.ConfigurationTarget.Global);
  }
}

/**
 * The explorer as a fresh run shows it: VS Code's own input again, no twin or event filter, every row collapsed and
 * read again (a group a test expanded or paged keeps neither its rows nor its "10 of 41").
 */
export async function resetExplorer(): Promise<void> {
  const api = await vscode.extensions.getExtension<TestApi>(EXTENSION_ID)!.activate();
  api.useVsCodeInput();
  api.takeLastError();
  api.context.tree.setFilter(undefined);
  await vscode.commands.executeCommand('buildingTwins.events.clearFilter');
  // Collapsed first, so VS Code does not load the rows it showed expanded again (with whatever page size is set). The
  // view registers its Collapse All command when it is first drawn; a view never drawn has no expanded rows.
  const collapseAll = 'workbench.actions.treeView.buildingTwins.explorer.collapseAll';
  if ((await vscode.commands.getCommands(true)).includes(collapseAll))
    await vscode.commands.executeCommand(collapseAll);
  api.context.tree.refresh();
}

/** Before each test file: user settings as the run started, no editor open, the explorer fresh. */
export async function resetWindow(): Promise<void> {
  await restoreSettings();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await resetExplorer();
}
