// Registers the editor features of twin request files: Run / Run all / Rerun last above the requests, completion from the
// live service, and the file's problems as diagnostics. Registered when the first request file opens
// (requestFileActivation.ts).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../shell/services';
import { RequestCodeLensProvider } from './requestCodeLensProvider';
import { RequestCompletionProvider } from './requestCompletionProvider';
import { RequestDiagnostics } from './requestDiagnostics';
import { ParsedRequestCache } from './requestDocuments';
import { REQUEST_FILE_SELECTOR } from './requestFileName';

export function registerRequestFiles(
  services: Pick<ExtensionServices, 'connections' | 'log' | 'models' | 'requestResults'>,
): vscode.Disposable[] {
  const cache = new ParsedRequestCache();
  const codeLens = new RequestCodeLensProvider(cache, services.connections, services.requestResults.history);
  const completion = new RequestCompletionProvider(services, cache);
  return [
    codeLens,
    completion,
    new RequestDiagnostics(cache),
    vscode.languages.registerCodeLensProvider(REQUEST_FILE_SELECTOR, codeLens),
    vscode.languages.registerCompletionItemProvider(REQUEST_FILE_SELECTOR, completion, '"'),
  ];
}
