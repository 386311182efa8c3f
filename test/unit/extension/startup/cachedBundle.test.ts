import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFileName, loadCachedBundle, startedForDebugging } from '../../../../src/extension/startup/cachedBundle';

const loaderModule = require.resolve('../../../../src/extension/startup/cachedBundle');
const debugged = { debugging: () => true };
const detached = { debugging: () => false };

interface Probe {
  answer: number;
  file: string;
  dir: string;
  helper: string;
}

/** A bundle whose source no other test compiles: V8 keeps what it compiled per process, keyed by the source text. */
function bundleSource(tag: string): string {
  return [
    `// ${tag} ${process.hrtime.bigint()}`,
    "const helper = require('./helper.js');",
    'exports.answer = 42;',
    'exports.file = __filename;',
    'exports.dir = __dirname;',
    'exports.helper = helper.name;',
    'exports.throwHere = () => { throw new Error("thrown on line 7"); };',
    '',
  ].join('\n');
}

/** Loads `bundle` in a fresh node process (nothing compiled yet) and returns the cache's state there. */
function stateInFreshProcess(bundle: string, cacheDir: string): string {
  const script = `const { loadCachedBundle } = require(${JSON.stringify(loaderModule)});
    const loaded = loadCachedBundle(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)}, { debugging: () => false });
    if (loaded.exports.answer !== 42) throw new Error('wrong exports');
    process.stdout.write(loaded.state);`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

describe('cachedBundle (the extension bundle through V8 code cache)', () => {
  let root = '';
  let bundle = '';
  let cacheDir = '';

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bt-code-cache-'));
    bundle = join(root, 'extension.js');
    cacheDir = join(root, '.code-cache');
    writeFileSync(join(root, 'helper.js'), "exports.name = 'helper';\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('loads a CommonJS bundle as require does: its exports, __filename, __dirname and requires beside it', () => {
    writeFileSync(bundle, bundleSource('plain'));
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, detached);
    assert.deepEqual(
      { ...loaded.exports, throwHere: undefined },
      { answer: 42, file: bundle, dir: root, helper: 'helper', throwHere: undefined },
    );
    assert.equal(loaded.state, 'absent');
  });

  it("keeps the bundle's own line numbers in stack traces", () => {
    writeFileSync(bundle, bundleSource('lines'));
    const loaded = loadCachedBundle<{ throwHere(): void }>(bundle, cacheDir, detached);
    assert.throws(
      () => loaded.exports.throwHere(),
      (error: Error) => error.stack!.includes(`${bundle}:7:`),
    );
  });

  it('throws what the top level throws', () => {
    writeFileSync(bundle, `// top ${process.hrtime.bigint()}\nthrow new Error('broken bundle');\n`);
    assert.throws(() => loadCachedBundle(bundle, cacheDir, detached), /broken bundle/);
  });

  it('saves the cache once, and a new process compiles from it', () => {
    writeFileSync(bundle, bundleSource('saved'));
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, detached);
    loaded.save();
    assert.equal(loaded.state, 'written');
    const name = cacheFileName(bundle, readFileSync(bundle));
    assert.deepEqual(readdirSync(cacheDir), [name]);
    assert.equal(stateInFreshProcess(bundle, cacheDir), 'used');
    // A second save writes nothing.
    rmSync(join(cacheDir, name));
    loaded.save();
    assert.deepEqual(readdirSync(cacheDir), []);
  });

  it("does not use a cache of other bytes of the same length, and its save drops only that bundle's older caches", () => {
    writeFileSync(bundle, bundleSource('old'));
    loadCachedBundle(bundle, cacheDir, detached).save();
    const old = readdirSync(cacheDir)[0]!;
    const otherBundle = cacheFileName(join(root, 'testApi.js'), Buffer.from('x'));
    writeFileSync(join(cacheDir, otherBundle), 'another bundle');
    writeFileSync(join(cacheDir, 'notes.txt'), 'not a cache');
    // The same length: V8 alone would take the old cache for it.
    const oldLength = readFileSync(bundle).length;
    writeFileSync(bundle, bundleSource('new'));
    assert.equal(readFileSync(bundle).length, oldLength);
    const loaded = loadCachedBundle(bundle, cacheDir, detached);
    assert.equal(loaded.state, 'absent');
    loaded.save();
    assert.deepEqual(
      readdirSync(cacheDir).sort(),
      [cacheFileName(bundle, readFileSync(bundle)), otherBundle, 'notes.txt'].sort(),
    );
    assert.ok(!readdirSync(cacheDir).includes(old));
  });

  it('compiles the bundle anew when V8 refuses a damaged cache, and saves a good one', () => {
    writeFileSync(bundle, bundleSource('damaged'));
    mkdirSync(cacheDir);
    const name = cacheFileName(bundle, readFileSync(bundle));
    writeFileSync(join(cacheDir, name), Buffer.alloc(4096, 7));
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, detached);
    assert.equal(loaded.state, 'rejected');
    assert.equal(loaded.exports.answer, 42);
    loaded.save();
    assert.equal(loaded.state, 'written');
    assert.equal(stateInFreshProcess(bundle, cacheDir), 'used');
  });

  it('neither reads nor writes a cache in a process started for debugging', () => {
    writeFileSync(bundle, bundleSource('debugged'));
    loadCachedBundle(bundle, cacheDir, detached).save();
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, debugged);
    assert.equal(loaded.state, 'off');
    rmSync(cacheDir, { recursive: true });
    loaded.save();
    assert.equal(loaded.state, 'off');
    assert.throws(() => readdirSync(cacheDir), /ENOENT/);
  });

  it('says the cache is unwritable, without throwing, where its folder cannot be made', () => {
    writeFileSync(bundle, bundleSource('unwritable'));
    writeFileSync(cacheDir, 'a file where the folder would go');
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, detached);
    loaded.save();
    assert.equal(loaded.state, 'unwritable');
    assert.equal(readFileSync(cacheDir, 'utf8'), 'a file where the folder would go');
  });

  it('leaves no partial file behind when the written cache cannot take its name', () => {
    writeFileSync(bundle, bundleSource('blocked'));
    const name = cacheFileName(bundle, readFileSync(bundle));
    // A folder with something in it holds the cache's name: the rename onto it fails (as root too).
    mkdirSync(join(cacheDir, name), { recursive: true });
    writeFileSync(join(cacheDir, name, 'keep'), '');
    const loaded = loadCachedBundle<Probe>(bundle, cacheDir, detached);
    loaded.save();
    assert.equal(loaded.state, 'unwritable');
    assert.deepEqual(readdirSync(cacheDir), [name]);
  });

  it('tells a process started for debugging by its arguments or NODE_OPTIONS', () => {
    for (const args of [
      ['--inspect'],
      ['--inspect=9229'],
      ['--inspect-brk=0'],
      ['--max-old-space-size=4096', '--inspect-port=9333'],
    ])
      assert.equal(startedForDebugging(args, ''), true, args.join(' '));
    assert.equal(startedForDebugging([], '--max-old-space-size=4096 --inspect=127.0.0.1:9230'), true);
    assert.equal(startedForDebugging(['--max-old-space-size=4096', '--inspector-is-not-a-flag'], ''), false);
    assert.equal(startedForDebugging([], ''), false);
  });
});
