import { TimeSeriesStore, type SeriesPoint, type SeriesUndo } from './timeSeriesStore';
import { StoreFiles, type LogOp, type LogWriter } from './storeFiles';

/**
 * A keyed collection of JSON values. Values are shared, not copied: never mutate a value after
 * `put` or one returned by `get` — put a new object instead (that is what gets logged).
 */
export interface Collection<T> {
  readonly name: string;
  get(key: string): T | undefined;
  has(key: string): boolean;
  /** Outside a batch this is its own durable write. */
  put(key: string, value: T): void;
  delete(key: string): boolean;
  keys(): IterableIterator<string>;
  values(): IterableIterator<T>;
  entries(): IterableIterator<[string, T]>;
  readonly size: number;
}

type Undo =
  | { kind: 'item'; collection: string; key: string; previous: unknown; existed: boolean }
  | { kind: 'series'; undo: SeriesUndo };

export interface StoreOptions {
  /** Folder for the snapshot and the append-only log; in memory only when absent. */
  dataDir?: string;
  /** Compact the log into a snapshot once it grows past this many bytes (default 64 MiB). */
  compactBytes?: number;
  /** The log's file operations (tests inject failing ones). */
  logWriter?: LogWriter;
  /** Told what loading skipped and when a compaction failed; a process warning by default. */
  onWarning?: (message: string) => void;
}

const warnProcess = (message: string): void => process.emitWarning(message, 'DataFolderWarning');

/**
 * The emulator's state: named collections plus per-twin time series. Writes go through `batch`,
 * which applies them in memory, rolls them all back if the function throws, and otherwise appends
 * one log line and fsyncs it before returning (when a data folder is set).
 */
export class Store {
  readonly timeSeries = new TimeSeriesStore();
  private readonly maps = new Map<string, Map<string, unknown>>();
  private readonly views = new Map<string, Collection<unknown>>();
  private pending: { ops: LogOp[]; undo: Undo[] } | undefined;
  private files: StoreFiles | undefined;
  private replaying = false;
  private compactionScheduled = false;

  private constructor(private readonly options: StoreOptions) {}

  /** Opens the store; with a data folder, loads the snapshot and replays the log. `seed` fills a fresh folder (or memory). */
  static open(options: StoreOptions = {}, seed?: (store: Store) => void): Store {
    const store = new Store(options);
    if (!options.dataDir) {
      seed?.(store);
      return store;
    }
    const files = new StoreFiles(options.dataDir, options.logWriter);
    store.replaying = true;
    let loaded = false;
    try {
      loaded = files.load(
        (collection, key, value) => store.map(collection).set(key, value),
        (twinId) => store.timeSeries.ensure(twinId),
        (op) => store.applyOp(op),
      );
      if (!loaded) seed?.(store);
    } catch (err) {
      files.close();
      throw err;
    } finally {
      store.replaying = false;
    }
    for (const warning of files.warnings) store.warn(`Data folder ${options.dataDir}: ${warning}`);
    store.files = files;
    // Compact a fresh folder (writes the seed) or one whose log holds writes; a clean one is reused as is.
    // When that compaction fails (a full disk) the loaded generation stays live and its log is appended to.
    if (!loaded) store.compact();
    else if (files.logBytes === 0) files.openLog();
    else {
      try {
        store.compact();
      } catch (err) {
        store.warn(
          `Data folder ${options.dataDir}: compaction at start failed, continuing with the log as it is: ${(err as Error).message}`,
        );
        files.openLog();
      }
    }
    return store;
  }

  get persistent(): boolean {
    return this.files !== undefined;
  }

  collection<T>(name: string): Collection<T> {
    let view = this.views.get(name);
    if (!view) {
      view = this.makeCollection(name);
      this.views.set(name, view);
    }
    return view as Collection<T>;
  }

  collectionNames(): string[] {
    return [...this.maps.keys()];
  }

  /** Runs `fn` as one atomic, durable write. `fn` must be synchronous. Nested batches join the outer one. */
  batch<R>(fn: () => R): R {
    if (this.pending) return fn();
    this.pending = { ops: [], undo: [] };
    const pending = this.pending;
    let result: R;
    try {
      result = fn();
      if (result instanceof Promise) throw new Error('Store.batch needs a synchronous function');
    } catch (err) {
      this.pending = undefined;
      this.rollback(pending.undo);
      throw err;
    }
    this.pending = undefined;
    if (pending.ops.length && this.files && !this.replaying) {
      try {
        this.files.append(pending.ops);
      } catch (err) {
        this.rollback(pending.undo);
        throw err;
      }
      if (!this.compactionScheduled && this.files.logBytes > (this.options.compactBytes ?? 64 * 1024 * 1024)) {
        this.compactionScheduled = true;
        setImmediate(() => {
          this.compactionScheduled = false;
          try {
            this.compact();
          } catch (err) {
            // The live generation is untouched until the new one is complete: keep logging to it.
            this.warn(
              `Compaction failed, the log keeps growing and compaction is tried again later: ${(err as Error).message}`,
            );
          }
        });
      }
    }
    return result;
  }

  /** Inserts telemetry for one twin (sorted storage; equal times replace). */
  insertPoints(
    twinId: string,
    points: SeriesPoint[],
    meta: { connectorId?: string | null; externalId?: string | null } = {},
  ): void {
    this.batch(() => {
      this.pending!.undo.push({ kind: 'series', undo: this.timeSeries.capture(twinId, points) });
      this.applySeries(twinId, points, meta);
      this.pending!.ops.push({
        s: twinId,
        t: points.map((p) => p.time),
        v: points.map((p) => p.value),
        e: points.map((p) => p.enqueued),
        c: meta.connectorId ?? null,
        x: meta.externalId ?? null,
        p: points.filter((p) => p.properties).map((p) => [p.time, p.properties!] as [number, Record<string, unknown>]),
      });
    });
  }

  /** Writes a snapshot of everything and starts an empty log (no-op in memory). */
  compact(): void {
    this.files?.writeSnapshot(this.maps, this.timeSeries);
  }

  private warn(message: string): void {
    (this.options.onWarning ?? warnProcess)(message);
  }

  close(): void {
    this.files?.close();
    this.files = undefined;
  }

  private applySeries(
    twinId: string,
    points: SeriesPoint[],
    meta: { connectorId?: string | null; externalId?: string | null },
  ): void {
    const series = this.timeSeries.ensure(twinId);
    series.insert(points);
    if (meta.connectorId) series.connectorId = meta.connectorId;
    if (meta.externalId) series.externalId = meta.externalId;
  }

  private applyOp(op: LogOp): void {
    if ('s' in op) {
      const props = new Map(op.p ?? []);
      const points = op.t.map((time, i) => ({ time, value: op.v[i], enqueued: op.e[i], properties: props.get(time) }));
      this.applySeries(op.s, points, { connectorId: op.c, externalId: op.x });
    } else if (op.d) this.map(op.c).delete(op.k);
    else this.map(op.c).set(op.k, op.v);
  }

  private map(name: string): Map<string, unknown> {
    let m = this.maps.get(name);
    if (!m) {
      m = new Map();
      this.maps.set(name, m);
    }
    return m;
  }

  private write(collection: string, key: string, value: unknown, remove: boolean): boolean {
    if (!this.pending && (!this.files || this.replaying)) {
      // Nothing to log and nothing to roll back: a plain in-memory write.
      const m = this.map(collection);
      if (remove) return m.delete(key);
      m.set(key, value);
      return true;
    }
    return this.batch(() => {
      const m = this.map(collection);
      const existed = m.has(key);
      if (remove && !existed) return false;
      this.pending!.undo.push({ kind: 'item', collection, key, previous: m.get(key), existed });
      if (remove) {
        m.delete(key);
        this.pending!.ops.push({ c: collection, k: key, d: 1 });
      } else {
        m.set(key, value);
        this.pending!.ops.push({ c: collection, k: key, v: value });
      }
      return true;
    });
  }

  private rollback(undo: Undo[]): void {
    for (let i = undo.length - 1; i >= 0; i--) {
      const u = undo[i];
      if (u.kind === 'series') this.timeSeries.restore(u.undo);
      else if (u.existed) this.map(u.collection).set(u.key, u.previous);
      else this.map(u.collection).delete(u.key);
    }
  }

  private makeCollection(name: string): Collection<unknown> {
    const store = this;
    const m = () => store.map(name);
    return {
      name,
      get: (key) => m().get(key),
      has: (key) => m().has(key),
      put: (key, value) => void store.write(name, key, value, false),
      delete: (key) => store.write(name, key, undefined, true),
      keys: () => m().keys(),
      values: () => m().values(),
      entries: () => m().entries(),
      get size() {
        return m().size;
      },
    };
  }
}
