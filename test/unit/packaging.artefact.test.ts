import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../harness/harnessPaths';
import { packageVsix, vsixEntries } from '../harness/vsixPackage';

describe('packaging (VSIX built with vsce from the current dist/)', function () {
  this.timeout(120000);
  let dir = '';
  let vsix = '';
  let entries: string[] = [];

  // The folder is made here, not at load time, so a run that filters these tests out leaves nothing behind.
  // A code cache in dist/ (what a window of the extension run from this folder writes) must stay out of the VSIX.
  const cacheProbe = join(repoRoot, 'dist', '.code-cache', 'extension.packaging-probe.code-cache');
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'building-twins-vsix-'));
    vsix = join(dir, 'building-twins.vsix');
    mkdirSync(dirname(cacheProbe), { recursive: true });
    writeFileSync(cacheProbe, 'not for the VSIX');
    try {
      await packageVsix(vsix);
    } finally {
      rmSync(cacheProbe, { force: true });
    }
    entries = await vsixEntries(vsix);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stays under 2 MB', () => {
    const size = statSync(vsix).size;
    console.log(`      VSIX: ${(size / 1024).toFixed(1)} KiB, ${entries.length} entries`);
    assert.ok(size < 2 * 1024 * 1024, `${size} bytes`);
  });

  it('holds the bundle, manifest, the English text of both, readme, license and icon', () => {
    for (const required of [
      // The entry package.json names, and the bundle it loads.
      'extension/dist/main.js',
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/package.nls.json',
      'extension/l10n/bundle.l10n.json',
      'extension/readme.md',
      'extension/media/icon.png',
      'extension/media/icons/building-twins.svg',
      // The CLI, which the MCP server definition provider starts as `dist/cli.js mcp`.
      'extension/dist/cli.js',
      'extension/dist/climcp.js',
    ]) {
      assert.ok(entries.includes(required), `missing ${required}`);
    }
    assert.ok(
      entries.some((e) => /^extension\/license(\.md|\.txt)?$/.test(e)),
      'missing LICENSE',
    );
  });

  it('holds no code cache', () => {
    assert.deepEqual(
      entries.filter((e) => e.includes('.code-cache')),
      [],
    );
  });

  it('holds every bundle the extension requires on first use (the libraries in dist/lib, dist/dtdlLanguage.js)', () => {
    const required = [
      ...readFileSync(join(repoRoot, 'dist', 'extension.js'), 'utf8').matchAll(/require\("\.\/([^"]+\.js)"\)/g),
    ].map((m) => m[1]!);
    assert.ok(required.includes('lib/ajv.js') && required.includes('dtdlLanguage.js'), required.join(', '));
    for (const file of required)
      assert.ok(entries.includes(`extension/dist/${file.toLowerCase()}`), `missing dist/${file}`);
  });

  it('holds the media of every walkthrough step, each small', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { walkthroughs: Array<{ steps: Array<{ id: string; media: Record<string, unknown> }> }> };
    };
    const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
    assert.ok(steps.length > 0, 'a walkthrough with steps');
    for (const step of steps) {
      const files = ['markdown', 'svg', 'image']
        .map((key) => step.media[key])
        .filter((file): file is string => typeof file === 'string');
      assert.ok(files.length > 0, `${step.id} has media`);
      for (const file of files) {
        assert.ok(
          entries.includes(`extension/${file.replace(/^\.\//, '')}`.toLowerCase()),
          `${step.id}: ${file} is not in the VSIX`,
        ); // entry names come lower-cased
        assert.ok(statSync(join(repoRoot, file)).size < 8 * 1024, `${step.id}: ${file} is larger than 8 KiB`);
      }
    }
  });

  it('holds no sources, source maps, tests, tooling or node_modules', () => {
    const unwanted = entries.filter(
      (e) =>
        /\.(ts|map)$/.test(e) ||
        /^extension\/(src|test|bench|scripts|out|node_modules|\.vscode-test|\.vscode|\.ci|media\/webviews)\//.test(e),
    );
    assert.deepEqual(unwanted, []);
  });

  it('holds at its root only the manifest, its text, readme, changelog and license, and only the shipped folders', () => {
    const rootFiles = /^extension\/(package\.json|package\.nls\.json|readme\.md|changelog\.md|license(\.md|\.txt)?)$/;
    const shippedFolders = /^extension\/(dist|media|l10n|syntaxes|chat)\//;
    const stray = entries.filter((e) => e.startsWith('extension/') && !rootFiles.test(e) && !shippedFolders.test(e));
    assert.deepEqual(stray, [], 'tooling or other files the VSIX should not carry (see .vscodeignore)');
  });

  it('carries third-party notices naming every npm package inside a bundle, with its license text', () => {
    assert.ok(entries.includes('extension/dist/third_party_notices.txt'), 'missing dist/THIRD_PARTY_NOTICES.txt');
    const notices = readFileSync(join(repoRoot, 'dist', 'THIRD_PARTY_NOTICES.txt'), 'utf8');
    // The development build's source maps name every bundled module: an account kept apart from the metafiles.
    const bundled = new Set<string>();
    const maps = readdirSync(join(repoRoot, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js.map'),
    );
    assert.ok(maps.length > 0, 'no source maps in dist/ to check against (build without --production)');
    for (const map of maps) {
      for (const source of (JSON.parse(readFileSync(join(repoRoot, 'dist', map), 'utf8')) as { sources: string[] })
        .sources) {
        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source.slice(source.lastIndexOf('node_modules/')));
        if (m) bundled.add(m[1]!);
      }
    }
    assert.ok(bundled.size > 0);
    for (const name of bundled)
      assert.match(
        notices,
        new RegExp(`^- ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\S+ \\(`, 'm'),
        `${name} is bundled but not in the notices`,
      );
    assert.ok(!/\(see text\)/.test(notices.split('\n\n')[1] ?? ''), 'every package names its license');
  });

  it('ships no test API: no dist/testApi.js, and no scripted input inside the extension bundle', () => {
    assert.ok(!entries.includes('extension/dist/testApi.js'), 'the test API bundle is in the VSIX');
    const bundle = readFileSync(join(repoRoot, 'dist', 'extension.js'), 'utf8');
    for (const marker of ['useScriptedInput', 'No scripted answer left', 'takeLastError']) {
      assert.ok(!bundle.includes(marker), `dist/extension.js contains "${marker}"`);
    }
  });
});
