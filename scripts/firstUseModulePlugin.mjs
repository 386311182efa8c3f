// esbuild plugin for the extension's bundle: our own modules that only some commands need (authoring, import and
// export, request files, agent tools, tickets, events, schemas) go into one bundle of their own,
// dist/lib/extension-first-use.js, loaded the first time one of their exports is used, as the first-use libraries
// are (firstUseLibraryPlugin.mjs). Sources import them as usual; in dist/extension.js each such import resolves to
// a stand-in whose exports are getters. Elsewhere (the CLI, tests compiled by tsc) nothing changes.
//
// The first-use bundle must not hold a second copy of a module the extension's bundle already has: a second copy
// has its own state (the l10n bundle, caches) and its own classes (`instanceof ApiError` or UserCancelledError
// would fail across copies). So every module both bundles reach is taken from dist/extension.js: its entry hands
// those modules' namespaces to a slot, and the first-use bundle is a function of them, called once on first use.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { firstUseLibraryPluginInLib } from './firstUseLibraryPlugin.mjs';
import { vscodeOncePlugin } from './vscodeOncePlugin.mjs';

/** Modules of the extension loaded on first use: the entry of each command or provider only some sessions use. */
export const FIRST_USE_MODULES = [
  'src/extension/authoring/authoringCommands.ts',
  'src/extension/tickets/ticketCommands.ts',
  'src/extension/tickets/ticketFieldCommand.ts',
  'src/extension/events/eventCommands.ts',
  'src/extension/requestFiles/requestFileCommands.ts',
  'src/extension/agents/languageModelTools.ts',
  // twin request files: their parsing, and the editor features registered when the first one opens
  'src/extension/requestFiles/requestDocuments.ts',
  'src/extension/requestFiles/requestFileFeatures.ts',
  // the DTDL model validator, loaded when the first DTDL document is checked
  'src/core/dtdl/validation/validateModels.ts',
  // "Save as Request" from the explorer and the panels
  'src/extension/requestFiles/saveAsRequest.ts',
  'src/core/requestFiles/requestFileEdits.ts',
  // what a save of an event or ticket document checks and sends
  'src/extension/events/eventValidation.ts',
  'src/extension/tickets/ticketPatch.ts',
  // the schemas served to the JSON language service, built when it first asks for one
  'src/extension/authoring/authoringSchemas.ts',
  'src/extension/authoring/recordSchemas.ts',
  // the panels: their hosts and handlers, loaded when one opens or is restored
  'src/extension/panels/insights/insightsPanel.ts',
  'src/extension/panels/timeSeries/timeSeriesPanel.ts',
  'src/extension/panels/timeSeries/timeSeriesHandlers.ts',
  'src/extension/panels/twinGraph/twinGraphPanel.ts',
];

/**
 * Sources dist/extension.js must not reach (folders end with '/'): what the first-use modules alone use. The build
 * fails, naming the import, when one of them is pulled into it.
 */
export const FIRST_USE_ONLY = [
  'src/core/agentTools/',
  'src/core/bulk/',
  'src/core/commands/',
  'src/core/requestFiles/requestFileParser.ts',
  'src/core/requestFiles/requestRunner.ts',
  'src/core/requestFiles/requestSchemas.ts',
  'src/core/requestFiles/requestValidation.ts',
  'src/extension/agents/writeConfirmation.ts',
  'src/extension/authoring/createFromJson.ts',
  'src/extension/authoring/exportCommand.ts',
  'src/extension/authoring/importCommand.ts',
  'src/extension/authoring/relationshipCommand.ts',
  'src/extension/authoring/telemetryCommand.ts',
  'src/extension/authoring/twinDraftCommand.ts',
  'src/extension/events/eventSchemas.ts',
  'src/extension/events/eventUpload.ts',
  'src/extension/requestFiles/requestCodeLensProvider.ts',
  'src/extension/requestFiles/requestCompletionProvider.ts',
  'src/extension/requestFiles/requestDiagnostics.ts',
  'src/extension/requestFiles/requestRunController.ts',
  'src/extension/tickets/ticketAttachmentCommands.ts',
  'src/extension/tickets/ticketMetadataCommands.ts',
  'src/extension/tickets/ticketPickers.ts',
  'src/extension/tickets/ticketRequest.ts',
  'src/extension/tickets/ticketSchemas.ts',
];

/** Where the first-use bundle goes, below dist/ (without .js). */
export const FIRST_USE_BUNDLE = 'lib/extension-first-use';

const STAND_IN = 'first-use-module';
const SLOT = 'first-use-module-slot';
const SHARED = 'first-use-shared';
const ENTRY = 'first-use-entry';
/** The first-use bundle's parameter: the namespaces of the modules it takes from dist/extension.js (in the order of `shared`). */
const SHARED_PARAMETER = '__firstUseShared';

const common = { bundle: true, platform: 'node', target: 'node20', mainFields: ['module', 'main'], logLevel: 'silent' };

/** The inputs of a build's one entry output. */
const entryInputs = (result) => Object.values(result.metafile.outputs).find((o) => o.entryPoint).inputs;

/** Resolves `args` as esbuild would (without these plugins), as a path relative to `root`; undefined when not a file. */
async function resolvedPath(build, args, root) {
  const result = await build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: { plain: true },
  });
  return result.errors.length || result.external || result.namespace !== 'file'
    ? undefined
    : relative(root, result.path);
}

/**
 * Builds the first-use bundle: a CommonJS module exporting one function of the shared namespaces that returns
 * (once) `{ modules }`, the namespaces of `modules` in order. Imports of a module in `shared` resolve to the
 * namespace dist/extension.js hands over. `write: false` gives its metafile only.
 */
export function buildFirstUseBundle({
  root,
  outdir,
  modules = FIRST_USE_MODULES,
  shared = [],
  write = true,
  minify = true,
  sourcemap = false,
}) {
  const index = new Map(shared.map((path, i) => [path, i]));
  const sharing = {
    name: 'first-use-sharing',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: 'entry', namespace: ENTRY }));
      build.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({
        loader: 'js',
        resolveDir: root,
        contents: [
          ...modules.map((m, i) => `import * as m${i} from ${JSON.stringify(resolve(root, m))};`),
          `export const modules = [${modules.map((_, i) => `m${i}`).join(', ')}];`,
        ].join('\n'),
      }));
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.plain || args.kind === 'entry-point' || index.size === 0) return undefined;
        const path = await resolvedPath(build, args, root);
        return path !== undefined && index.has(path) ? { path, namespace: SHARED } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: SHARED }, (args) => ({
        contents: `module.exports = ${SHARED_PARAMETER}[${index.get(args.path)}];`,
        loader: 'js',
      }));
    },
  };
  return esbuild.build({
    ...common,
    absWorkingDir: root,
    entryPoints: { [FIRST_USE_BUNDLE]: ENTRY },
    outdir,
    format: 'cjs',
    minify,
    sourcemap,
    legalComments: 'none',
    write,
    metafile: true,
    // The libraries it uses are bundles beside it (dist/lib), the same files dist/extension.js loads.
    plugins: [sharing, vscodeOncePlugin, firstUseLibraryPluginInLib],
    banner: {
      js: `let __firstUseBuilt;module.exports=function(${SHARED_PARAMETER}){if(__firstUseBuilt)return __firstUseBuilt;var module={exports:{}},exports=module.exports;`,
    },
    footer: { js: 'return __firstUseBuilt=module.exports};' },
  });
}

/** The export names of each of `modules`, read from an ES module build of each alone (never run). */
async function exportNames(root, modules) {
  const onlyExports = {
    name: 'only-exports',
    setup: (b) =>
      b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'entry-point' ? undefined : { path: a.path, external: true })),
  };
  const names = await Promise.all(
    modules.map(async (module) => {
      const result = await esbuild.build({
        ...common,
        absWorkingDir: root,
        entryPoints: [module],
        format: 'esm',
        write: false,
        metafile: true,
        outdir: 'unused',
        plugins: [onlyExports],
      });
      return Object.values(result.metafile.outputs).find((o) => o.entryPoint).exports;
    }),
  );
  return new Map(modules.map((module, i) => [module, names[i]]));
}

/**
 * The slot, one module of dist/extension.js: the entry hands it the shared namespaces, and each stand-in defines
 * its exports with it, as getters that load the first-use bundle (once) on first access.
 */
const SLOT_CONTENTS = [
  'let shared, loaded;',
  'exports.set = (s) => { shared = s; };',
  `const load = () => (loaded ??= require(${JSON.stringify(`./${FIRST_USE_BUNDLE}.js`)})(shared).modules);`,
  "exports.define = (target, index, names) => { Object.defineProperty(target, '__esModule', { value: true }); for (const name of names) Object.defineProperty(target, name, { enumerable: true, get: () => load()[index][name] }); };",
].join('\n');

/** Resolves each of `modules` to its stand-in, whose exports (`names()`) load the first-use bundle on first access. */
function standIns(root, modules, names) {
  return {
    name: 'first-use-stand-ins',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData?.plain || args.namespace !== 'file') return undefined;
        const path = await resolvedPath(build, args, root);
        return path !== undefined && modules.includes(path) ? { path, namespace: STAND_IN } : undefined;
      });
      build.onResolve({ filter: new RegExp(`^${SLOT}$`) }, () => ({ path: SLOT, namespace: SLOT }));
      build.onLoad({ filter: /.*/, namespace: SLOT }, () => ({ contents: SLOT_CONTENTS, loader: 'js' }));
      build.onResolve({ filter: /^\.\/lib\//, namespace: SLOT }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: STAND_IN }, (args) => ({
        contents: `require(${JSON.stringify(SLOT)}).define(exports, ${modules.indexOf(args.path)}, ${JSON.stringify(names().get(args.path))});`,
        loader: 'js',
      }));
    },
  };
}

/** For each input of `main` that `firstUseOnly` names, an error naming the import that pulled it in. */
function pulledIn(main, firstUseOnly) {
  const listed = (path) =>
    firstUseOnly.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
  const inputs = main.metafile.inputs;
  const reached = entryInputs(main);
  return Object.keys(reached)
    .filter(listed)
    .map((path) => {
      const importer =
        Object.keys(reached).find((from) => !listed(from) && inputs[from]?.imports.some((i) => i.path === path)) ??
        Object.keys(reached).find((from) => inputs[from]?.imports.some((i) => i.path === path));
      return {
        text: `${path} is loaded on first use, but dist/extension.js imports it${importer ? ` (from ${importer})` : ''}: use it from a first-use module (FIRST_USE_MODULES in scripts/firstUseModulePlugin.mjs), or take it off FIRST_USE_ONLY if every session needs it`,
      };
    });
}

/**
 * The plugin for dist/extension.js (`entry`: its source; `modules`, `firstUseOnly`: paths relative to `root`).
 * Builds the first-use bundle beside it at the end of each build, sharing the modules both reach.
 */
export function firstUseModulePlugin({ root, entry, modules = FIRST_USE_MODULES, firstUseOnly = FIRST_USE_ONLY }) {
  return {
    name: 'first-use-module',
    setup(build) {
      const options = build.initialOptions;
      let names = new Map();
      /** Modules of dist/extension.js the first-use bundle reaches, handed over by the entry. */
      let shared = [];
      build.onStart(async () => {
        names = await exportNames(root, modules);
        // What each bundle reaches built without sharing: the shared modules are those in both.
        shared = [];
        const [main, alone] = await Promise.all([
          esbuild.build({
            ...options,
            write: false,
            metafile: true,
            logLevel: 'silent',
            plugins: options.plugins
              .filter((p) => p.name !== 'first-use-module')
              .concat(standIns(root, modules, () => names)),
          }),
          buildFirstUseBundle({ root, outdir: options.outdir, modules, write: false, minify: false }),
        ]);
        const errors = pulledIn(main, firstUseOnly);
        if (errors.length) return { errors };
        const reached = entryInputs(alone);
        shared = Object.keys(entryInputs(main))
          .filter((input) => Object.hasOwn(reached, input) && !input.includes(':'))
          .sort();
        return undefined;
      });
      standIns(root, modules, () => names).setup(build);
      // The entry hands the shared modules' namespaces to the slot.
      const entryPath = resolve(root, entry);
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) =>
        args.path !== entryPath
          ? undefined
          : {
              loader: 'ts',
              contents: [
                readFileSync(args.path, 'utf8'),
                `import { set as __firstUseSet } from ${JSON.stringify(SLOT)};`,
                ...shared.map((m, i) => `import * as __firstUseShared${i} from ${JSON.stringify(resolve(root, m))};`),
                `__firstUseSet([${shared.map((_, i) => `__firstUseShared${i}`).join(', ')}]);`,
              ].join('\n'),
            },
      );
      build.onEnd(async (result) => {
        if (result.errors.length) return;
        const built = await buildFirstUseBundle({
          root,
          outdir: options.outdir,
          modules,
          shared,
          minify: options.minify,
          sourcemap: options.sourcemap,
        });
        result.errors.push(...built.errors);
        if (result.metafile) Object.assign(result.metafile.outputs, built.metafile.outputs);
      });
    },
  };
}
