// What a document about to be sent shows as errors (the JSON schema's "Incorrect type. Expected "integer".", ...):
// the user is asked before such a document is sent, never after the service refused it.
import * as vscode from 'vscode';
import { problemCount } from '../shell/countWords';
import type { UserInput } from '../shell/userInput';
import { WriteNotSentError } from './writeNotSent';

/** Problems listed in the question; the rest are counted. */
const LISTED = 5;

/**
 * The problems VS Code shows for `uri` that make a send doubtful, first line first: errors and warnings (VS Code's
 * JSON service reports a value its schema refuses, "Incorrect type. Expected "integer".", as a warning).
 */
export function documentErrors(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning)
    .sort((a, b) => a.range.start.compareTo(b.range.start));
}

/**
 * Before the content of `uri` is sent: when the editor shows errors for it, asks "N problems — send anyway?" with
 * the first of them (Send anyway / Show Problems). Anything but "Send anyway" throws "Not sent" and nothing is sent;
 * "Show Problems" opens the Problems panel.
 */
export async function confirmDespiteProblems(
  input: Pick<UserInput, 'choose'>,
  uri: vscode.Uri,
  subject: string,
): Promise<void> {
  const errors = documentErrors(uri);
  if (!errors.length) return;
  const sendAnyway = vscode.l10n.t('Send anyway');
  const showProblems = vscode.l10n.t('Show Problems');
  const lines = errors
    .slice(0, LISTED)
    .map((d) => vscode.l10n.t('line {0}: {1}', d.range.start.line + 1, d.message.replace(/\s+/g, ' ')));
  if (errors.length > LISTED) lines.push(vscode.l10n.t('… and {0} more', errors.length - LISTED));
  const answer = await input.choose(vscode.l10n.t('{0} in {1}. Send anyway?', problemCount(errors.length), subject), {
    detail: `${lines.join('\n')}\n\n${vscode.l10n.t('The service will probably refuse it.')}`,
    choices: [sendAnyway, showProblems],
  });
  if (answer === sendAnyway) return;
  if (answer === showProblems) await vscode.commands.executeCommand('workbench.actions.view.problems');
  throw new WriteNotSentError(
    vscode.l10n.t('Not sent: {0} in {1}. Your edits are still in the editor.', problemCount(errors.length), subject),
  );
}
