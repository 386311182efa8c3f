// The editor features of twin request files (requestFileFeatures.ts) are registered when the
// first request file is open: at once if one is open at activation, else when one opens.
import * as vscode from 'vscode';
import { isRequestDocument } from './requestFileName';

/** Runs `register` once, when a request file is first among the open documents; disposing disposes what it registered. */
export function whenRequestFileOpens(register: () => vscode.Disposable[]): vscode.Disposable {
  let registered: vscode.Disposable[] = [];
  let listener: vscode.Disposable | undefined;
  const start = (): void => {
    listener?.dispose();
    listener = undefined;
    registered = register();
  };
  if (vscode.workspace.textDocuments.some(isRequestDocument)) start();
  else
    listener = vscode.workspace.onDidOpenTextDocument((document) => {
      if (isRequestDocument(document)) start();
    });
  return new vscode.Disposable(() => {
    listener?.dispose();
    for (const disposable of registered) disposable.dispose();
  });
}
