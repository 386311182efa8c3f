// The command line as an npm package of its own (scripts/pack-cli.mjs): its tarball installs into an empty prefix
// without the extension and without the network, and gives `building-twins` and `building-twins mcp`.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import { EmulatorHarness } from '../api/emulatorHarness';
import { CLI } from './cliProcess';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../../..');

describe("the CLI's own npm package (npm run pack:cli)", function () {
  this.timeout(120_000);
  let work: string;
  let bin: string;
  let emu: EmulatorHarness;
  before(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
    work = mkdtempSync(path.join(tmpdir(), 'bt-cli-package-'));
    await run(process.execPath, [path.join(repoRoot, 'scripts', 'pack-cli.mjs'), work, '--no-build'], {
      cwd: repoRoot,
    });
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const tarball = path.join(work, `building-twins-cli-${version}.tgz`);
    assert.ok(existsSync(tarball), tarball);
    const prefix = path.join(work, 'prefix');
    await run('npm', ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], { cwd: work });
    bin = path.join(prefix, 'node_modules', '.bin', 'building-twins');
    emu = await EmulatorHarness.start();
  });
  after(async () => {
    await emu?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("holds only the CLI's bundles and installs nothing else", () => {
    const installed = path.join(path.dirname(path.dirname(bin)), 'building-twins-cli');
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies?: object;
    };
    assert.deepEqual(manifest.bin, { 'building-twins': 'dist/cli.js' });
    assert.equal(manifest.dependencies, undefined);
    assert.ok(!existsSync(path.join(installed, 'dist', 'extension.js')), 'not the extension');
  });

  it('gives building-twins, which talks to the emulator', async () => {
    const { stdout } = await run(bin, ['twins', 'get', 'HP-AHU-1'], {
      env: { PATH: process.env.PATH, BUILDING_TWINS_URL: emu.url },
    });
    assert.equal((JSON.parse(stdout) as { id: string }).id, 'HP-AHU-1');
  });

  it('gives building-twins mcp, which an SDK client can use', async () => {
    const client = new Client({ name: 'package-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: bin,
        args: ['mcp'],
        env: { PATH: process.env.PATH ?? '', BUILDING_TWINS_URL: emu.url },
        stderr: 'ignore',
      }),
    );
    try {
      assert.deepEqual(
        (await client.listTools()).tools.map((t) => t.name),
        AGENT_TOOLS.map((t) => t.name),
      );
      const twin = await client.callTool({ name: 'get_twin', arguments: { id: 'HP-AHU-1', relationships: false } });
      assert.equal((twin.structuredContent as { twin: { id: string } }).twin.id, 'HP-AHU-1');
    } finally {
      await client.close();
    }
  });
});
