import { parse } from 'csv-parse/sync';
import type { ImportIssue } from './importTypes';

export interface CsvRow {
  line: number;
  cells: string[];
}
export interface CsvTable {
  header: string[];
  headerLine: number;
  rows: CsvRow[];
  errors: ImportIssue[];
}

/**
 * Parses CSV text (first row = header) keeping the 1-based line where each row starts. Line
 * breaks (CRLF, CR) are normalised to LF first, also inside quoted cells. Rows whose
 * cell count differs from the header become errors; a file-level syntax error (e.g. an unclosed
 * quote) yields no rows and one error.
 */
export function readCsv(text: string, file?: string): CsvTable {
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: '\n',
    }) as Array<{ record: string[]; info: { lines: number }; raw: string }>;
  } catch (e) {
    const err = e as Error & { lines?: number };
    return {
      header: [],
      headerLine: 1,
      rows: [],
      errors: [{ file, line: err.lines ?? 1, message: `CSV syntax error: ${err.message}` }],
    };
  }
  const rows: CsvRow[] = [];
  const errors: ImportIssue[] = [];
  for (const { record, info, raw } of records) {
    const core = raw.replace(/^\n+/, '').replace(/\n$/, '');
    const line = info.lines - (core.match(/\n/g)?.length ?? 0);
    rows.push({ line, cells: record });
  }
  const [first, ...rest] = rows;
  if (!first)
    return {
      header: [],
      headerLine: 1,
      rows: [],
      errors: [{ file, line: 1, message: 'the CSV file is empty (a header row is required)' }],
    };
  const header = first.cells.map((h) => h.trim());
  const body: CsvRow[] = [];
  for (const row of rest) {
    if (row.cells.length !== header.length)
      errors.push({
        file,
        line: row.line,
        message: `expected ${header.length} cells (as in the header), found ${row.cells.length}`,
      });
    else body.push(row);
  }
  const seen = new Set<string>();
  for (const h of header) {
    if (h === '') errors.push({ file, line: first.line, message: 'the header has an empty column name' });
    else if (seen.has(h)) errors.push({ file, line: first.line, message: `the header names column ${h} twice` });
    seen.add(h);
  }
  return { header, headerLine: first.line, rows: body, errors };
}
