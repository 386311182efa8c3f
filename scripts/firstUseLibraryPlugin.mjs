// esbuild plugin for the extension's bundle: libraries that only some features need (reading CSV and JSON import
// files, reading and writing Excel workbooks, DTDL string formats, JSON documents and patches) are bundles of their
// own, dist/lib/<name>.js, loaded the first time one of their exports is used rather than when the extension starts.
// Sources import them as usual: in the extension's bundle each import resolves to a small stand-in whose exports are
// getters that require the library's bundle on first access. Elsewhere (the CLI, the emulator, tests compiled by tsc) nothing changes.
import { createRequire } from 'node:module';

export const FIRST_USE_LIBRARIES = [
  'csv-parse/sync',
  'jsonc-parser',
  'fast-json-patch',
  'ajv-formats/dist/formats',
  'ajv-formats',
  'ajv',
  'read-excel-file/node',
  'write-excel-file/node',
];

/**
 * Libraries built together into one bundle, which exports each by name: ajv-formats builds code with ajv's classes
 * (its main module requires ajv and ajv's codegen), so the extension, the CLI and its MCP server (whose SDK imports
 * ajv-formats) share one copy of ajv, in dist/lib/ajv.js, built from scripts/ajvLibraries.cjs.
 */
const SHARED_BUNDLES = {
  ajv: { entry: 'scripts/ajvLibraries.cjs', names: ['ajv', 'ajv-formats', 'ajv-formats/dist/formats'] },
};
const sharedBundleOf = (name) => Object.entries(SHARED_BUNDLES).find(([, group]) => group.names.includes(name))?.[0];

const NAMESPACE = 'first-use-library';
const requireHere = createRequire(import.meta.url);

/** The npm package a module path belongs to ('ajv-formats/dist/formats' -> 'ajv-formats'). */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Where a library's bundle goes, below dist/ (without .js). */
export const libraryBundle = (name) => `lib/${(sharedBundleOf(name) ?? name).replace(/[^a-z0-9]+/gi, '-')}`;

/** esbuild entry points that build each library (or group of libraries) into its bundle under dist/lib. */
export const firstUseLibraryEntryPoints = Object.fromEntries(
  FIRST_USE_LIBRARIES.map((name) => {
    const shared = sharedBundleOf(name);
    return [libraryBundle(name), shared ? SHARED_BUNDLES[shared].entry : name];
  }),
);

/**
 * The stand-in module for `name`: its export names, read from the library itself, each a getter loading dist/lib/<its
 * bundle> once. A library that is itself a function (ajv's class, ajv-formats' plugin) gets a function stand-in that
 * calls or constructs it: an ES module importing its default from CommonJS takes `module.exports` itself.
 */
function standIn(name) {
  const library = requireHere(name);
  const callable = typeof library === 'function';
  return [
    `let loaded;`,
    `const load = () => (loaded ??= require(${JSON.stringify(`./${libraryBundle(name)}.js`)})${sharedBundleOf(name) ? `[${JSON.stringify(name)}]` : ''});`,
    callable
      ? `module.exports = function standIn(...args) { return new.target ? Reflect.construct(load(), args) : load().apply(this, args); };`
      : '',
    library.__esModule ? `Object.defineProperty(module.exports, '__esModule', { value: true });` : '',
    `for (const name of ${JSON.stringify(Object.keys(library))}) Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });`,
  ].join('\n');
}

/** The plugin, for a bundle in dist/ (the extension's, the CLI's): the libraries are in dist/lib. */
export const firstUseLibraryPlugin = {
  name: 'first-use-library',
  setup(build) {
    const names = new Set(FIRST_USE_LIBRARIES);
    const packages = new Set(FIRST_USE_LIBRARIES.map(packageOf));
    build.onResolve({ filter: /^[@a-z]/ }, (args) => {
      if (names.has(args.path)) return { path: args.path, namespace: NAMESPACE };
      // Another path into one of these packages would bundle a second copy of it into the extension, beside the
      // one in dist/lib (and classes of one copy are not instances of the other's: ajv-formats checks ajv's).
      if (!packages.has(packageOf(args.path))) return undefined;
      return {
        errors: [
          {
            text: `"${args.path}" (imported by ${args.importer}) is part of a library the extension loads on first use: import ${FIRST_USE_LIBRARIES.filter((n) => packageOf(n) === packageOf(args.path)).join(' or ')}, or add it to FIRST_USE_LIBRARIES in scripts/firstUseLibraryPlugin.mjs (a library that uses another's classes, as ajv-formats uses ajv's, needs a bundle shared with it)`,
          },
        ],
      };
    });
    // The stand-in's own require of the library's bundle.
    build.onResolve({ filter: /^\.\//, namespace: NAMESPACE }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: standIn(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The output files (of the builds' metafiles) holding modules of the package `name`: a first-use library must be in its
 * own bundle only (esbuild.mjs fails the build otherwise), else a bundle carries a second copy.
 */
export function outputsHolding(name, metafiles) {
  const inPackage = new RegExp(`(^|/)node_modules/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);
  return metafiles
    .flatMap((m) => Object.entries(m.outputs))
    .filter(([file, output]) => !file.endsWith('.map') && Object.keys(output.inputs).some((i) => inPackage.test(i)))
    .map(([file]) => file);
}
