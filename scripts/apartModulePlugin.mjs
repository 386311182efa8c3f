// esbuild plugin: a source module that a bundle loads with `await import(...)` on first use becomes a bundle of its
// own beside it, so a process that never uses it neither parses nor compiles it. `apartModulePlugin({
// 'src/cli/mcpCommand.ts': 'cliMcp' })` makes every `import()` of src/cli/mcpCommand.ts load ./cliMcp.js;
// esbuild.mjs builds that file from the same module. Only dynamic imports are redirected: a static import of the
// same module would bundle a second copy, so the seam is visible in the source (an `await import()`).
// The bundle is loaded with `require`, not `import()`: Node's ES module loader, given a CommonJS file, compiles it
// once to detect its format and scans it once more for its exports before running it (~100 ms or more of CPU
// for the MCP server's 400 KB; measured with --cpu-prof).
import { resolve } from 'node:path';

const NAMESPACE = 'apart-module';

/** `modules`: source file (relative to the working directory) → the name of its bundle beside the importing one. */
export function apartModulePlugin(modules) {
  const bundleOf = new Map(Object.entries(modules).map(([source, name]) => [resolve(source), name]));
  return {
    name: 'apart-module',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.namespace === NAMESPACE) return { path: args.path, external: true };
        if (args.kind !== 'dynamic-import') return undefined;
        const name = bundleOf.get(resolve(args.resolveDir, `${args.path}.ts`));
        return name ? { path: `./${name}.js`, namespace: NAMESPACE } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}
