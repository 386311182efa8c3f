// What only some commands need is a bundle of its own, dist/lib/extension-first-use.js, loaded on first use
// (scripts/firstUseModulePlugin.mjs): activation neither loads it nor anything it alone needs, it shares the
// modules it has in common with dist/extension.js (one copy of each class and state), and a build that pulls a
// first-use module into dist/extension.js fails, naming the import.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../harness/harnessPaths';
import { VSCODE_STAND_IN } from '../harness/vscodeStandIn';

/** A command loaded on first use (events/eventParameters.ts). */
const FIRST_USE_COMMAND = 'buildingTwins.events.open';

/** The most dist/extension.js may weigh, in bytes (issue goal: at most 250 KB). */
const MAIN_BUNDLE_LIMIT = 250_000;

/** Runs `script` in a fresh node (`module`: as an ES module) and parses the JSON it prints last. */
function runNode<T>(script: string, module = false): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...(module ? ['--input-type=module'] : []), '-e', script],
      { cwd: repoRoot },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T),
    );
  });
}

const plugin = pathToFileURL(join(repoRoot, 'scripts', 'firstUseModulePlugin.mjs')).href;

describe("the extension's first-use modules", function () {
  this.timeout(60_000);

  it('are not loaded by activation, which registers their commands and agent tools; the first run of one loads their bundle, whose tables hold commands registered at activation', async () => {
    const result = await runNode<{
      commands: string[];
      tools: number;
      afterActivate: string[];
      afterRun: string[];
      tables: string[];
    }>(`
      const path = require('node:path');
      ${VSCODE_STAND_IN}
      // A few of the stand-in's answers fixed.
      const commands = new Map();
      let tools = 0;
      api.commands = only({ registerCommand: (id, run) => { commands.set(id, run); return { dispose() {} }; } });
      api.lm = only({ registerTool: () => { tools++; return { dispose() {} }; } });
      api.workspace = only({ textDocuments: [], workspaceFolders: undefined });
      api.window = only({ activeTextEditor: undefined, visibleTextEditors: [], showErrorMessage: () => Promise.resolve(undefined) });
      const root = ${JSON.stringify(repoRoot)};
      const loaded = () => Object.keys(require.cache).filter((file) => file.includes(path.join('dist', 'lib') + path.sep)).map((file) => path.basename(file)).sort();
      const context = only({ subscriptions: [], extensionPath: root, extensionMode: 1, extension: { packageJSON: require(path.join(root, 'package.json')) } });
      require(path.join(root, 'dist', 'extension.js')).activate(context);
      const afterActivate = loaded();
      void commands.get(${JSON.stringify(FIRST_USE_COMMAND)})();
      const afterRun = loaded();
      // The bundle, built once, answers every later call with the same modules.
      const { modules } = require(path.join(root, 'dist', 'lib', 'extension-first-use.js'))();
      const tables = modules.flatMap((m) => Object.entries(m).filter(([name]) => /Commands$/.test(name)).flatMap(([, table]) => Object.keys(table)));
      process.stdout.write(JSON.stringify({ commands: [...commands.keys()], tools, afterActivate, afterRun, tables }) + '\\n');`);
    assert.deepEqual(result.afterActivate, []);
    assert.ok(result.afterRun.includes('extension-first-use.js'), JSON.stringify(result.afterRun));
    // Each first-use table is typed by its parameters (CommandsFor), which activation registers by their ids.
    assert.ok(result.tables.includes(FIRST_USE_COMMAND), JSON.stringify(result.tables));
    for (const id of result.tables) assert.ok(result.commands.includes(id), `${id} is registered at activation`);
    assert.equal(new Set(result.tables).size, result.tables.length, 'a command in two tables');
    assert.equal(result.tools, 18);
  });

  it(`keep dist/extension.js at most ${MAIN_BUNDLE_LIMIT / 1000} KB`, () => {
    const size = statSync(join(repoRoot, 'dist', 'extension.js')).size;
    assert.ok(size <= MAIN_BUNDLE_LIMIT, `dist/extension.js is ${size} bytes`);
  });

  describe('the build', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'bt-first-use-modules-'));
      mkdirSync(join(root, 'src'));
      // state.ts: a class and a counter, in both bundles' reach; feature.ts: loaded on first use; heavy.ts: only it uses.
      writeFileSync(
        join(root, 'src', 'state.ts'),
        'export class Marker {}\nexport let count = 0;\nexport const bump = (): number => ++count;\n',
      );
      writeFileSync(join(root, 'src', 'heavy.ts'), 'export const heavy = (n: number): number => n * 2;\n');
      writeFileSync(
        join(root, 'src', 'feature.ts'),
        "import { bump, Marker } from './state';\nimport { heavy } from './heavy';\nexport const make = (): Marker => new Marker();\nexport const twice = (): number => heavy(bump());\n",
      );
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const build = (
      entry: string,
    ): Promise<{ errors: string[]; before?: string[]; after?: string[]; result?: unknown }> => {
      writeFileSync(join(root, 'src', 'entry.ts'), entry);
      return runNode(
        `
        import * as esbuild from 'esbuild';
        import { createRequire } from 'node:module';
        import { firstUseModulePlugin } from ${JSON.stringify(plugin)};
        const root = ${JSON.stringify(root)};
        const options = { absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', outdir: root + '/dist', logLevel: 'silent', entryPoints: { main: 'src/entry.ts' },
          plugins: [firstUseModulePlugin({ root, entry: 'src/entry.ts', modules: ['src/feature.ts'], firstUseOnly: ['src/heavy.ts'] })] };
        const errors = await esbuild.build(options).then(() => [], (error) => error.errors.map((e) => e.text));
        if (errors.length) { process.stdout.write(JSON.stringify({ errors }) + '\\n'); process.exit(0); }
        const require = createRequire(import.meta.url);
        const libraries = () => Object.keys(require.cache).filter((file) => file.startsWith(root + '/dist/lib/'));
        const main = require(root + '/dist/main.js');
        const before = libraries();
        const result = main.use();
        process.stdout.write(JSON.stringify({ errors, before, after: libraries(), result }) + '\\n');`,
        true,
      );
    };

    it('gives the first-use bundle the modules both bundles reach, one copy of each', async () => {
      const result = await build(
        [
          "import { bump, count, Marker } from './state';",
          "import { make, twice } from './feature';",
          'export const use = () => { bump(); const doubled = twice(); return { sameClass: make() instanceof Marker, doubled, count }; };',
        ].join('\n'),
      );
      assert.deepEqual(result.errors, []);
      assert.deepEqual(result.before, []);
      assert.deepEqual(result.after, [join(root, 'dist', 'lib', 'extension-first-use.js')]);
      // One counter: bumped once here and once by the feature; one Marker class.
      assert.deepEqual(result.result, { sameClass: true, doubled: 4, count: 2 });
    });

    it('fails when the main bundle imports what only first-use modules may, naming the import', async () => {
      const result = await build("import { heavy } from './heavy';\nexport const use = () => heavy(1);\n");
      assert.equal(result.errors.length, 1, JSON.stringify(result.errors));
      assert.match(
        result.errors[0]!,
        /^src\/heavy\.ts is loaded on first use, but dist\/extension\.js imports it \(from src\/entry\.ts\)/,
      );
    });
  });
});
