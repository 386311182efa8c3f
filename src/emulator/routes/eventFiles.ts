import { parse } from 'csv-parse/sync';
import type { EventType } from '../../core/api/types';
import { isObject } from '../requestFields';
import { EVENT_FIELDS } from './eventRecords';
import type { FormPart } from './multipart';

/** One event read from an uploaded file, with its 1-based position in the file. */
export interface FileRow {
  row: number;
  item: unknown;
}
export interface ParsedEventFile {
  file: string;
  rows: FileRow[];
  /** File-level problem (row 0); the file's rows are then empty. */ error?: string;
}

const FIELD_BY_LOWER = new Map<string, string>(EVENT_FIELDS.map((f) => [f.toLowerCase(), f]));

function looksLikeJson(part: FormPart): boolean {
  const type = (part.contentType ?? '').toLowerCase();
  const name = (part.fileName ?? '').toLowerCase();
  if (type.includes('json') || name.endsWith('.json')) return true;
  if (type.includes('csv') || name.endsWith('.csv')) return false;
  const first = part.content
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  return first === '[' || first === '{';
}

/**
 * Reads one `files` part: a JSON array of events (or one event object), or CSV whose header row
 * names event fields (case-insensitive). In CSV, empty cells are absent, `eventTypeId` may be the
 * type's number or name, and `scalarValue` is a number.
 */
export function readEventFile(part: FormPart, index: number, types: readonly EventType[]): ParsedEventFile {
  const file = part.fileName || `files[${index}]`;
  const text = part.content.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return { file, rows: [], error: 'The file is empty.' };
  if (looksLikeJson(part)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return { file, rows: [], error: `The file is not valid JSON: ${(err as Error).message}` };
    }
    const items = Array.isArray(value) ? value : isObject(value) ? [value] : undefined;
    if (!items) return { file, rows: [], error: 'A JSON file must hold an array of events (or one event object).' };
    return { file, rows: items.map((item, i) => ({ row: i + 1, item })) };
  }
  let records: Array<{ record: Record<string, string>; info: { records: number } }>;
  try {
    records = parse(text, { columns: true, info: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    return { file, rows: [], error: `The file is not valid CSV: ${(err as Error).message}` };
  }
  const header = records.length > 0 ? Object.keys(records[0].record) : [];
  const unknown = header.filter((column) => !FIELD_BY_LOWER.has(column.toLowerCase()));
  if (unknown.length > 0)
    return {
      file,
      rows: [],
      error: `Unknown CSV column(s): ${unknown.join(', ')}. Known columns: ${EVENT_FIELDS.join(', ')}.`,
    };
  return { file, rows: records.map(({ record, info }) => ({ row: info.records, item: csvEvent(record, types) })) };
}

function csvEvent(record: Record<string, string>, types: readonly EventType[]): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  for (const [column, cell] of Object.entries(record)) {
    if (cell === undefined || cell === '') continue;
    const name = FIELD_BY_LOWER.get(column.toLowerCase())!;
    if (name === 'eventTypeId') {
      const byName = types.find((t) => t.name.toLowerCase() === cell.toLowerCase());
      event[name] = byName ? byName.id : /^-?\d+$/.test(cell) ? Number(cell) : cell;
    } else if (name === 'scalarValue') {
      event[name] = cell.trim() !== '' && Number.isFinite(Number(cell)) ? Number(cell) : cell;
    } else event[name] = cell;
  }
  return event;
}
