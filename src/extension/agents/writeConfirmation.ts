// The confirmation a write tool shows before it runs: the connection (name and URL), the request line and
// exactly the JSON (or JSON Patch) that will be sent, whole however long, with its size. Service and model text
// only ever inside code.

import * as vscode from 'vscode';
import type { PendingWrite } from '../../core/agentTools/agentTool';
import { escapeRawControlInJson, stripControl } from '../../core/untrusted/controlCharacters';
import { outgoingWriteQuestion } from '../../core/writes/requestPreview';

/** A fence longer than any run of backticks in `code`, so the code cannot close it. */
function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}\n`;
}

export function writeConfirmationMessage(
  plan: PendingWrite,
  baseUrl: string | undefined,
): vscode.LanguageModelToolConfirmationMessages {
  const json = escapeRawControlInJson(JSON.stringify(plan.body, null, 2));
  const message = new vscode.MarkdownString();
  message.appendText(vscode.l10n.t('Connection: {0}', stripControl(plan.connection)));
  if (baseUrl) message.appendText(` (${stripControl(baseUrl)})`);
  message.appendMarkdown('\n\n');
  message.appendText(vscode.l10n.t('This will {0}. The request:', stripControl(plan.summary)));
  message.appendMarkdown('\n\n');
  message.appendMarkdown(fenced(`${plan.method} ${stripControl(plan.path)}`, 'http'));
  // Every byte that will be sent is shown (never a cut: a value past it would be sent unseen), and how much there is.
  message.appendText(
    vscode.l10n.t('Body ({0} bytes of JSON, shown whole):', Buffer.byteLength(JSON.stringify(plan.body))),
  );
  message.appendMarkdown('\n\n');
  message.appendMarkdown(fenced(json, 'json'));
  // The same question as the write gate asks for this request (requestPreview.ts), e.g. `Create or replace twin X on "P"?`.
  const question = outgoingWriteQuestion(
    {
      operation: plan.operation,
      method: plan.method,
      path: plan.path,
      url: `${baseUrl ?? ''}${plan.path}`,
      json: plan.body,
    },
    plan.connection,
  );
  return { title: question, message };
}
