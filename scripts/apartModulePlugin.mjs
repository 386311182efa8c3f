// esbuild plugin: a module that a bundle loads with `await import(...)` and that only one rarely used command needs
// becomes a bundle of its own, so the others neither parse nor run it. `apartModulePlugin({ './mcpCommand':
// 'cliMcp' })` makes `import('./mcpCommand')` load ./cliMcp.js beside the bundle; esbuild.mjs builds that file from
// the same module (apartEntryPoints).
// The bundle is loaded with `require`, not `import()`: Node's ES module loader, given a CommonJS file, compiles it
// once to detect its format and scans it once more for its exports before running it (~100 ms or more of CPU
// for the MCP server's 400 KB; measured with --cpu-prof).
const NAMESPACE = 'apart-module';

export function apartModulePlugin(modules) {
  return {
    name: 'apart-module',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.namespace === NAMESPACE) return { path: args.path, external: true };
        return args.kind === 'dynamic-import' && Object.hasOwn(modules, args.path)
          ? { path: `./${modules[args.path]}.js`, namespace: NAMESPACE }
          : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}
