// What the CLI prints: JSON by default, a plain text table with --table. Service text never reaches the
// terminal as control: JSON escapes it, the table strips it.

import { isObject, pickText } from '../core/dtdl/dtdlText';
import { resultRows } from '../core/requestFiles/resultRows';
import { escapeRawControlInJson, stripControl } from '../core/untrusted/controlCharacters';

const MAX_CELL = 48;
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

/** A DTDL language map (`{"en": "Air handling unit"}`) as its display text (English, else the first); else undefined. */
function languageMapText(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value);
  if (!entries.length || !entries.every(([tag, text]) => LANGUAGE_TAG.test(tag) && typeof text === 'string'))
    return undefined;
  return pickText(value as Record<string, string>);
}

/** Whether a value fits one cell: a scalar, or a language map (shown as its text). */
function isCellValue(value: unknown): boolean {
  return value === null || typeof value !== 'object' || languageMapText(value) !== undefined;
}

/** Pretty JSON with a trailing newline; control characters inside strings are written as escapes. */
export function formatJson(data: unknown): string {
  return `${escapeRawControlInJson(JSON.stringify(data, null, 2))}\n`;
}

/** One line of printable text for a table: escape sequences and control characters removed, clipped. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? (languageMapText(value) ?? JSON.stringify(value)) : String(value);
  const flat = stripControl(text, { keepLayout: true }).replace(/\s+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** `a.b` reads a nested field (e.g. `ticketStatus.name`). */
function pick(o: Record<string, unknown>, key: string): unknown {
  if (key in o) return o[key];
  return key
    .split('.')
    .reduce<unknown>((v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), o);
}

function layout(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

/**
 * Arrays (and pages) become one row per item with the given columns (dotted paths allowed), or the
 * scalar fields found in the items; a single record becomes field/value rows. A language map is shown as its text.
 */
export function formatTable(data: unknown, columns?: string[]): string {
  const rows = resultRows(data);
  if (rows) {
    if (!rows.length) return '(none)\n';
    const objects = rows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : { value: r }));
    const keys =
      columns ?? [...new Set(objects.flatMap((o) => Object.keys(o).filter((k) => isCellValue(o[k]))))].slice(0, 8);
    const body = layout(
      keys.map(cell),
      objects.map((o) => keys.map((k) => cell(pick(o, k)))),
    );
    const extra = data && !Array.isArray(data) ? summaryLine(data as Record<string, unknown>) : '';
    return body + extra;
  }
  if (data && typeof data === 'object') {
    return layout(
      ['field', 'value'],
      Object.entries(data as Record<string, unknown>).map(([k, v]) => [cell(k), cell(v)]),
    );
  }
  return `${cell(data)}\n`;
}

function summaryLine(page: Record<string, unknown>): string {
  const parts = ['total', 'before', 'after', 'continuationToken', 'omitted']
    .filter(
      (k) => page[k] !== undefined && page[k] !== null && !(Array.isArray(page[k]) && !(page[k] as unknown[]).length),
    )
    .map((k) => `${k}: ${cell(page[k])}`);
  return parts.length ? `${parts.join('  ')}\n` : '';
}
