import * as vscode from 'vscode';
import { readOpenInsights, type OpenInsightsSummary } from '../../core/api/openInsights';
import type { ConnectionManager } from '../connections/connectionManager';

/**
 * The open insights of each connection by twin, read once (a few pages of POST /insights) when a twin row first
 * needs them and kept until the connection's explorer is refreshed. Concurrent callers share the read.
 */
export class OpenInsightsCache implements vscode.Disposable {
  private readonly entries = new Map<string, Promise<OpenInsightsSummary>>();
  private readonly done = new Map<string, OpenInsightsSummary>();
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  /** A connection's summary (its name) or every summary (undefined) was read or dropped. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly connections: Pick<ConnectionManager, 'getClient'>) {}

  /** The connection's summary, read on first use. */
  of(connection: string): Promise<OpenInsightsSummary> {
    let entry = this.entries.get(connection);
    if (!entry) {
      entry = this.connections.getClient(connection).then((client) => readOpenInsights(client));
      this.entries.set(connection, entry);
      entry.then(
        (summary) => {
          if (this.entries.get(connection) !== entry) return;
          this.done.set(connection, summary);
          this.changed.fire(connection);
        },
        () => this.entries.delete(connection),
      );
    }
    return entry;
  }

  /** The summary when it has been read, without reading. */
  known(connection: string): OpenInsightsSummary | undefined {
    return this.done.get(connection);
  }

  /** Drops one connection's summary (or all): the next twin row that asks reads them again. */
  forget(connection?: string): void {
    if (connection === undefined) {
      this.entries.clear();
      this.done.clear();
    } else {
      this.entries.delete(connection);
      this.done.delete(connection);
    }
    this.changed.fire(connection);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
