// The extension's entry, dist/main.js, as VS Code loads it: the first window compiles dist/extension.js and saves
// V8's code cache beside it once activate() has returned; the next window compiles from that cache.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../harness/harnessPaths';
import { VSCODE_STAND_IN } from '../harness/vscodeStandIn';

interface Window {
  loaded: string;
  saved: string;
  commands: number;
}

/** One window: a fresh node that requires `dist/main.js` of `root`, activates it, and reads the cache's state before and after. */
function openWindow(root: string): Promise<Window> {
  const script = `${VSCODE_STAND_IN}
    const path = require('node:path');
    let commands = 0;
    api.commands = only({ registerCommand: () => { commands++; return { dispose() {} }; } });
    api.workspace = only({ textDocuments: [], workspaceFolders: undefined });
    api.window = only({ activeTextEditor: undefined, visibleTextEditors: [] });
    const root = ${JSON.stringify(root)};
    const main = require(path.join(root, require(path.join(root, 'package.json')).main));
    const loaded = main.codeCacheState();
    main.activate(only({ subscriptions: [], extensionPath: root, extensionMode: 1, extension: { packageJSON: require(path.join(root, 'package.json')) } }));
    setTimeout(() => process.stdout.write(JSON.stringify({ loaded, saved: main.codeCacheState(), commands })), 20);`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-e', script], { cwd: repoRoot }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Window),
    ),
  );
}

describe("the extension's entry and its code cache", function () {
  this.timeout(60_000);
  let root = '';

  // A copy of the extension's manifest and both bundles, so the cache these windows write is their own.
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bt-entry-'));
    mkdirSync(join(root, 'dist'));
    for (const file of ['package.json', 'dist/main.js', 'dist/extension.js'])
      copyFileSync(join(repoRoot, file), join(root, file));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is what package.json names, and the first window saves the cache the next one compiles from', async () => {
    assert.equal(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).main, './dist/main.js');
    const first = await openWindow(root);
    assert.deepEqual({ loaded: first.loaded, saved: first.saved }, { loaded: 'absent', saved: 'written' });
    assert.ok(first.commands > 50, `${first.commands} commands registered`);
    assert.equal(readdirSync(join(root, 'dist', '.code-cache')).length, 1);
    const second = await openWindow(root);
    assert.deepEqual(second, { loaded: 'used', saved: 'used', commands: first.commands });
  });
});
