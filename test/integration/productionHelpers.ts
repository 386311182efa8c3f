// What the production safety tests share: the writes in the emulator's log, and the clean-up after each test.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, extensionApi, requests, setSetting } from './explorerHelpers';

/** Reads sent as POST: twin queries and the ticket metadata lists (their writes are PUT and PATCH). */
// Reads the service answers to a POST: the twin, insight, event and ticket lists (a query string, such as the twin
// list's pageSize, does not make them writes).
const POST_READS =
  /\/(twins(\/ids|\/count)?|insights|events|tickets(\/(categories|job-types|service-needed))?)(\?.*)?$/;

/** The writes in the emulator's request log, as `METHOD path` (reads, token requests and POST queries left out). */
export const writesIn = async (url: string): Promise<string[]> =>
  (await requests(url))
    .filter(
      (r) =>
        r.method !== 'GET' && !r.path.endsWith('/oauth2/token') && !(r.method === 'POST' && POST_READS.test(r.path)),
    )
    .map((r) => `${r.method} ${r.path}`);

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

/**
 * The text "Show Everything" opened beside a confirmation, once its editor is visible: the confirmation asks for it
 * without waiting, so a test waits here before it goes on (or ends), and no editor opens late into the next test.
 */
export async function shownEverything(containing: string): Promise<string> {
  return eventually(() => {
    const editor = vscode.window.visibleTextEditors.find(
      (e) => e.document.uri.path.endsWith('/sent-requests.jsonc') && e.document.getText().includes(containing),
    );
    assert.ok(editor, `Show Everything opened an editor with ${containing}`);
    assert.notEqual(editor.document.uri.scheme, 'untitled', 'read-only, not an editable untitled file');
    return editor.document.getText();
  });
}
