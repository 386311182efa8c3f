// What the production safety tests share: the writes in the emulator's log, and the clean-up after each test.
import * as vscode from 'vscode';
import { extensionApi, requests, setSetting } from './explorerHelpers';

/** Reads sent as POST: twin queries and the ticket metadata lists (their writes are PUT and PATCH). */
const POST_READS = /\/(twins(\/ids|\/count)?|tickets\/(categories|job-types|service-needed))$/;

/** The writes in the emulator's request log, as `METHOD path` (reads, token requests and POST queries left out). */
export const writesIn = async (url: string): Promise<string[]> =>
  (await requests(url)).filter((r) => r.method !== 'GET' && !r.path.endsWith('/oauth2/token') && !(r.method === 'POST' && POST_READS.test(r.path))).map((r) => `${r.method} ${r.path}`);

/** After a test: real input again, no error left, confirmWrites at its default, no editor open. */
export async function resetAfterWriteTest(): Promise<void> {
  const api = await extensionApi();
  api.useVsCodeInput();
  api.takeLastError();
  await setSetting('confirmWrites', undefined);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Removes a connection a test added, answering the removal's confirmation. */
export async function removeConnectionIfAny(name: string): Promise<void> {
  const api = await extensionApi();
  if (!api.context.connections.get(name)) return;
  api.useScriptedInput([true]);
  await vscode.commands.executeCommand('buildingTwins.removeConnection', name);
  api.useVsCodeInput();
}
