// Editing an open document the way a user's keystrokes would, for tests of saves.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/**
 * Replaces the whole text of `doc`. Right after a document opens, the workbench may read it once more, which moves its
 * version between the test's read and its edit: on VS Code 1.139 the edit is refused ("has changed in the meantime"),
 * on 1.99 the read can land just after the edit and put the text back. Either way the edit is made again against the
 * newest version, at most three times, until the document holds the text.
 */
export async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    if ((await vscode.workspace.applyEdit(edit)) && doc.getText() === text) return;
  }
  assert.equal(doc.getText(), text, `the edit of ${doc.uri.toString()} did not hold in three attempts`);
}
