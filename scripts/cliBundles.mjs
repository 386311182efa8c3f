// The CLI's bundles as esbuild builds them: into dist/ with everything else (esbuild.mjs), and on their own, without
// source maps, into the CLI's npm package (scripts/pack-cli.mjs). dist/cli.js takes the first-use libraries from
// dist/lib, and the MCP server (its SDK, schemas and the agent tools) from a bundle of its own, cliMcp.js,
// loaded only by `building-twins mcp`, which takes ajv and the other first-use libraries from dist/lib too.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { apartModulePlugin } from './apartModulePlugin.mjs';
import { firstUseLibraryPlugin } from './firstUseLibraryPlugin.mjs';

/** How every bundle for Node is built (the extension's, the emulator's, the CLI's and the libraries'). */
export const NODE_BUNDLE = { platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'] };

/** The CLI's two entry points; `building-twins --version` prints the version of the package.json in `root`. */
export function cliTargets(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return [
    {
      entryPoints: { cli: 'src/cli/main.ts' },
      banner: { js: '#!/usr/bin/env node' },
      define: { BUILDING_TWINS_VERSION: JSON.stringify(version) },
      plugins: [apartModulePlugin({ [join(root, 'src/cli/mcpCommand.ts')]: 'cliMcp' }), firstUseLibraryPlugin],
    },
    { entryPoints: { cliMcp: 'src/cli/mcpCommand.ts' }, plugins: [firstUseLibraryPlugin] },
  ];
}

/**
 * The output files (absolute paths) that `entry` loads, itself included, following the relative requires esbuild left
 * external (the first-use libraries, cliMcp.js) through the builds' metafiles, whose paths are relative to `root`.
 */
export function filesLoadedBy(entry, metafiles, root) {
  const outputs = new Map(
    metafiles.flatMap((m) => Object.entries(m.outputs)).map(([file, output]) => [resolve(root, file), output]),
  );
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file)) return;
    const output = outputs.get(file);
    if (!output) throw new Error(`${file} is loaded by ${entry} but was not built`);
    loaded.add(file);
    for (const { path, external } of output.imports)
      if (external && path.startsWith('.')) visit(resolve(dirname(file), path));
  };
  visit(resolve(entry));
  return loaded;
}
