// The results the panel shows: the requests of the latest run, each pending, failed, or answered with its
// pages. Free of 'vscode' imports.
import type { Json } from '../../../core/api/types';
import type { RequestEntry } from '../../../core/requestFiles/requestFileModel';
import type { RequestOutcome } from '../../../core/requestFiles/requestRunner';
import { resultRows } from '../../../core/requestFiles/resultRows';
import { ResultPages } from '../../../core/requestFiles/resultView';
import type { ResultSummary } from '../../../webviews/requestResults/requestResultsProtocol';

export interface StoredResult {
  id: number;
  entry: RequestEntry;
  connection: string;
  state: ResultSummary['state'];
  error?: string;
  pages?: ResultPages;
  /** The query of the next page, while there is one. */
  next?: Record<string, Json>;
  durationMs?: number;
}

export class RequestResultsStore {
  private results: StoredResult[] = [];
  private nextId = 1;
  file = '';

  /** A new run: its requests, pending. */
  reset(file: string, connection: string, entries: readonly RequestEntry[]): void {
    this.file = file;
    this.results = entries.map((entry) => ({ id: this.nextId++, entry, connection, state: 'pending' }));
  }

  /** A request answered (or failed); undefined when it is not part of the current run. */
  complete(entry: RequestEntry, outcome: RequestOutcome, durationMs: number): StoredResult | undefined {
    const result = this.results.find(
      (r) => r.state === 'pending' && r.entry.index === entry.index && r.entry.name === entry.name,
    );
    if (!result) return undefined;
    result.durationMs = durationMs;
    if (outcome.ok) {
      result.state = 'ok';
      result.pages = new ResultPages(outcome.result);
      result.next = outcome.next;
    } else {
      result.state = 'error';
      result.error = outcome.error;
      if (outcome.result !== undefined) result.pages = new ResultPages(outcome.result);
    }
    return result;
  }

  /** The next page arrived. */
  appendPage(result: StoredResult, outcome: RequestOutcome): void {
    if (!outcome.ok) throw new Error(outcome.error);
    result.pages?.append(outcome.result);
    result.next = outcome.next;
  }

  get(id: unknown): StoredResult {
    const result = this.results.find((r) => r.id === id);
    if (!result) throw new Error(`no result ${String(id)}`); // l10n-exempt: a webview programming error
    return result;
  }

  summaries(): ResultSummary[] {
    return this.results.map((r) => {
      const rows = r.pages ? resultRows(r.pages.result()) : undefined;
      return {
        id: r.id,
        name: r.entry.name,
        operation: r.entry.operation,
        connection: r.connection,
        state: r.state,
        ...(r.error !== undefined ? { error: r.error } : {}),
        ...(rows ? { rows: rows.length } : {}),
        hasMore: r.next !== undefined,
        ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
      };
    });
  }
}
