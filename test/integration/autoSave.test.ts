// Auto save and remote documents: with files.autoSave on, every pause in typing would write the open twin to the
// service. The extension says so once, when such a document opens, and keeps remote documents out of auto save on
// request (files.autoSaveWorkspaceFilesOnly: remote documents are never workspace files).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { resourceUri } from '../../src/extension/documents/resourceUri';
import { emulatorUrl, extensionApi, LOCAL } from './explorerHelpers';

const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');

describe('auto save of remote documents', () => {
  // The session's own values (the harness turns auto save off), put back afterwards.
  const found = new Map<string, unknown>();
  before(() => {
    for (const key of ['autoSave', 'autoSaveWorkspaceFilesOnly']) found.set(key, files().inspect(key)?.globalValue);
  });

  after(async () => {
    for (const [key, value] of found) await files().update(key, value, vscode.ConfigurationTarget.Global);
    for (let i = 0; i < 5 && vscode.window.activeTextEditor; i++)
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('is said once when an editable remote document opens while auto save would save it, and can be switched off for them', async function () {
    emulatorUrl(this);
    const api = await extensionApi();
    await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await files().update('autoSaveWorkspaceFilesOnly', false, vscode.ConfigurationTarget.Global);
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(resourceUri(LOCAL, 'twins', 'HP-L01-R03')),
    );
    const advice = api.context.documents.autoSaveAdvice.given;
    assert.match(
      advice ?? '',
      /^Auto save is on \(files\.autoSave: afterDelay\): documents of "Local emulator" would be saved to the service after every pause in typing/,
    );

    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(resourceUri(LOCAL, 'twins', 'HP-L01-R04')),
    );
    assert.equal(api.context.documents.autoSaveAdvice.given, advice, 'said once per session');

    await vscode.commands.executeCommand('buildingTwins.keepRemoteDocumentsOutOfAutoSave');
    assert.equal(api.takeLastError(), undefined);
    assert.equal(files().get('autoSaveWorkspaceFilesOnly'), true);
    assert.equal(files().get('autoSave'), 'afterDelay', 'auto save stays on for the workspace files');
  });
});
