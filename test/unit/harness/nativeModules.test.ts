import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeModulesIn, unknownNativeModules } from '../../harness/codeServerInstall';
import { CODE_SERVER_RELEASES } from '../../harness/harnessPaths';

describe('code-server native modules', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'native-modules-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function pkg(path: string, native: boolean): void {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'package.json'), '{}');
    if (native) writeFileSync(join(dir, path, 'binding.gyp'), '{}');
  }

  it('finds every package with a binding.gyp, scoped and nested ones too', () => {
    pkg('node-pty', true);
    pkg('@vscode/sqlite3', true);
    pkg('@vscode/iconv-lite-umd', false);
    pkg('ssh2', false);
    pkg('ssh2/node_modules/cpu-features', true);
    assert.deepEqual(nativeModulesIn(dir), ['@vscode/sqlite3', 'cpu-features', 'node-pty']);
  });

  it('names the native modules a release neither rebuilds nor leaves unbuilt with a reason', () => {
    const release = { rebuild: ['node-pty'], unbuilt: { 'cpu-features': 'optional' } };
    assert.deepEqual(unknownNativeModules(['cpu-features', 'node-pty', '@vscode/new-addon'], release), [
      '@vscode/new-addon',
    ]);
  });

  it('gives every pinned release a Node and no module both rebuilt and left unbuilt', () => {
    for (const release of Object.values(CODE_SERVER_RELEASES)) {
      assert.match(release.node.version, /^\d+\.\d+\.\d+$/);
      assert.match(release.node.integrity, /^sha512-/);
      assert.deepEqual(
        release.rebuild.filter((m) => m in release.unbuilt),
        [],
      );
    }
  });
});
