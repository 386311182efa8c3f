import * as fs from 'node:fs';
import * as path from 'node:path';
import { currentOwner, formatOwner, ownerAlive, parseOwner } from './folderLock';
import type { Series, TimeSeriesStore } from './timeSeriesStore';

/** One write in the log: a collection item put/delete, or a telemetry batch for one twin. */
export type LogOp =
  | { c: string; k: string; v?: unknown; d?: 1 }
  | {
      s: string;
      t: number[];
      v: number[];
      e: number[];
      c: string | null;
      x: string | null;
      p?: Array<[number, Record<string, unknown>]>;
    };

interface SeriesHeader {
  s: string;
  n: number;
  c: string | null;
  x: string | null;
  p?: Array<[number, Record<string, unknown>]>;
}

/**
 * The file operations of an append, replaceable to inject faults (a full disk, an I/O error). `write`
 * appends bytes from `offset` of `data` and returns how many it wrote, as fs.writeSync does.
 */
export interface LogWriter {
  write(fd: number, data: Uint8Array, offset: number): number;
  sync(fd: number): void;
  truncate(fd: number, length: number): void;
}

export const FILE_SYSTEM_LOG_WRITER: LogWriter = {
  write: (fd, data, offset) => fs.writeSync(fd, data, offset),
  sync: (fd) => fs.fsyncSync(fd),
  truncate: (fd, length) => fs.ftruncateSync(fd, length),
};

const CURRENT = 'current';
const LOCK = 'lock';
const WRITE_CHUNK = 1 << 20;

/**
 * The data folder: generation `g` is `snapshot-g.jsonl` (collection items and series headers),
 * `series-g.bin` (float64 times/values/enqueued of each series, in header order) and `log-g.jsonl`
 * (one JSON line per acknowledged write batch). `current` names the live generation and is replaced
 * atomically, so a crash at any moment leaves either the old or the new generation intact.
 *
 * A failed append (disk full, I/O error) is cut off again, so the log ends with the last acknowledged
 * write and the next one starts on a line of its own. While the cut-off itself fails, writes are
 * refused rather than appended after the torn bytes.
 */
export class StoreFiles {
  private generation = 0;
  private logFd: number | undefined;
  logBytes = 0;
  /** Set while the log holds bytes of a failed append past `logBytes` that could not be cut off yet. */
  private torn = false;
  /** What loading had to skip (torn writes that were never acknowledged). */
  readonly warnings: string[] = [];

  private locked = false;

  constructor(
    private readonly dir: string,
    private readonly writer: LogWriter = FILE_SYSTEM_LOG_WRITER,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.lock();
  }

  /** One emulator per folder: `lock` names the owner; a lock left by a process that no longer runs is taken over. */
  private lock(): void {
    const lockPath = path.join(this.dir, LOCK);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(lockPath, formatOwner(currentOwner()), { flag: 'wx' });
        this.locked = true;
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = parseOwner(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner.pid !== process.pid && ownerAlive(owner)) {
        throw new Error(`Data folder ${this.dir} is in use by another emulator (process ${owner.pid})`);
      }
      fs.rmSync(lockPath, { force: true });
    }
    throw new Error(`Data folder ${this.dir}: could not take the lock`);
  }

  /** Loads the live generation; false when the folder holds no data yet. */
  load(
    putItem: (collection: string, key: string, value: unknown) => void,
    seriesFor: (twinId: string) => Series,
    replay: (op: LogOp) => void,
  ): boolean {
    const currentPath = path.join(this.dir, CURRENT);
    if (!fs.existsSync(currentPath)) return false;
    const text = fs.readFileSync(currentPath, 'utf8').trim();
    const generation = Number(text);
    if (!Number.isInteger(generation) || generation < 1)
      throw new Error(`Data folder ${this.dir}: '${CURRENT}' does not name a generation (${JSON.stringify(text)})`);
    this.generation = generation;
    this.loadSnapshot(putItem, seriesFor);
    this.replayLog(replay);
    return true;
  }

  /**
   * Continues appending to the live generation's log (when no compaction was needed, or possible, at
   * start), first cutting off a torn write that loading skipped.
   */
  openLog(): void {
    const logPath = this.file('log', this.generation, 'jsonl');
    this.logFd = fs.openSync(logPath, 'a');
    if (fs.fstatSync(this.logFd).size > this.logBytes) this.cutBack(this.logFd);
  }

  /** Appends one write batch and syncs it; on failure the log is cut back to where it was, and the error thrown. */
  append(ops: LogOp[]): void {
    const fd = this.logFd;
    if (fd === undefined) throw new Error('The data folder is not open for writing');
    if (this.torn) this.cutBack(fd);
    const line = Buffer.from(JSON.stringify({ ops }) + '\n', 'utf8');
    try {
      let written = 0;
      while (written < line.length) written += this.writer.write(fd, line, written);
      this.writer.sync(fd);
    } catch (err) {
      this.torn = true;
      try {
        this.cutBack(fd);
      } catch {
        // Still torn: the next append tries again before writing, and refuses to write if it cannot.
      }
      throw err;
    }
    this.logBytes += line.length;
  }

  /** Truncates the log to its last acknowledged write (`logBytes`). */
  private cutBack(fd: number): void {
    try {
      this.writer.truncate(fd, this.logBytes);
      this.writer.sync(fd);
    } catch (err) {
      throw new Error(
        `Data folder ${this.dir}: the log could not be cut back after a failed write, so nothing more is written (${(err as Error).message})`,
      );
    }
    this.torn = false;
  }

  /** Writes generation g+1 from memory, switches `current` to it, then removes generation g. */
  writeSnapshot(maps: Map<string, Map<string, unknown>>, timeSeries: TimeSeriesStore): void {
    const next = this.generation + 1;
    const snapshotPath = this.file('snapshot', next, 'jsonl');
    const seriesPath = this.file('series', next, 'bin');
    writeWith(snapshotPath, (write) => {
      for (const [collection, items] of maps) {
        for (const [k, v] of items) write(JSON.stringify({ c: collection, k, v }) + '\n');
      }
      for (const [twinId, s] of timeSeries.entries()) {
        const header: SeriesHeader = { s: twinId, n: s.length, c: s.connectorId, x: s.externalId };
        if (s.properties.size) header.p = [...s.properties];
        write(JSON.stringify(header) + '\n');
      }
    });
    writeBinary(seriesPath, timeSeries);
    const logPath = this.file('log', next, 'jsonl');
    fs.closeSync(fs.openSync(logPath, 'w'));
    const tmp = path.join(this.dir, `${CURRENT}.tmp`);
    fs.writeFileSync(tmp, String(next));
    fsyncPath(tmp);
    fs.renameSync(tmp, path.join(this.dir, CURRENT));
    fsyncPath(this.dir);
    if (this.logFd !== undefined) fs.closeSync(this.logFd);
    this.logFd = undefined;
    const previous = this.generation;
    this.generation = next;
    this.logFd = fs.openSync(logPath, 'a');
    this.logBytes = 0;
    if (previous > 0) {
      for (const [kind, ext] of [
        ['snapshot', 'jsonl'],
        ['series', 'bin'],
        ['log', 'jsonl'],
      ]) {
        fs.rmSync(this.file(kind, previous, ext), { force: true });
      }
    }
  }

  close(): void {
    if (this.logFd !== undefined) fs.closeSync(this.logFd);
    this.logFd = undefined;
    if (this.locked) fs.rmSync(path.join(this.dir, LOCK), { force: true });
    this.locked = false;
  }

  private file(kind: string, generation: number, ext: string): string {
    return path.join(this.dir, `${kind}-${generation}.${ext}`);
  }

  private loadSnapshot(
    putItem: (collection: string, key: string, value: unknown) => void,
    seriesFor: (twinId: string) => Series,
  ): void {
    const snapshotPath = this.file('snapshot', this.generation, 'jsonl');
    const headers: SeriesHeader[] = [];
    for (const line of fs.readFileSync(snapshotPath, 'utf8').split('\n')) {
      if (!line) continue;
      const record = JSON.parse(line) as { c: string; k: string; v: unknown } | SeriesHeader;
      if ('s' in record) headers.push(record);
      else putItem(record.c, record.k, record.v);
    }
    const fd = fs.openSync(this.file('series', this.generation, 'bin'), 'r');
    try {
      let position = 0;
      for (const h of headers) {
        const arrays = [0, 1, 2].map(() => {
          const a = new Float64Array(Math.max(16, h.n));
          const bytes = h.n * 8;
          let read = 0;
          while (read < bytes) {
            const got = fs.readSync(fd, new Uint8Array(a.buffer, read, bytes - read), 0, bytes - read, position + read);
            if (got === 0) throw new Error(`Data folder ${this.dir}: series file is shorter than its index`);
            read += got;
          }
          position += bytes;
          return a;
        });
        const series = seriesFor(h.s);
        series.adopt(arrays[0], arrays[1], arrays[2], h.n);
        series.connectorId = h.c;
        series.externalId = h.x;
        series.properties = new Map(h.p ?? []);
      }
    } finally {
      fs.closeSync(fd);
    }
  }

  private replayLog(replay: (op: LogOp) => void): void {
    const logPath = this.file('log', this.generation, 'jsonl');
    if (!fs.existsSync(logPath)) return;
    const text = fs.readFileSync(logPath, 'utf8');
    this.logBytes = Buffer.byteLength(text);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!line) return;
      const entry = readLogLine(line);
      if (entry.ops) {
        if (entry.tornBytes)
          this.warnings.push(
            `log line ${i + 1}: skipped ${entry.tornBytes} bytes of a write that failed before the next one`,
          );
        for (const op of entry.ops) replay(op);
        return;
      }
      // A torn last line is a write that was never acknowledged; anything earlier is corruption.
      if (i < lines.length - 2)
        throw new Error(`Data folder ${this.dir}: log line ${i + 1} is not valid JSON (${entry.error})`);
      this.warnings.push(
        `log line ${i + 1}: skipped a write that was cut off (${Buffer.byteLength(line)} bytes, never acknowledged)`,
      );
      this.logBytes = i > 0 ? Buffer.byteLength(lines.slice(0, i).join('\n')) + 1 : 0;
    });
  }
}

const RECORD_START = '{"ops":';

/**
 * One log line: its write batch, or why it is not one. A line that does not parse but ends with a
 * whole record is a failed append with an acknowledged write glued to it (as logs written before
 * failed appends were cut off can hold): the record is kept and the torn bytes before it counted.
 * Inside JSON strings `"` is always escaped, so a record can only start where `{"ops":` is.
 */
function readLogLine(line: string): { ops?: LogOp[]; tornBytes?: number; error?: string } {
  try {
    return { ops: (JSON.parse(line) as { ops: LogOp[] }).ops };
  } catch (err) {
    for (let at = line.indexOf(RECORD_START, 1); at > 0; at = line.indexOf(RECORD_START, at + 1)) {
      try {
        const entry = JSON.parse(line.slice(at)) as { ops?: unknown };
        if (Array.isArray(entry?.ops))
          return { ops: entry.ops as LogOp[], tornBytes: Buffer.byteLength(line.slice(0, at)) };
      } catch {
        // not the start of the acknowledged record: look further
      }
    }
    return { error: (err as Error).message };
  }
}

function writeWith(file: string, produce: (write: (text: string) => void) => void): void {
  const fd = fs.openSync(file, 'w');
  try {
    let chunk: string[] = [];
    let size = 0;
    const flush = () => {
      if (!chunk.length) return;
      writeAll(fd, Buffer.from(chunk.join(''), 'utf8'));
      chunk = [];
      size = 0;
    };
    produce((text) => {
      chunk.push(text);
      size += text.length;
      if (size >= WRITE_CHUNK) flush();
    });
    flush();
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeBinary(file: string, timeSeries: TimeSeriesStore): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const [, s] of timeSeries.entries()) {
      for (const a of [s.times, s.values, s.enqueued])
        writeAll(fd, new Uint8Array(a.buffer, a.byteOffset, s.length * 8));
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeAll(fd: number, data: Uint8Array): void {
  let written = 0;
  while (written < data.length) written += fs.writeSync(fd, data, written);
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  } finally {
    fs.closeSync(fd);
  }
}
