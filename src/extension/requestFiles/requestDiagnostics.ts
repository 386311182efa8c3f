// Every problem Run would refuse a request file for, at its place, while typing: what the JSON Schema
// cannot see (unknown variables, names used twice, writes without consent, values a variable gives the
// wrong type) and what it sees too.

import * as vscode from 'vscode';
import type { ParsedRequestCache } from './requestDocuments';
import { isRequestDocument } from './requestFileName';

const SETTLE_MS = 250;

export class RequestDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('buildingTwins.requests');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly cache: ParsedRequestCache) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((d) => this.update(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.updateSoon(e.document)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
    ];
    for (const document of vscode.workspace.textDocuments) this.update(document);
  }

  private updateSoon(document: vscode.TextDocument): void {
    if (!isRequestDocument(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.update(document);
      }, SETTLE_MS),
    );
  }

  update(document: vscode.TextDocument): void {
    if (!isRequestDocument(document)) return;
    // JSON syntax errors are the JSON language support's to show: reported here too, each would show twice.
    const problems = this.cache.get(document).problems.filter((p) => !p.syntax);
    this.collection.set(
      document.uri,
      problems.map((p) => {
        const range = new vscode.Range(
          document.positionAt(p.offset),
          document.positionAt(p.offset + Math.max(1, p.length)),
        );
        const diagnostic = new vscode.Diagnostic(range, p.message, vscode.DiagnosticSeverity.Error);
        diagnostic.source = 'Building Twins';
        return diagnostic;
      }),
    );
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}
