// `npm run pack:cli [-- <dir>]`: the command line as an npm package of its own, for agent users who do not use
// the extension: `building-twins-cli-<version>.tgz` in <dir> (default out/cli-package), holding only the CLI's
// bundles (dist/cli.js, dist/cliMcp.js, dist/lib/*.js: every dependency is bundled, so it installs nothing else),
// a manifest whose `bin` gives `building-twins`, a README and the licence. Builds first unless --no-build.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, repoRoot, run } from './harness.mjs';

const args = process.argv.slice(2);
const destination = resolve(args.find((a) => !a.startsWith('--')) ?? join(repoRoot, 'out', 'cli-package'));
if (!args.includes('--no-build')) build();

const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const stage = join(destination, 'stage');
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist', 'lib'), { recursive: true });
for (const file of ['cli.js', 'cliMcp.js']) copyFileSync(join(repoRoot, 'dist', file), join(stage, 'dist', file));
for (const file of readdirSync(join(repoRoot, 'dist', 'lib')).filter((f) => f.endsWith('.js'))) {
  copyFileSync(join(repoRoot, 'dist', 'lib', file), join(stage, 'dist', 'lib', file));
}
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
      files: ['dist'],
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
    "Register the MCP server with npx, for example in VS Code's `.vscode/mcp.json`:",
    '',
    '```json',
    '{ "servers": { "building-twins": { "type": "stdio", "command": "npx", "args": ["-y", "building-twins-cli", "mcp", "--url", "contoso"] } } }',
    '```',
    '',
    'Keep the client secret in `BUILDING_TWINS_CLIENT_SECRET`, never in the arguments.',
    '',
  ].join('\n'),
);
if (run('npm', ['pack', '--pack-destination', destination], { cwd: stage }) !== 0) process.exit(1);
rmSync(stage, { recursive: true, force: true });
console.log(`${join(destination, `building-twins-cli-${root.version}.tgz`)}`);
