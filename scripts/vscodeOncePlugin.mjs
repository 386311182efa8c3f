// esbuild plugin for the extension's bundles: `vscode` stays external and is required once. Marked external the
// plain way, each module's `import * as vscode from 'vscode'` becomes its own __toESM(require("vscode")), a copy
// of every property of the API per importing module (dozens of copies, most of the bundle's load time). Here those
// imports resolve to one module inside the bundle that re-exports the external `vscode`, so the copy is made once.
const NAMESPACE = 'vscode-once';

export const vscodeOncePlugin = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === NAMESPACE ? { path: 'vscode', external: true } : { path: 'vscode', namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: 'export * from "vscode";', loader: 'js' }));
  },
};
