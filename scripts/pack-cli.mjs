// `npm run pack:cli [-- <dir>]`: the command line as an npm package of its own, for agent users who do not use
// the extension: `building-twins-cli-<version>.tgz` in <dir> (default out/cli-package). It holds the CLI's bundles,
// built here without source maps (dist/cli.js, dist/cliMcp.js and the dist/lib/*.js libraries they load, nothing
// else: every dependency is bundled, so it installs nothing), THIRD_PARTY_NOTICES.txt for the packages bundled into
// them, a manifest whose `bin` gives `building-twins`, a README and the licence.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { cliTargets, filesLoadedBy, NODE_BUNDLE } from './cliBundles.mjs';
import { firstUseLibraryEntryPoints } from './firstUseLibraryPlugin.mjs';
import { repoRoot, run } from './harness.mjs';
import { writeThirdPartyNotices } from './thirdPartyNotices.mjs';

const destination = resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(repoRoot, 'out', 'cli-package'),
);
const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const stage = join(destination, 'stage');
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

const builds = await Promise.all(
  [...cliTargets(repoRoot), { entryPoints: firstUseLibraryEntryPoints }].map((target) =>
    esbuild.build({
      ...target,
      ...NODE_BUNDLE,
      absWorkingDir: repoRoot,
      outdir: join(stage, 'dist'),
      bundle: true,
      minify: true,
      sourcemap: false,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    }),
  ),
);
const metafiles = builds.map((b) => b.metafile);
// Every library is built; the ones the CLI never loads (the extension's only) are left out of the package.
const loaded = filesLoadedBy(join(stage, 'dist', 'cli.js'), metafiles, repoRoot);
for (const file of metafiles.flatMap((m) => Object.keys(m.outputs)).map((f) => resolve(repoRoot, f)))
  if (!loaded.has(file)) rmSync(file);
const loadedOutputs = metafiles
  .flatMap((m) => Object.entries(m.outputs))
  .filter(([file]) => loaded.has(resolve(repoRoot, file)))
  .map(([, output]) => ({ inputs: output.inputs }));
writeThirdPartyNotices(loadedOutputs, join(stage, 'THIRD_PARTY_NOTICES.txt'), repoRoot, 'building-twins-cli');
console.log(`bundled: ${[...loaded].map((f) => relative(stage, f)).join(', ')}`);

copyFileSync(join(repoRoot, 'LICENSE'), join(stage, 'LICENSE'));
writeFileSync(
  join(stage, 'package.json'),
  `${JSON.stringify(
    {
      name: 'building-twins-cli',
      version: root.version,
      description:
        'Command line and MCP server for Building Twin Data Service v3 (Willow Public API v3) and its local emulator',
      license: root.license,
      repository: root.repository,
      bin: { 'building-twins': 'dist/cli.js' },
      files: ['dist', 'THIRD_PARTY_NOTICES.txt'],
      engines: { node: root.engines.node },
      keywords: ['digital twins', 'mcp', 'model context protocol', 'willow', 'dtdl'],
    },
    null,
    2,
  )}\n`,
);
writeFileSync(
  join(stage, 'README.md'),
  [
    '# building-twins-cli',
    '',
    'The Building Twins command line on its own: `building-twins <command>` talks to a Building Twin Data Service v3',
    'instance (or the local emulator), and `building-twins mcp` serves its agent tools to any MCP client over stdio,',
    'read-only unless `--allow-writes`. Run `building-twins --help` and `building-twins mcp --help`.',
    '',
    'It is not on the npm registry: install this tarball (Node 20 or later; every dependency is bundled, so nothing is',
    'fetched):',
    '',
    '```sh',
    `npm install -g ./building-twins-cli-${root.version}.tgz`,
    'building-twins --version',
    '```',
    '',
    "Then register the MCP server by its command, for example in VS Code's `.vscode/mcp.json`:",
    '',
    '```json',
    '{ "servers": { "building-twins": { "type": "stdio", "command": "building-twins", "args": ["mcp", "--url", "contoso"] } } }',
    '```',
    '',
    'Keep the client secret in `BUILDING_TWINS_CLIENT_SECRET`, never in the arguments. The licences of the bundled',
    'packages are in THIRD_PARTY_NOTICES.txt.',
    '',
  ].join('\n'),
);
if (run('npm', ['pack', '--pack-destination', destination], { cwd: stage }) !== 0) process.exit(1);
rmSync(stage, { recursive: true, force: true });
console.log(`${join(destination, `building-twins-cli-${root.version}.tgz`)}`);
