// DTDL model files show the problems the reference parser would report while they are written: a reference to an
// interface defined nowhere appears in Problems, and goes once the interface it names is written beside it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { eventually, extensionApi } from './explorerHelpers';

const ROOM = {
  '@context': 'dtmi:dtdl:context;3',
  '@id': 'dtmi:example:Room;1',
  '@type': 'Interface',
  extends: 'dtmi:example:Space;1',
  contents: [{ '@type': 'Property', name: 'area', schema: 'double' }],
};

function dtdlProblems(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'DTDL');
}

describe('DTDL model files', function () {
  this.timeout(60_000);

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('shows a reference to an interface defined nowhere, at its line, and clears it when the interface is written', async () => {
    await extensionApi();
    const dir = mkdtempSync(join(tmpdir(), 'dtdl-'));
    const room = join(dir, 'Room.json');
    writeFileSync(room, JSON.stringify(ROOM, null, 2));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(room));
    await vscode.window.showTextDocument(document);
    const [problem] = await eventually(() => {
      const found = dtdlProblems(document.uri);
      assert.equal(found.length, 1, `DTDL problems: ${found.map((d) => d.message).join(' | ')}`);
      return found;
    }, 20_000);
    assert.match(problem!.message, /dtmi:example:Space;1/);
    assert.equal(
      problem!.range.start.line,
      document
        .getText()
        .split('\n')
        .findIndex((l) => l.includes('"extends"')),
    );

    // The interface it names, written beside it (as a new file of the folder would be), resolves the reference.
    const space = { '@context': 'dtmi:dtdl:context;3', '@id': 'dtmi:example:Space;1', '@type': 'Interface' };
    await vscode.workspace.fs.writeFile(
      vscode.Uri.file(join(dir, 'Space.json')),
      Buffer.from(JSON.stringify(space, null, 2)),
    );
    await eventually(() => assert.deepEqual(dtdlProblems(document.uri), []), 20_000);

    // A mistake typed in the editor shows at once (no save), and goes when it is undone.
    const editor = await vscode.window.showTextDocument(document);
    const at = document.getText().indexOf('"double"');
    await editor.edit((e) =>
      e.replace(new vscode.Range(document.positionAt(at), document.positionAt(at + 8)), '"dubble"'),
    );
    await eventually(() => assert.equal(dtdlProblems(document.uri).length, 1), 20_000);
    await vscode.commands.executeCommand('undo');
    await eventually(() => assert.deepEqual(dtdlProblems(document.uri), []), 20_000);
  });
});
