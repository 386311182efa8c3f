import * as assert from 'node:assert/strict';
import { autoSaveAdviceText, autoSavesRemoteDocuments } from '../../../../src/extension/documents/autoSavePolicy';

describe('auto save and remote documents', () => {
  it('reach remote documents in every auto save mode unless limited to workspace files', () => {
    for (const autoSave of ['afterDelay', 'onFocusChange', 'onWindowChange']) {
      assert.equal(autoSavesRemoteDocuments({ autoSave, workspaceFilesOnly: false }), true, autoSave);
      assert.equal(autoSavesRemoteDocuments({ autoSave, workspaceFilesOnly: undefined }), true, autoSave);
      assert.equal(autoSavesRemoteDocuments({ autoSave, workspaceFilesOnly: true }), false, autoSave);
    }
    assert.equal(autoSavesRemoteDocuments({ autoSave: 'off', workspaceFilesOnly: false }), false);
    assert.equal(autoSavesRemoteDocuments({ autoSave: undefined, workspaceFilesOnly: false }), false);
  });

  it('say when auto save would write and what the way out is', () => {
    const text = autoSaveAdviceText({ autoSave: 'afterDelay', workspaceFilesOnly: false }, 'Contoso');
    assert.match(text, /files\.autoSave: afterDelay/);
    assert.match(text, /"Contoso" would be saved to the service after every pause in typing/);
    assert.match(text, /files\.autoSaveWorkspaceFilesOnly/);
    assert.match(
      autoSaveAdviceText({ autoSave: 'onFocusChange', workspaceFilesOnly: false }, 'x'),
      /whenever the editor loses focus/,
    );
  });
});
