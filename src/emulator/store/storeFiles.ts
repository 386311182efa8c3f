import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Series, TimeSeriesStore } from './timeSeriesStore';

/** One write in the log: a collection item put/delete, or a telemetry batch for one twin. */
export type LogOp =
  | { c: string; k: string; v?: unknown; d?: 1 }
  | { s: string; t: number[]; v: number[]; e: number[]; c: string | null; x: string | null; p?: Array<[number, Record<string, unknown>]> };

interface SeriesHeader {
  s: string;
  n: number;
  c: string | null;
  x: string | null;
  p?: Array<[number, Record<string, unknown>]>;
}

const CURRENT = 'current';
const LOCK = 'lock';
const WRITE_CHUNK = 1 << 20;

/**
 * The data folder: generation `g` is `snapshot-g.jsonl` (collection items and series headers),
 * `series-g.bin` (float64 times/values/enqueued of each series, in header order) and `log-g.jsonl`
 * (one JSON line per acknowledged write batch). `current` names the live generation and is replaced
 * atomically, so a crash at any moment leaves either the old or the new generation intact.
 */
export class StoreFiles {
  private generation = 0;
  private logFd: number | undefined;
  logBytes = 0;

  private locked = false;

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.lock();
  }

  /** One emulator per folder: `lock` holds the owner's pid; a lock left by a dead process is taken over. */
  private lock(): void {
    const lockPath = path.join(this.dir, LOCK);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
        this.locked = true;
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(`Data folder ${this.dir} is in use by another emulator (process ${owner})`);
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
    if (!Number.isInteger(generation) || generation < 1) throw new Error(`Data folder ${this.dir}: '${CURRENT}' does not name a generation (${JSON.stringify(text)})`);
    this.generation = generation;
    this.loadSnapshot(putItem, seriesFor);
    this.replayLog(replay);
    return true;
  }

  /** Continues appending to the live generation's log (when no compaction was needed at start). */
  openLog(): void {
    const logPath = this.file('log', this.generation, 'jsonl');
    this.logFd = fs.openSync(logPath, 'a');
    this.logBytes = fs.fstatSync(this.logFd).size;
  }

  append(ops: LogOp[]): void {
    if (this.logFd === undefined) throw new Error('The data folder is not open for writing');
    const line = Buffer.from(JSON.stringify({ ops }) + '\n', 'utf8');
    let written = 0;
    while (written < line.length) written += fs.writeSync(this.logFd, line, written);
    fs.fsyncSync(this.logFd);
    this.logBytes += line.length;
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
    const previous = this.generation;
    this.generation = next;
    this.logFd = fs.openSync(logPath, 'a');
    this.logBytes = 0;
    if (previous > 0) {
      for (const [kind, ext] of [['snapshot', 'jsonl'], ['series', 'bin'], ['log', 'jsonl']]) {
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

  private loadSnapshot(putItem: (collection: string, key: string, value: unknown) => void, seriesFor: (twinId: string) => Series): void {
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
      let entry: { ops: LogOp[] };
      try {
        entry = JSON.parse(line) as { ops: LogOp[] };
      } catch (err) {
        // A torn last line is a write that was never acknowledged; anything earlier is corruption.
        if (i >= lines.length - 2) return;
        throw new Error(`Data folder ${this.dir}: log line ${i + 1} is not valid JSON (${(err as Error).message})`);
      }
      for (const op of entry.ops) replay(op);
    });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
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
      for (const a of [s.times, s.values, s.enqueued]) writeAll(fd, new Uint8Array(a.buffer, a.byteOffset, s.length * 8));
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
