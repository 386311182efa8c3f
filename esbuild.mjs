// One build for every bundle: the extension host, the emulator, the CLI and each webview app.
// Usage: node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { apartModulePlugin } from './scripts/apartModulePlugin.mjs';
import { cliTargets, NODE_BUNDLE } from './scripts/cliBundles.mjs';
import {
  FIRST_USE_LIBRARIES,
  firstUseLibraryEntryPoints,
  firstUseLibraryPlugin,
  outputsHolding,
} from './scripts/firstUseLibraryPlugin.mjs';
import { NOTICES_FILE, writeThirdPartyNotices } from './scripts/thirdPartyNotices.mjs';
import { vscodeOncePlugin } from './scripts/vscodeOncePlugin.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  minify: true,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  // Licenses go to dist/THIRD_PARTY_NOTICES.txt instead, written from the metafiles (scripts/thirdPartyNotices.mjs).
  legalComments: 'none',
  metafile: true,
};

// Features of our own that the extension loads with `await import()` on first use, each a bundle of its own in dist/
// (source → bundle): a window that never uses one neither parses nor compiles it. Each takes and returns plain data.
const FIRST_USE_MODULES = { 'src/core/dtdl/dtdlLanguage.ts': 'dtdlLanguage' };

const nodeTargets = [
  {
    entryPoints: { extension: 'src/extension/extension.ts' },
    plugins: [vscodeOncePlugin, apartModulePlugin(FIRST_USE_MODULES), firstUseLibraryPlugin],
  },
  ...Object.entries(FIRST_USE_MODULES).map(([source, name]) => ({
    entryPoints: { [name]: source },
    plugins: [firstUseLibraryPlugin],
  })),
  // The extension's entry: it loads dist/extension.js through V8's code cache (src/extension/startup/cachedBundle.ts).
  { entryPoints: { main: 'src/extension/main.ts' } },
  // The integration tests' API, loaded only in ExtensionMode.Test; never built for the VSIX.
  ...(production
    ? []
    : [{ entryPoints: { testApi: 'src/extension/testing/testApi.ts' }, plugins: [vscodeOncePlugin] }]),
  { entryPoints: { emulator: 'src/emulator/main.ts' } },
  // The CLI and its MCP server (scripts/cliBundles.mjs).
  ...cliTargets(process.cwd()),
]
  .filter((t) => Object.values(t.entryPoints).every((p) => existsSync(p)))
  .concat(
    // The libraries the extension and the CLI load on first use, each a bundle of its own (dist/lib/*.js).
    { entryPoints: firstUseLibraryEntryPoints },
  );

// Each panel folder src/webviews/<name>/ with an app/main.ts becomes dist/panels/<name>.js (+ .css if present).
const webviewDir = 'src/webviews';
const webviewEntries = existsSync(webviewDir)
  ? Object.fromEntries(
      readdirSync(webviewDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(webviewDir, d.name, 'app', 'main.ts')))
        .map((d) => [d.name, join(webviewDir, d.name, 'app', 'main.ts')]),
    )
  : {};

const configs = [
  // ESM entry points first: UMD builds (e.g. jsonc-parser's) hide their requires from the bundler.
  ...nodeTargets.map((t) => ({ ...common, ...t, ...NODE_BUNDLE, outdir: 'dist' })),
  ...(Object.keys(webviewEntries).length
    ? [
        {
          ...common,
          entryPoints: webviewEntries,
          platform: 'browser',
          format: 'iife',
          target: 'es2022',
          outdir: 'dist/panels',
          loader: { '.css': 'css' },
        },
      ]
    : []),
];

// A release build starts from an empty dist/, so no bundle an earlier build left behind goes into the VSIX.
if (production) rmSync('dist', { recursive: true, force: true });

if (watch) {
  const contexts = await Promise.all(configs.map((c) => esbuild.context(c)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  const results = await Promise.all(configs.map((c) => esbuild.build(c)));
  // One copy of each first-use library across the bundles the extension and the CLI load (the emulator is a program
  // of its own); ajv's is the largest, about 100 KB.
  const shared = results.map((r) => r.metafile);
  for (const name of new Set(FIRST_USE_LIBRARIES.map((n) => n.split('/')[0]))) {
    const copies = outputsHolding(name, shared).filter((file) => file !== 'dist/emulator.js');
    if (copies.length > 1) throw new Error(`${name} is bundled ${copies.length} times: ${copies.join(', ')}`);
  }
  writeThirdPartyNotices(
    results.map((r) => r.metafile),
    NOTICES_FILE,
  );
}
