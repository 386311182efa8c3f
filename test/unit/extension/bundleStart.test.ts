// What loading dist/extension.js costs: `vscode` is required once (not once per module), and the libraries
// that only some features need stay in their own bundles under dist/lib until a feature asks for them.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as JsoncParser from 'jsonc-parser';
import { repoRoot } from '../../harness/harnessPaths';

const bundle = join(repoRoot, 'dist', 'extension.js');

/** Loads the bundle in a fresh node with a stand-in `vscode` (any property, callable, constructible) and reports what it required. */
function loadInChild(): Promise<{ vscodeRequires: number; libraries: string[] }> {
  const script = `
    const Module = require('node:module');
    const deep = () => new Proxy(function () {}, { get: (t, k) => (k === 'prototype' ? {} : typeof k === 'symbol' ? undefined : deep()), construct: () => deep(), apply: () => deep() });
    let vscodeRequires = 0;
    const load = Module._load;
    Module._load = function (request, ...rest) {
      if (request === 'vscode') { vscodeRequires++; return { window: deep(), workspace: deep(), languages: deep(), commands: deep(), l10n: deep(), SemanticTokensLegend: deep(), EventEmitter: deep(), TreeItem: deep(), Disposable: deep(), Uri: deep() }; }
      return load.call(this, request, ...rest);
    };
    require(${JSON.stringify(bundle)});
    const libraries = Object.keys(require.cache).filter((file) => file.includes('/dist/lib/'));
    process.stdout.write(JSON.stringify({ vscodeRequires, libraries }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as { vscodeRequires: number; libraries: string[] })));
  });
}

describe('the extension bundle at start', function () {
  this.timeout(30_000);

  it('requires vscode once and none of the libraries loaded on first use', async () => {
    const loaded = await loadInChild();
    assert.equal(loaded.vscodeRequires, 1);
    assert.deepEqual(loaded.libraries, []);
  });

  it('finds each first-use library as a bundle beside it, with what the extension calls', () => {
    const required = [...readFileSync(bundle, 'utf8').matchAll(/require\("\.\/(lib\/[^"]+)"\)/g)].map((m) => m[1]!).sort();
    assert.deepEqual(required, ['lib/ajv-formats-dist-formats.js', 'lib/csv-parse-sync.js', 'lib/fast-json-patch.js', 'lib/jsonc-parser.js']);
    const uses: Record<string, string[]> = {
      'lib/ajv-formats-dist-formats.js': ['fullFormats'],
      'lib/csv-parse-sync.js': ['parse'],
      'lib/fast-json-patch.js': ['compare'],
      'lib/jsonc-parser.js': ['parse', 'parseTree', 'printParseErrorCode', 'createScanner', 'SyntaxKind'],
    };
    for (const file of required) {
      const path = join(repoRoot, 'dist', file);
      assert.ok(existsSync(path), `${file} was not built`);
      const library = require(path) as Record<string, unknown>;
      for (const name of uses[file]!) assert.ok(library[name] !== undefined, `${file} has no ${name}`);
    }
    const jsonc = require(join(repoRoot, 'dist', 'lib', 'jsonc-parser.js')) as typeof JsoncParser;
    assert.deepEqual(jsonc.parse('{"a": [1, 2]}'), { a: [1, 2] });
  });
});
