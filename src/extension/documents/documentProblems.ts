// What a document about to be sent shows as errors (the JSON schema's "Incorrect type. Expected "integer".", ...):
// the user is asked before such a document is sent, never after the service refused it.
import * as vscode from 'vscode';
import { problemCount } from '../shell/countWords';
import type { UserInput } from '../shell/userInput';
import { WriteNotSentError } from '../shell/writeNotSent';

/** Problems listed in the question; the rest are counted. */
const LISTED = 5;

/**
 * The problems VS Code shows for `uri` that make a send doubtful, first line first: errors and warnings (VS Code's
 * JSON service reports a value its schema refuses, "Incorrect type. Expected "integer".", as a warning).
 */
function documentErrors(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning)
    .sort((a, b) => a.range.start.compareTo(b.range.start));
}

/** A problem as the question lists it: its 1-based line and what is wrong. */
export interface LineProblem {
  line: number;
  message: string;
}

/**
 * Before the content of `uri` is sent: when the editor shows errors for it, or `more` problems were found (values a
 * model refuses), asks "N problems — send anyway?" with the first of them (Send anyway / Show Problems), each line
 * once. Anything but "Send anyway" throws "Not sent" and nothing is sent; "Show Problems" opens the Problems panel.
 */
export async function confirmDespiteProblems(
  input: Pick<UserInput, 'choose'>,
  uri: vscode.Uri,
  subject: string,
  more: readonly LineProblem[] = [],
): Promise<void> {
  const shown: LineProblem[] = documentErrors(uri).map((d) => ({
    line: d.range.start.line + 1,
    message: d.message.replace(/\s+/g, ' '),
  }));
  const marked = new Set(shown.map((p) => p.line));
  const problems = [...shown, ...more.filter((p) => !marked.has(p.line))].sort((a, b) => a.line - b.line);
  if (!problems.length) return;
  const sendAnyway = vscode.l10n.t('Send anyway');
  const showProblems = vscode.l10n.t('Show Problems');
  const lines = problems.slice(0, LISTED).map((p) => vscode.l10n.t('line {0}: {1}', p.line, p.message));
  if (problems.length > LISTED) lines.push(vscode.l10n.t('… and {0} more', problems.length - LISTED));
  const answer = await input.choose(vscode.l10n.t('{0} in {1}. Send anyway?', problemCount(problems.length), subject), {
    detail: `${lines.join('\n')}\n\n${vscode.l10n.t('The service will probably refuse it.')}`,
    choices: [sendAnyway, showProblems],
  });
  if (answer === sendAnyway) return;
  if (answer === showProblems) await vscode.commands.executeCommand('workbench.actions.view.problems');
  throw new WriteNotSentError(
    vscode.l10n.t('Not sent: {0} in {1}. Your edits are still in the editor.', problemCount(problems.length), subject),
  );
}
