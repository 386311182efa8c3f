import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../harness/harnessPaths';

// src/core, src/emulator and src/cli run outside VS Code (CLI, emulator, plain-Node tests), so they must not
// reach `vscode`, neither directly nor through a module of src/extension.
const pureLayers = ['src/core', 'src/emulator', 'src/cli'];
const extensionLayer = join(repoRoot, 'src', 'extension');

/** Every module specifier a TypeScript source imports: import/export from, import(), require(), import = require(). */
function importedModules(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** Why `file` (with `source`) breaks the layering, or undefined when it does not. */
function layeringViolation(file: string, source: string): string | undefined {
  for (const specifier of importedModules(source)) {
    if (specifier === 'vscode' || specifier.startsWith('vscode/')) return `imports '${specifier}'`;
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier);
      if (target === extensionLayer || target.startsWith(extensionLayer + sep)) return `imports '${specifier}' from src/extension`;
    }
  }
  return undefined;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((f) => /\.(ts|mts|cts|js|mjs)$/.test(f) && !f.endsWith('.d.ts')).map((f) => join(dir, f));
}

describe('layering', () => {
  describe('the detector', () => {
    const inCore = join(repoRoot, 'src', 'core', 'api', 'sample.ts');
    const violating = [
      "import * as vscode from 'vscode';",
      'import { window } from "vscode";',
      "import type { Uri } from 'vscode';",
      "export { commands } from 'vscode';",
      "const vscode = require('vscode');",
      "const lazy = () => import('vscode');",
      "import vscode = require('vscode');",
      "import { log } from '../../extension/log';",
    ];
    for (const source of violating) {
      it(`flags: ${source}`, () => assert.ok(layeringViolation(inCore, source), `not flagged: ${source}`));
    }
    const clean = [
      "// import * as vscode from 'vscode';",
      "const name = 'vscode';",
      "import { request } from './vscodeLike';",
      "import { parse } from 'jsonc-parser';",
      "import { ApiError } from '../api/apiError';",
    ];
    for (const source of clean) {
      it(`accepts: ${source}`, () => assert.equal(layeringViolation(inCore, source), undefined));
    }
  });

  for (const layer of pureLayers) {
    it(`nothing under ${layer} imports vscode or src/extension`, () => {
      const violations = sourceFiles(join(repoRoot, layer))
        .map((file) => ({ file, why: layeringViolation(file, readFileSync(file, 'utf8')) }))
        .filter((v) => v.why)
        .map((v) => `${relative(repoRoot, v.file)} ${v.why}`);
      assert.deepEqual(violations, []);
    });
  }
});
