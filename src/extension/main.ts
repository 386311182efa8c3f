// The extension's entry (package.json "main"): the bundle dist/extension.js, loaded through V8's code cache
// (startup/cachedBundle.ts). The cache is saved once activate() has returned, so it holds what activation compiled.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { loadCachedBundle } from './startup/cachedBundle';

interface ExtensionBundle {
  activate(context: vscode.ExtensionContext): unknown;
  deactivate(): Promise<void>;
}

const bundle = loadCachedBundle<ExtensionBundle>(join(__dirname, 'extension.js'), join(__dirname, '.code-cache'));

export function activate(context: vscode.ExtensionContext): unknown {
  try {
    return bundle.exports.activate(context);
  } finally {
    setImmediate(() => bundle.save());
  }
}

export function deactivate(): Promise<void> {
  return bundle.exports.deactivate();
}

/** Whether this window's extension was compiled from the code cache (the activation benchmark reports it). */
export function codeCacheState(): string {
  return bundle.state;
}
