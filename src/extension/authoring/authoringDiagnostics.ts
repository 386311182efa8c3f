import * as vscode from 'vscode';
import type { ImportIssue } from '../../core/bulk/importTypes';
import type { SourceText } from '../shell/sourceText';

const SOURCE = 'Building Twins';

/**
 * Problems found in twin drafts, import and telemetry files before (or while) sending, in the Problems
 * panel under "Building Twins". A file's problems are replaced by the next check of that file and
 * dropped when it is edited.
 */
export class AuthoringDiagnostics implements vscode.Disposable {
  private made: { collection: vscode.DiagnosticCollection; subscription: vscode.Disposable } | undefined;

  /** The collection and its listener, made by the first check that shows problems (not at activation). */
  private get collection(): vscode.DiagnosticCollection {
    this.made ??= (() => {
      const collection = vscode.languages.createDiagnosticCollection('Building Twins');
      const subscription = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && collection.has(e.document.uri)) collection.delete(e.document.uri);
      });
      return { collection, subscription };
    })();
    return this.made.collection;
  }

  /** Shows `issues` (matched to sources by file name) on their lines; clears sources without issues. */
  show(
    sources: readonly SourceText[],
    issues: readonly ImportIssue[],
    severity = vscode.DiagnosticSeverity.Error,
  ): void {
    for (const source of sources) {
      if (!source.uri) continue;
      // A line the editor already marks (the JSON schema's "Incorrect type") is not marked a second time.
      const marked = new Set(
        vscode.languages
          .getDiagnostics(source.uri)
          .filter((d) => d.source !== SOURCE && d.severity <= vscode.DiagnosticSeverity.Warning)
          .map((d) => d.range.start.line + 1),
      );
      const mine = issues.filter(
        (i) => (i.file === source.name || (i.file === undefined && sources.length === 1)) && !marked.has(i.line),
      );
      this.collection.set(
        source.uri,
        mine.map((issue) => {
          const d = new vscode.Diagnostic(lineRange(source.text, issue.line), issue.message, severity);
          d.source = SOURCE;
          return d;
        }),
      );
    }
  }

  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.made?.collection.get(uri) ?? [];
  }

  dispose(): void {
    this.made?.subscription.dispose();
    this.made?.collection.dispose();
  }
}

/** The 1-based `line` of `text` without its leading blanks (the first line when out of range). */
function lineRange(text: string, line: number): vscode.Range {
  const lines = text.split(/\r\n|\r|\n/);
  const index = line >= 1 && line <= lines.length ? line - 1 : 0;
  const content = lines[index] ?? '';
  const start = content.length - content.trimStart().length;
  return new vscode.Range(index, start, index, Math.max(start, content.length));
}

/** "file line N: message" lines of a problem list, the first `limit` of them. */
export function issueLines(issues: readonly ImportIssue[], limit = 20): string[] {
  const lines = issues
    .slice(0, limit)
    .map((i) =>
      i.file
        ? vscode.l10n.t('{0} line {1}: {2}', i.file, i.line, i.message)
        : vscode.l10n.t('line {0}: {1}', i.line, i.message),
    );
  if (issues.length > limit) lines.push(vscode.l10n.t('… and {0} more', issues.length - limit));
  return lines;
}
