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
  'ajv',
  'read-excel-file/node',
  'write-excel-file/node',
];

const NAMESPACE = 'first-use-library';
const requireHere = createRequire(import.meta.url);

/** The npm package a module path belongs to ('ajv-formats/dist/formats' -> 'ajv-formats'). */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Where a library's own bundle goes, below dist/ (without .js). */
export const libraryBundle = (name) => `lib/${name.replace(/[^a-z0-9]+/gi, '-')}`;

/** esbuild entry points that build each library into its own bundle under dist/lib. */
export const firstUseLibraryEntryPoints = Object.fromEntries(
  FIRST_USE_LIBRARIES.map((name) => [libraryBundle(name), name]),
);

/** The stand-in module for `name`: its export names, read from the library itself, each a getter loading dist/lib/<its bundle> once. */
function standIn(name) {
  const library = requireHere(name);
  return [
    `let loaded;`,
    `const load = () => (loaded ??= require(${JSON.stringify(`./${libraryBundle(name)}.js`)}));`,
    library.__esModule ? `Object.defineProperty(exports, '__esModule', { value: true });` : '',
    `for (const name of ${JSON.stringify(Object.keys(library))}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
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
