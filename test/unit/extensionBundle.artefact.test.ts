// What starting the extension loads: dist/extension.js requires `vscode` once (not once per module), and the
// libraries only some features need stay in their own bundles under dist/lib until a feature uses them
// (scripts/firstUseLibraryPlugin.mjs, scripts/vscodeOncePlugin.mjs), as do the DTDL language features
// (dist/dtdlLanguage.js, scripts/apartModulePlugin.mjs).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../harness/harnessPaths';
import { VSCODE_STAND_IN } from '../harness/vscodeStandIn';

const bundle = join(repoRoot, 'dist', 'extension.js');

/** Each first-use library's bundle (below dist/) and the packages it is built from (ajv's bundle exports each by name). */
const FIRST_USE: Record<string, string | string[]> = {
  'lib/ajv.js': ['ajv', 'ajv-formats/dist/formats'],
  'lib/csv-parse-sync.js': 'csv-parse/sync',
  'lib/fast-json-patch.js': 'fast-json-patch',
  'lib/jsonc-parser.js': 'jsonc-parser',
  'lib/read-excel-file-node.js': 'read-excel-file/node',
  'lib/write-excel-file-node.js': 'write-excel-file/node',
};

/** Runs `script` in a fresh node (`module`: as an ES module) and parses the JSON it prints. */
function runNode<T>(script: string, module = false): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...(module ? ['--input-type=module'] : []), '-e', script],
      { cwd: repoRoot },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as T),
    );
  });
}

describe('the extension bundle at start', function () {
  this.timeout(60_000);

  it('takes the vscode API without copying it, loads none of the libraries loaded on first use, and formats nothing with Intl', async () => {
    // A stand-in `vscode` with the API's top-level names (from its typings), each callable and constructible.
    // Intl's first use loads its locale data (~20 ms): text built at load time must not need it.
    const loaded = await runNode<{ vscodeRequires: number; libraries: string[]; intl: string[] }>(`
      const intl = [];
      for (const [owner, name] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare']]) {
        const original = owner[name];
        owner[name] = function (...args) { intl.push(name); return original.apply(this, args); };
      }
      for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
        const original = Intl[name];
        Intl[name] = new Proxy(original, { construct: (target, args) => { intl.push('Intl.' + name); return new target(...args); }, apply: (target, self, args) => { intl.push('Intl.' + name); return target(...args); } });
      }
      ${VSCODE_STAND_IN}
      require(${JSON.stringify(bundle)});
      const libraries = Object.keys(require.cache).filter((file) => file.includes('/dist/lib/'));
      process.stdout.write(JSON.stringify({ vscodeRequires, libraries, intl }));`);
    // Twice: the API's names, taken once for every module (scripts/vscodeOncePlugin.mjs), and the API object for the
    // names newer than the typings (src/extension/shell/vscodeApi.ts). Neither goes through a helper that copies it.
    assert.equal(loaded.vscodeRequires, 2);
    const handedOver = [...readFileSync(bundle, 'utf8').matchAll(/[\w$]+\(require\("vscode"\)\)/g)].map((m) => m[0]);
    assert.deepEqual(handedOver, []);
    assert.deepEqual(loaded.libraries, []);
    assert.deepEqual(loaded.intl, []);
  });

  it('activates without loading a first-use library, registering every contributed command once and the agent tools', async () => {
    const result = await runNode<{ commands: string[]; tools: number; libraries: string[] }>(`
      const path = require('node:path');
      ${VSCODE_STAND_IN}
      const commands = [];
      let tools = 0;
      api.commands = only({ registerCommand: (id) => { commands.push(id); return { dispose() {} }; } });
      api.lm = only({ registerTool: () => { tools++; return { dispose() {} }; } });
      api.workspace = only({ textDocuments: [], workspaceFolders: undefined });
      api.window = only({ activeTextEditor: undefined, visibleTextEditors: [] });
      const root = ${JSON.stringify(repoRoot)};
      const context = only({ subscriptions: [], extensionPath: root, extensionMode: 1, extension: { packageJSON: require(path.join(root, 'package.json')) } });
      require(${JSON.stringify(bundle)}).activate(context);
      const libraries = Object.keys(require.cache).filter((file) => file.includes('/dist/lib/') || file.endsWith('dtdlLanguage.js'));
      process.stdout.write(JSON.stringify({ commands, tools, libraries }));`);
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string }[]; languageModelTools: unknown[] };
    };
    assert.deepEqual([...result.commands].sort(), manifest.contributes.commands.map((c) => c.command).sort());
    assert.equal(result.tools, manifest.contributes.languageModelTools.length);
    assert.deepEqual(result.libraries, []);
  });

  it('requires each first-use library from a bundle in dist/lib with every export of the library', () => {
    const required = new Set(
      [...readFileSync(bundle, 'utf8').matchAll(/require\("\.\/(lib\/[^"]+)"\)/g)].map((m) => m[1]!),
    );
    assert.deepEqual([...required].sort(), Object.keys(FIRST_USE).sort());
    for (const [file, names] of Object.entries(FIRST_USE)) {
      const bundle = require(join(repoRoot, 'dist', file)) as Record<string, Record<string, unknown>>;
      for (const name of Array.isArray(names) ? names : [names]) {
        const built = Array.isArray(names) ? bundle[name]! : bundle;
        const original = require(name) as Record<string, unknown>;
        for (const key of Object.keys(original))
          assert.equal(typeof built[key], typeof original[key], `${file} (${name}): ${key}`);
      }
    }
  });

  it('keeps the DTDL language features in a bundle of their own, which takes no vscode and only plain data', () => {
    const source = readFileSync(bundle, 'utf8');
    assert.equal([...source.matchAll(/require\("\.\/dtdlLanguage\.js"\)/g)].length, 1);
    // A message only the validator writes: its code is not in the extension's bundle too.
    const validatorMessage = 'is not supported here (supported: ';
    const apart = readFileSync(join(repoRoot, 'dist', 'dtdlLanguage.js'), 'utf8');
    assert.ok(apart.includes(validatorMessage) && !source.includes(validatorMessage));
    assert.ok(!apart.includes('require("vscode")'));
  });

  it("gives the DTDL language features' bundle the window's translation through the loader", async () => {
    // The bundle has its own copy of l10n: src/extension/models/dtdlLanguageLoader.ts installs the translation.
    const messages = await runNode<string[]>(`
      const dtdl = require(${JSON.stringify(join(repoRoot, 'dist', 'dtdlLanguage.js'))});
      const file = { file: 'a.json', text: JSON.stringify({ '@context': 'dtmi:dtdl:context;9', '@id': 'dtmi:x:y;1', '@type': 'Interface' }) };
      const before = new dtdl.ModelSetValidator().validate([file]).map((p) => p.message);
      dtdl.configureL10n({ 'DTDL version {0} is not supported here (supported: {1}).': 'DTDL-Version {0} wird hier nicht unterstützt.' }, 'de');
      const after = new dtdl.ModelSetValidator().validate([file]).map((p) => p.message);
      process.stdout.write(JSON.stringify([...before, ...after]));`);
    assert.deepEqual(messages, [
      'DTDL version 9 is not supported here (supported: 2, 3).',
      'DTDL-Version 9 wird hier nicht unterstützt.',
    ]);
  });

  it('loads a library behind its stand-in on the first use of an export, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bt-first-use-'));
    try {
      writeFileSync(
        join(dir, 'entry.ts'),
        [
          "import { parse, SyntaxKind } from 'jsonc-parser';",
          "import { compare } from 'fast-json-patch';",
          'export const use = () => ({ value: parse(\'{"a": [1, 2]}\'), eof: SyntaxKind.EOF, patch: compare({ a: 1 }, { a: 2 }) });',
        ].join('\n'),
      );
      const plugin = pathToFileURL(join(repoRoot, 'scripts', 'firstUseLibraryPlugin.mjs')).href;
      const result = await runNode<{ before: string[]; after: string[]; first: unknown; second: unknown }>(
        `
        import * as esbuild from 'esbuild';
        import { createRequire } from 'node:module';
        import { firstUseLibraryEntryPoints, firstUseLibraryPlugin } from ${JSON.stringify(plugin)};
        const options = { bundle: true, platform: 'node', format: 'cjs', outdir: ${JSON.stringify(dir)}, mainFields: ['module', 'main'], logLevel: 'silent' };
        await esbuild.build({ ...options, entryPoints: firstUseLibraryEntryPoints });
        await esbuild.build({ ...options, entryPoints: { entry: ${JSON.stringify(join(dir, 'entry.ts'))} }, plugins: [firstUseLibraryPlugin] });
        const require = createRequire(import.meta.url);
        const libraries = () => Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(join(dir, 'lib'))})).sort();
        const { use } = require(${JSON.stringify(join(dir, 'entry.js'))});
        const before = libraries();
        const first = use();
        const after = libraries();
        process.stdout.write(JSON.stringify({ before, after, first, second: use() }));`,
        true,
      );
      assert.deepEqual(result.before, []);
      assert.deepEqual(result.after, [join(dir, 'lib', 'fast-json-patch.js'), join(dir, 'lib', 'jsonc-parser.js')]);
      const expected = { value: { a: [1, 2] }, eof: 17, patch: [{ op: 'replace', path: '/a', value: 2 }] };
      assert.deepEqual(result.first, expected);
      assert.deepEqual(result.second, expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to bundle another path into a first-use library, naming the import and what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bt-first-use-'));
    try {
      writeFileSync(join(dir, 'entry.ts'), "import { _ } from 'ajv/dist/compile/codegen';\nexport const use = _;\n");
      const plugin = pathToFileURL(join(repoRoot, 'scripts', 'firstUseLibraryPlugin.mjs')).href;
      const result = await runNode<{ errors: string[] }>(
        `
        import * as esbuild from 'esbuild';
        import { firstUseLibraryPlugin } from ${JSON.stringify(plugin)};
        const errors = await esbuild.build({ bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent', entryPoints: [${JSON.stringify(join(dir, 'entry.ts'))}], plugins: [firstUseLibraryPlugin] })
          .then(() => [], (error) => error.errors.map((e) => e.text));
        process.stdout.write(JSON.stringify({ errors }));`,
        true,
      );
      assert.equal(result.errors.length, 1, JSON.stringify(result.errors));
      assert.match(
        result.errors[0]!,
        /^"ajv\/dist\/compile\/codegen" \(imported by .*entry\.ts\) is part of a library the extension loads on first use: import ajv, or add it to FIRST_USE_LIBRARIES/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
