// The `vscode` API object itself, for the few names newer than @types/vscode (which stays at the oldest VS Code the
// extension supports): they are looked up on it at runtime. Everywhere else, `import * as vscode from 'vscode'`.
import type * as vscode from 'vscode';

// A plain require: the bundles keep it as is (scripts/vscodeOncePlugin.mjs), so this is the object VS Code hands out.
export const vscodeApi = require('vscode') as typeof vscode;
