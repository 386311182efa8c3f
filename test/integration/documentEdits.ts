// Editing an open document the way a user's keystrokes would, for tests of saves.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/**
 * Replaces the whole text of `doc`. Right after a document opens, the workbench may read it once more (seen on VS Code
 * 1.139: the log says "has changed in the meantime" and the edit is ignored), which moves its version between the
 * test's read and its edit. An edit made against an older version is refused, so it is made again against the newest
 * one, at most three times; the text is then checked.
 */
export async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    if (await vscode.workspace.applyEdit(edit)) {
      assert.equal(doc.getText(), text, `the edit of ${doc.uri.toString()} holds`);
      return;
    }
  }
  assert.fail(`the edit of ${doc.uri.toString()} was refused three times`);
}
