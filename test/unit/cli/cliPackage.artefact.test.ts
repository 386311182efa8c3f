// The command line as an npm package of its own (scripts/pack-cli.mjs): its tarball installs globally into an empty
// prefix without the extension and without the network, and gives `building-twins` and `building-twins mcp`. It holds
// only files the CLI loads, the licence notices of every package bundled into them, and no link to a missing source
// map.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AGENT_TOOLS } from '../../../src/core/agentTools/agentToolTable';
import { EmulatorHarness } from '../api/emulatorHarness';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../../..');
const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
/** Packages the CLI's bundles are known to carry (the notices may list more: what they depend on). */
const KNOWN_BUNDLED = ['@modelcontextprotocol/sdk', 'ajv', 'ajv-formats', 'jsonc-parser', 'zod'];

/** Every file below `folder`, relative to it, with forward slashes. */
function filesBelow(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesBelow(path.join(folder, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/** The files `entry` loads, itself included: the relative `require("./…")` calls, followed from file to file. */
function filesLoadedBy(entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string): void => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/\brequire\("(\.\.?\/[^"]+)"\)/g))
      visit(path.resolve(path.dirname(file), target!));
  };
  visit(entry);
  return loaded;
}

describe("the CLI's own npm package (npm run pack:cli)", function () {
  this.timeout(120_000);
  let work: string;
  let bin: string;
  let installed: string;
  let emu: EmulatorHarness;
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'bt-cli-package-'));
    await run(process.execPath, [path.join(repoRoot, 'scripts', 'pack-cli.mjs'), work], { cwd: repoRoot });
    const tarball = path.join(work, `building-twins-cli-${version}.tgz`);
    assert.ok(existsSync(tarball), tarball);
    const prefix = path.join(work, 'prefix');
    // As the README says, `npm install -g` (into a prefix of the test's own), with the network forbidden.
    await run('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], {
      cwd: work,
    });
    bin = path.join(prefix, 'bin', 'building-twins');
    installed = path.join(prefix, 'lib', 'node_modules', 'building-twins-cli');
    emu = await EmulatorHarness.start();
  });
  after(async () => {
    await emu?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("holds only the CLI's bundles and installs nothing else", () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies?: object;
    };
    assert.deepEqual(manifest.bin, { 'building-twins': 'dist/cli.js' });
    assert.equal(manifest.dependencies, undefined);
    assert.ok(!existsSync(path.join(installed, 'dist', 'extension.js')), 'not the extension');
  });

  it('holds no file the CLI does not load', () => {
    const loaded = filesLoadedBy(path.join(installed, 'dist', 'cli.js'));
    const unused = filesBelow(path.join(installed, 'dist')).filter(
      (file) => !loaded.has(path.join(installed, 'dist', file)),
    );
    assert.deepEqual(unused, []);
    assert.deepEqual(
      filesBelow(installed)
        .filter((file) => !file.startsWith('dist/'))
        .sort(),
      ['LICENSE', 'README.md', 'THIRD_PARTY_NOTICES.txt', 'package.json'],
    );
  });

  it('names no source map it does not hold', () => {
    const missing = filesBelow(installed).flatMap((file) =>
      [...readFileSync(path.join(installed, file), 'utf8').matchAll(/\/\/# sourceMappingURL=(\S+)/g)]
        .map(([, map]) => path.join(path.dirname(file), map!))
        .filter((map) => !existsSync(path.join(installed, map)))
        .map((map) => `${file} -> ${map}`),
    );
    assert.deepEqual(missing, []);
  });

  it('THIRD_PARTY_NOTICES.txt lists each bundled package with its licence text', () => {
    const notices = readFileSync(path.join(installed, 'THIRD_PARTY_NOTICES.txt'), 'utf8');
    const listed = [...notices.matchAll(/^- (\S+) (\S+) \((.+)\)$/gm)].map(([, name, v, license]) => ({
      name: name!,
      version: v!,
      license: license!,
    }));
    assert.deepEqual(
      KNOWN_BUNDLED.filter((name) => !listed.some((p) => p.name === name)),
      [],
      'known bundled packages missing from the notices',
    );
    for (const p of listed) {
      const section = notices
        .split(`\n${p.name} ${p.version}\nLicense: ${p.license}\n`)[1]
        ?.split(`\n${'-'.repeat(78)}\n`)[0];
      assert.ok(section, `${p.name}: no section with its licence`);
      const dir = path.join(repoRoot, 'node_modules', p.name);
      const licenceFile = readdirSync(dir).find((file) => /^licen[cs]e(\.(md|txt))?$/i.test(file));
      const expected = licenceFile
        ? readFileSync(path.join(dir, licenceFile), 'utf8').trim()
        : 'Permission is hereby granted, free of charge';
      assert.ok(section.includes(expected), `${p.name}: its licence text`);
    }
  });

  it('its README installs the tarball, and names no npx command for a package the registry does not have', () => {
    const readme = readFileSync(path.join(installed, 'README.md'), 'utf8');
    assert.ok(readme.includes(`npm install -g ./building-twins-cli-${version}.tgz`), readme);
    assert.doesNotMatch(readme, /npx/);
  });

  it('--version prints the version of package.json and exits 0', async () => {
    assert.equal((await run(bin, ['--version'])).stdout, `${version}\n`);
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
      // Read-only without --allow-writes: the read tools, and only they.
      assert.deepEqual(
        (await client.listTools()).tools.map((t) => t.name),
        AGENT_TOOLS.filter((t) => t.access === 'read').map((t) => t.name),
      );
      const twin = await client.callTool({ name: 'get_twin', arguments: { id: 'HP-AHU-1', relationships: false } });
      assert.equal((twin.structuredContent as { twin: { id: string } }).twin.id, 'HP-AHU-1');
    } finally {
      await client.close();
    }
  });
});
