// The runs of each request file, newest first, kept in the workspace's state for "Rerun last" and "Run History…".
// A run is kept as which requests ran, where, when and how many succeeded: never a query, body, variable or result,
// so nothing a request sends or receives (tokens, ids of a customer's twins) is stored.

import { systemClock, type Clock } from '../../core/api/clock';

/** One run of a file's requests. */
export interface RequestHistoryRun {
  /** The requests run, by name; empty when the whole file ran. */
  names: string[];
  connection: string;
  /** Epoch ms the run started. */
  at: number;
  ok: number;
  failed: number;
}

/** The part of VS Code's Memento the history uses (workspaceState). */
export interface HistoryState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

const KEY = 'buildingTwins.requestRunHistory';
export const RUNS_PER_FILE = 20;
export const FILES_KEPT = 50;

type Stored = Record<string, RequestHistoryRun[]>;

function isRun(value: unknown): value is RequestHistoryRun {
  const run = value as RequestHistoryRun;
  return (
    !!run &&
    typeof run === 'object' &&
    Array.isArray(run.names) &&
    run.names.every((n) => typeof n === 'string') &&
    typeof run.connection === 'string' &&
    [run.at, run.ok, run.failed].every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

export class RequestRunHistory {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly state: HistoryState,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  /** The file's runs, newest first (entries that are not runs, from an older or damaged state, left out). */
  runs(file: string): RequestHistoryRun[] {
    const stored = this.stored();
    const runs = Object.hasOwn(stored, file) ? stored[file] : undefined;
    return Array.isArray(runs) ? runs.filter(isRun) : [];
  }

  last(file: string): RequestHistoryRun | undefined {
    return this.runs(file)[0];
  }

  /** Adds a run of `file` started now; keeps the newest RUNS_PER_FILE runs of the FILES_KEPT files run last. */
  async record(file: string, run: Omit<RequestHistoryRun, 'at'>): Promise<RequestHistoryRun> {
    const entry: RequestHistoryRun = {
      names: [...run.names],
      connection: run.connection,
      at: this.clock.now(),
      ok: run.ok,
      failed: run.failed,
    };
    const others = Object.entries(this.stored()).filter(([name]) => name !== file);
    const kept: Stored = Object.fromEntries([
      [file, [entry, ...this.runs(file)].slice(0, RUNS_PER_FILE)],
      ...others.slice(0, FILES_KEPT - 1),
    ]);
    await this.state.update(KEY, kept);
    for (const listener of this.listeners) listener();
    return entry;
  }

  /** Calls `listener` after each recorded run; returns a function that stops it. */
  onDidRecord(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private stored(): Stored {
    const value = this.state.get<unknown>(KEY);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};
  }
}
