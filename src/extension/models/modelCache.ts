import * as vscode from 'vscode';
import type { Model } from '../../core/api/types';
import { ModelIndex } from '../../core/dtdl/modelIndex';
import type { ConnectionManager } from '../connections/connectionManager';

interface Entry {
  models: Model[];
  index: ModelIndex;
}

/**
 * The models of each connection, fetched once (with definitions) and indexed as DTDL. Refresh drops
 * the cache of one connection; concurrent callers share the same in-flight request.
 */
export class ModelCache {
  private readonly entries = new Map<string, Promise<Entry>>();
  private readonly invalidated = new vscode.EventEmitter<string | undefined>();
  /** The cache of one connection (its name) or of all (undefined) was dropped: models may have changed. */
  readonly onDidInvalidate = this.invalidated.event;

  constructor(private readonly connections: ConnectionManager) {}

  getModels(connection: string): Promise<Model[]> {
    return this.load(connection).then((e) => e.models);
  }

  getIndex(connection: string): Promise<ModelIndex> {
    return this.load(connection).then((e) => e.index);
  }

  getActiveIndex(): Promise<ModelIndex> {
    return this.getIndex(this.connections.activeName());
  }

  invalidate(connection?: string): void {
    if (connection) this.entries.delete(connection);
    else this.entries.clear();
    this.invalidated.fire(connection);
  }

  private load(connection: string): Promise<Entry> {
    let entry = this.entries.get(connection);
    if (!entry) {
      entry = this.fetch(connection);
      this.entries.set(connection, entry);
      entry.catch(() => this.entries.delete(connection));
    }
    return entry;
  }

  private async fetch(connection: string): Promise<Entry> {
    const client = await this.connections.getClient(connection);
    const models = await client.listModels({ includeModelDefinitions: true });
    return { models, index: ModelIndex.fromServiceModels(models) };
  }
}
