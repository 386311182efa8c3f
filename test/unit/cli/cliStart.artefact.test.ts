// What a CLI command loads: dist/cli.js alone, not the MCP server's bundle (dist/cliMcp.js: its SDK, schemas and
// the agent tools) nor the libraries in dist/lib, which load when `mcp` runs or a command first uses them.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { EmulatorHarness } from '../api/emulatorHarness';
import { CLI, runCli } from './cliProcess';

/**
 * The bundles under dist/ that `args` loaded, listed by a module required before the CLI, and Node's own modules
 * of its fetch implementation (undici) and of its ES module loader's way into CommonJS among those it loaded.
 */
async function loadedBundles(
  args: string[],
): Promise<{ code: number | null; loaded: string[]; fetchModules: string[]; esmLoaderModules: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bt-cli-start-'));
  try {
    const list = join(dir, 'loaded.json');
    const preload = join(dir, 'listLoaded.js');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify({ files: Object.keys(require.cache), builtIn: process.moduleLoadList })));\n`,
    );
    const run = await runCli(args, { env: { NODE_OPTIONS: `--require ${preload}` } });
    const { files, builtIn } = JSON.parse(readFileSync(list, 'utf8')) as { files: string[]; builtIn: string[] };
    const dist = join(CLI, '..');
    return {
      code: run.code,
      loaded: files
        .filter((file) => file.startsWith(dist))
        .map((file) => file.slice(dist.length + 1))
        .sort(),
      fetchModules: builtIn.filter((name) => /undici|internal\/deps\/.*fetch/.test(name)),
      esmLoaderModules: builtIn.filter((name) => /esm\/translators|cjs-module-lexer/.test(name)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('building-twins at start', function () {
  this.timeout(30_000);

  it('loads only its own bundle for a command other than mcp, which holds none of the MCP server', async () => {
    const run = await loadedBundles(['models', 'list', '--help']);
    assert.equal(run.code, 0);
    assert.deepEqual(run.loaded, [basename(CLI)]);
    // A method name of the protocol, in the SDK's schemas: in the MCP bundle, not in the CLI's.
    assert.ok(!readFileSync(CLI, 'utf8').includes('"tools/list"'), 'dist/cli.js holds the MCP SDK');
    assert.ok(
      readFileSync(join(CLI, '..', 'cliMcp.js'), 'utf8').includes('"tools/list"'),
      'dist/cliMcp.js does not hold the MCP SDK',
    );
  });

  it("loads the MCP server bundle for mcp, with require: not through Node's ES module loader, which compiles a CommonJS file once more to detect its format and scans it for exports (100 ms or more of CPU for that bundle)", async () => {
    const run = await loadedBundles(['mcp', '--help']);
    assert.equal(run.code, 0);
    assert.ok(run.loaded.includes('cliMcp.js'), JSON.stringify(run.loaded));
    assert.deepEqual(run.esmLoaderModules, []);
  });

  it("loads nothing of Node's fetch implementation for requests (its globals FormData, Headers, Request and Response are lazy: 30 ms or more of CPU on first touch)", async () => {
    const emu = await EmulatorHarness.start({
      scale: 5,
      clients: [{ id: 'ci-client', secret: 'ci-client-secret-value' }],
    });
    try {
      for (const args of [
        ['models', 'list'],
        ['twins', 'count'],
      ]) {
        const run = await loadedBundles([...args, '--url', emu.url]);
        assert.equal(run.code, 0, args.join(' '));
        assert.deepEqual(run.fetchModules, [], args.join(' '));
      }
    } finally {
      await emu.close();
    }
  });
});
