// esbuild plugin for the extension's bundles: `vscode` is required once, and its members are not copied. Marked
// external the plain way, each module's `import * as vscode from 'vscode'` becomes its own __toESM(require("vscode")),
// a copy of every property of the API per importing module. Here those imports resolve to one module inside the
// bundle that takes each value-level name of the API (from @types/vscode) off the object `require("vscode")`
// returns, as a constant: `vscode.window` in a source is a plain variable in the bundle, with no copy at load and no
// getter per use. A name the typings do not have fails the build ("No matching export"); a name VS Code does not
// have is undefined, as a property of the API would be. A plain `require('vscode')` (src/extension/shell/vscodeApi.ts)
// stays external: it gives the API object itself, for the few names newer than the typings.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const NAMESPACE = 'vscode-once';

/** The names of the API that exist at runtime (namespaces, classes, enums, functions, constants), from its typings. */
export function vscodeValueNames() {
  const typings = readFileSync(createRequire(import.meta.url).resolve('@types/vscode/index.d.ts'), 'utf8');
  return [
    ...new Set([...typings.matchAll(/^\texport (?:namespace|class|enum|function|const|let) (\w+)/gm)].map((m) => m[1])),
  ];
}

export const vscodeOncePlugin = {
  name: 'vscode-once',
  setup(build) {
    let contents;
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === NAMESPACE || args.kind === 'require-call'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => {
      contents ??= `const api = require("vscode");\nexport const { ${vscodeValueNames().join(', ')} } = api;\n`;
      return { contents, loader: 'js' };
    });
  },
};
