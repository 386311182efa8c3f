// DTDL model files answer completion, hover, go to definition, find references and rename across the files of
// their folder, through VS Code's own provider commands.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { eventually, extensionApi } from './explorerHelpers';

const SPACE = {
  '@context': 'dtmi:dtdl:context;3',
  '@id': 'dtmi:example:lang:Space;1',
  '@type': 'Interface',
  contents: [{ '@type': 'Property', name: 'area', schema: 'double' }],
};
const ROOM = {
  '@context': 'dtmi:dtdl:context;3',
  '@id': 'dtmi:example:lang:Room;1',
  '@type': 'Interface',
  extends: 'dtmi:example:lang:Space;1',
  contents: [{ '@type': 'Property', name: 'capacity', schema: 'integer' }],
};

describe('DTDL model files: language features', function () {
  this.timeout(60_000);

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('completes, hovers, goes to definition, finds references and renames a DTMI across the folder', async () => {
    await extensionApi();
    const dir = mkdtempSync(join(tmpdir(), 'dtdl-lang-'));
    const space = vscode.Uri.file(join(dir, 'Space.json'));
    writeFileSync(space.fsPath, JSON.stringify(SPACE, null, 2));
    writeFileSync(join(dir, 'Room.json'), JSON.stringify(ROOM, null, 2));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(join(dir, 'Room.json')));
    await vscode.window.showTextDocument(document);
    const at = (needle: string): vscode.Position => document.positionAt(document.getText().indexOf(needle) + 2);

    const definitions = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.Location[]>(
        'vscode.executeDefinitionProvider',
        document.uri,
        at('dtmi:example:lang:Space;1'),
      );
      const ours = (found ?? []).filter((l) => l.uri.fsPath === space.fsPath);
      assert.equal(ours.length, 1, 'the definition in Space.json');
      return ours;
    }, 20_000);
    const spaceText = (await vscode.workspace.openTextDocument(space)).getText();
    assert.equal(spaceText.split('\n')[definitions[0]!.range.start.line]!.includes('"@id"'), true);

    const references = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider',
      document.uri,
      at('dtmi:example:lang:Space;1'),
    );
    assert.deepEqual(references.map((l) => l.uri.fsPath).sort(), [join(dir, 'Room.json'), space.fsPath].sort());

    const completions = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      document.positionAt(document.getText().indexOf('"integer"') + 1),
    );
    const labels = completions.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('double') && labels.includes('dateTime'), `schema names offered: ${labels.join(', ')}`);

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      at('dtmi:example:lang:Room;1'),
    );
    const hoverText = hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
    assert.match(hoverText, /area/, 'the inherited property is listed');
    assert.match(hoverText, /capacity/);

    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      document.uri,
      at('dtmi:example:lang:Space;1'),
      'dtmi:example:lang:Area;1',
    );
    assert.deepEqual(
      edit
        .entries()
        .map(([uri, edits]) => `${uri.fsPath}:${edits.length}`)
        .sort(),
      [`${join(dir, 'Room.json')}:1`, `${space.fsPath}:1`].sort(),
    );
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(JSON.parse(document.getText()).extends, 'dtmi:example:lang:Area;1');
    assert.equal(
      JSON.parse((await vscode.workspace.openTextDocument(space)).getText())['@id'],
      'dtmi:example:lang:Area;1',
    );
    assert.ok(await vscode.workspace.saveAll());
  });
});
