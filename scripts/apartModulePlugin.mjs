// esbuild plugin: a module that a bundle loads with `await import(...)` and that only one rarely used command needs
// becomes a bundle of its own, so the others neither parse nor run it. `apartModulePlugin({ './mcpCommand':
// 'cliMcp' })` leaves `import('./mcpCommand')` pointing at ./cliMcp.js beside the bundle; esbuild.mjs builds that
// file from the same module (apartEntryPoints).
export function apartModulePlugin(modules) {
  return {
    name: 'apart-module',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) =>
        args.kind === 'dynamic-import' && Object.hasOwn(modules, args.path)
          ? { path: `./${modules[args.path]}.js`, external: true }
          : undefined,
      );
    },
  };
}
