// CSV for every export (RFC 4180: comma-separated, CRLF line ends, quoted where needed). Text from a service may
// look like a formula (`=HYPERLINK(…)`, `@SUM(…)`): a spreadsheet would run it when the file is opened, so such a
// cell is written as text, with a leading apostrophe, and quoted, so no spreadsheet reads it as anything else.

export type CsvCell = string | number | boolean | null | undefined;

/**
 * What a spreadsheet may take for a formula or a command: a formula sign first (ASCII or full-width), also after
 * leading blanks (some spreadsheets trim them), or a tab or line break first.
 */
const FORMULA_LIKE = /^(?:[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;

/** One field: numbers and booleans as they are, empty for null; text defused and quoted when it needs to be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (FORMULA_LIKE.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell as read back: the apostrophe `csvCell` put before formula-like text is dropped. */
export function unguardedCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text;
}

/** A whole file: a header row, then the rows, each line ended by CRLF. */
export function csvText(header: readonly CsvCell[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
