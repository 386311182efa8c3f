import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The outcome of one item, kept between runs so a re-run skips what is done. */
export interface ReportEntry {
  kind: 'twin' | 'relationship';
  file?: string;
  line: number;
  status: 'done' | 'failed';
  attempts: number;
  /** Digest of the item as sent: a changed item is sent again even if an earlier version is done. */
  hash?: string;
  error?: string;
  at: string;
}

export interface ImportReport {
  format: 'building-twins-import-report';
  version: 1;
  createdAt: string;
  updatedAt: string;
  /** By item key (`twin:<id>`, `relationship:[...]`). */
  items: Record<string, ReportEntry>;
}

/** Where a report lives between runs. */
export interface ReportStore {
  load(): Promise<ImportReport | undefined>;
  save(report: ImportReport): Promise<void>;
}

/** Short digest of an item's JSON, stored in the report to notice edited items. */
export function itemHash(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

/** The item is done in the report, and was sent as it is now (an edited item is sent again). */
export function doneInReport(report: ImportReport, key: string, hash: string): boolean {
  const previous = Object.hasOwn(report.items, key) ? report.items[key] : undefined;
  return previous?.status === 'done' && (previous.hash === undefined || previous.hash === hash);
}

export function newReport(now: Date): ImportReport {
  const at = now.toISOString();
  return { format: 'building-twins-import-report', version: 1, createdAt: at, updatedAt: at, items: {} };
}

export function summarizeReport(report: ImportReport): { done: number; failed: number } {
  let done = 0;
  let failed = 0;
  for (const e of Object.values(report.items))
    if (e.status === 'done') done++;
    else failed++;
  return { done, failed };
}

/** A report read back from its JSON text; `name` (the file's) is in the error when it is not one. */
export function parseReport(text: string, name: string): ImportReport {
  let report: ImportReport;
  try {
    report = JSON.parse(text) as ImportReport;
  } catch {
    throw new Error(`${name} is not an import report (not JSON)`);
  }
  if (report?.format !== 'building-twins-import-report' || typeof report.items !== 'object' || report.items === null)
    throw new Error(`${name} is not an import report`);
  return report;
}

/** `<folder>/<name without extension>.import-report.json` next to the (first) input file. */
export function reportPathFor(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.import-report.json`);
}

/** A JSON report file, written atomically (temporary file + rename). A missing file is an empty report. */
export function fileReportStore(file: string): ReportStore {
  return {
    async load() {
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
      return parseReport(text, path.basename(file));
    },
    async save(report) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(report, null, 1));
      await fs.rename(tmp, file);
    },
  };
}

/** A snapshot of a report: entries are replaced, never mutated, so copying the map is enough. */
function snapshot(report: ImportReport): ImportReport {
  return { ...report, items: { ...report.items } };
}

/** An in-memory store (tests, or callers that persist the report themselves). */
export function memoryReportStore(initial?: ImportReport): ReportStore & { current?: ImportReport } {
  const store: ReportStore & { current?: ImportReport } = {
    current: initial && snapshot(initial),
    async load() {
      return store.current && snapshot(store.current);
    },
    async save(report) {
      store.current = snapshot(report);
    },
  };
  return store;
}
