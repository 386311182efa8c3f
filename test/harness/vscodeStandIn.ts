// A stand-in `vscode` for the artefact tests that load the built extension in a plain `node -e` process.

/**
 * Script source that defines `api` (every top-level name of the API, from its typings, as a callable,
 * constructible, assignable proxy that reads as an empty string), `deep()` (one such proxy) and `only(fixed)` (the fixed members, a proxy for
 * any other), and makes `require('vscode')` return `api`, counting each in `vscodeRequires`.
 */
export const VSCODE_STAND_IN = `
  const deep = () => new Proxy(function () {}, { set: () => true, get: (t, k) => (k === 'prototype' ? {} : k === Symbol.iterator ? function* () {} : k === Symbol.toPrimitive ? () => '' : typeof k === 'symbol' || k === 'then' ? undefined : deep()), construct: () => deep(), apply: () => deep() });
  const only = (fixed) => new Proxy(fixed, { get: (t, k) => (k in t ? t[k] : deep()) });
  const typings = require('node:fs').readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  const api = Object.fromEntries([...typings.matchAll(/^\\texport (?:class|namespace|enum|const|let|function) (\\w+)/gm)].map((m) => [m[1], deep()]));
  let vscodeRequires = 0;
  {
    const Module = require('node:module');
    const load = Module._load;
    Module._load = function (request, ...rest) {
      if (request !== 'vscode') return load.call(this, request, ...rest);
      vscodeRequires++;
      return api;
    };
  }
`;
