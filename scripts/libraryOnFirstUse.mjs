// An esbuild plugin for the extension's bundle: libraries that only some commands need (reading CSV and JSON
// import files, DTDL format checks, JSON documents and patches) are bundles of their own, dist/lib/<name>.js,
// loaded the first time a `require` of them runs (written inside the function that needs them, through
// src/core/onFirstUse.ts), so starting the extension neither parses nor runs them. An `import` of one of them
// is bundled as usual.
export const FIRST_USE_LIBRARIES = ['csv-parse/sync', 'ajv-formats/dist/formats', 'jsonc-parser', 'fast-json-patch'];

/** Where a library's own bundle goes, below dist/. */
export const libraryBundle = (name) => `lib/${name.replace(/[^a-z0-9]+/gi, '-')}`;

/** The entry points that build each library into its own bundle (esbuild's entryPoints for dist/). */
export const libraryEntryPoints = Object.fromEntries(FIRST_USE_LIBRARIES.map((name) => [libraryBundle(name), name]));

export const libraryOnFirstUse = {
  name: 'library-on-first-use',
  setup(build) {
    const names = new Set(FIRST_USE_LIBRARIES);
    build.onResolve({ filter: /^[a-z@]/ }, (args) =>
      args.kind === 'require-call' && names.has(args.path) ? { path: `./${libraryBundle(args.path)}.js`, external: true } : undefined);
  },
};
