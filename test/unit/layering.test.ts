import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../harness/harnessPaths';

// Imports `vscode` ⇒ lives under src/extension, without exception. Every other folder of src runs outside the
// extension host (src/core, src/emulator, src/cli, src/shared in the CLI, the emulator and plain-Node tests;
// src/webviews in a panel's page), so none reaches `vscode`, neither directly nor through a module of src/extension:
// no arrow runs back up into the extension.
const extensionLayer = join(repoRoot, 'src', 'extension');
const outsideExtension = readdirSync(join(repoRoot, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'extension')
  .map((entry) => `src/${entry.name}`);

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
      if (target === extensionLayer || target.startsWith(extensionLayer + sep))
        return `imports '${specifier}' from src/extension`;
    }
  }
  return undefined;
}

// A panel's app (src/webviews/<panel>/app/, shared code in src/webviews/shared/app/) runs in the webview: it imports
// other app modules, its protocol (a *Protocol.ts or webviewL10n.ts beside it) and pure helpers of src/shared and
// src/core, never the host side (the panel, its handlers, src/extension), `vscode` or Node's modules.
const webviewsRoot = join(repoRoot, 'src', 'webviews');
const pureHelperRoots = [join(repoRoot, 'src', 'shared'), join(repoRoot, 'src', 'core')];

function isWebviewApp(file: string): boolean {
  return file.startsWith(webviewsRoot + sep) && relative(webviewsRoot, file).split(sep).includes('app');
}

function isProtocol(file: string): boolean {
  return file.startsWith(webviewsRoot + sep) && /(Protocol|^webviewL10n)\.ts$/.test(file.split(sep).pop() ?? '');
}

function isNodeOrVscode(specifier: string): boolean {
  return (
    specifier === 'vscode' ||
    specifier.startsWith('vscode/') ||
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier.split('/')[0])
  );
}

function resolveRelative(file: string, specifier: string): string | undefined {
  const base = resolve(dirname(file), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && !readdirSyncSafe(candidate),
  );
}

function readdirSyncSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Why a module is not pure (it reaches `vscode`, Node or src/extension through its imports), or undefined. */
function impurity(file: string, read: (file: string) => string, seen = new Set<string>()): string | undefined {
  if (seen.has(file) || file.endsWith('.css')) return undefined;
  seen.add(file);
  for (const specifier of importedModules(read(file))) {
    if (isNodeOrVscode(specifier)) return `${relative(repoRoot, file)} imports '${specifier}'`;
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (!target) continue;
    if (target.startsWith(extensionLayer + sep)) return `${relative(repoRoot, file)} imports src/extension`;
    const why = impurity(target, read, seen);
    if (why) return why;
  }
  return undefined;
}

/** Why an app module breaks the webview layering, or undefined. */
function webviewAppViolation(file: string, read: (file: string) => string): string | undefined {
  for (const specifier of importedModules(read(file))) {
    if (isNodeOrVscode(specifier)) return `imports '${specifier}'`;
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (!target) return `imports '${specifier}', which is not found`;
    if (isWebviewApp(target)) continue;
    const allowed = isProtocol(target) || pureHelperRoots.some((root) => target.startsWith(root + sep));
    if (!allowed) return `imports '${specifier}' (host side: only protocol modules and pure helpers)`;
    const why = impurity(target, read);
    if (why) return `imports '${specifier}', which is not pure: ${why}`;
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

  it('covers every folder of src but src/extension', () => {
    for (const layer of ['src/cli', 'src/core', 'src/emulator', 'src/shared', 'src/webviews'])
      assert.ok(outsideExtension.includes(layer), layer);
  });

  for (const layer of outsideExtension) {
    it(`nothing under ${layer} imports vscode or src/extension`, () => {
      const violations = sourceFiles(join(repoRoot, layer))
        .map((file) => ({ file, why: layeringViolation(file, readFileSync(file, 'utf8')) }))
        .filter((v) => v.why)
        .map((v) => `${relative(repoRoot, v.file)} ${v.why}`);
      assert.deepEqual(violations, []);
    });
  }

  describe('webview apps', () => {
    const app = join(webviewsRoot, 'timeSeries', 'app', 'main.ts');
    const read = (file: string): string => readFileSync(file, 'utf8');
    const violating = [
      "import * as vscode from 'vscode';",
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      "import { createTimeSeriesHandlers } from '../../../extension/panels/timeSeries/timeSeriesHandlers';",
      "import { WebviewBridge } from '../../../extension/panels/host/webviewBridge';",
      "import { log } from '../../../extension/shell/extensionLog';",
      "import { BuildingTwinsClient } from '../../../core/api/client';",
    ];
    for (const source of violating) {
      it(`flags: ${source}`, () =>
        assert.ok(
          webviewAppViolation(app, (f) => (f === app ? source : read(f))),
          `not flagged: ${source}`,
        ));
    }
    const clean = [
      "import type { TimeSeriesMethods } from '../timeSeriesProtocol';",
      "import { HostBridge } from '../../shared/app/hostBridge';",
      "import '../../shared/app/base.css';",
      "import { countText } from '../../../shared/countText';",
      "import { lttb } from '../../../core/timeSeries/lttb';",
      "import uPlot from 'uplot';",
    ];
    for (const source of clean) {
      it(`accepts: ${source}`, () =>
        assert.equal(
          webviewAppViolation(app, (f) => (f === app ? source : read(f))),
          undefined,
        ));
    }

    it('every module of a panel app imports only app modules, protocol types and pure helpers', () => {
      const apps = sourceFiles(webviewsRoot).filter(isWebviewApp);
      assert.ok(apps.length >= 8, 'the apps are found');
      const violations = apps
        .map((file) => ({ file, why: webviewAppViolation(file, read) }))
        .filter((v) => v.why)
        .map((v) => `${relative(repoRoot, v.file)} ${v.why}`);
      assert.deepEqual(violations, []);
    });
  });
});
