// Azure Digital Twins Explorer's Excel import sheet, read as an import file. One row per twin (and the relationship
// that reaches it), under a header row with these columns (in any order; ADT Explorer's own titles, such as
// "ID (must be unique)" or "Relationship (From)", are recognised by their words):
//   ModelId | ID | Relationship | Relationship name | Init data
// "Relationship" is the id of the twin the relationship starts at (the parent), "Relationship name" its name, and the
// row's ID its target; "Init data" is a JSON object of the twin's properties. A row without a ModelId only adds the
// relationship (so a twin can be reached from several parents); an optional "Relationship init data" column holds
// the relationship's properties as a JSON object.
import * as l10n from '@vscode/l10n';
import type { DigitalTwin, Relationship } from '../api/types';
import { isObject } from '../dtdl/dtdlText';
import type { ImportIssue, ImportItem, ParsedImport } from './importTypes';

export type SheetCell = string | number | boolean | Date | null | undefined;
export type SheetRow = readonly SheetCell[];

/** The sheet's columns, in the order an export writes them, with the title each has there. */
export const ADT_SHEET_COLUMNS = {
  modelId: 'ModelId',
  id: 'ID',
  relationshipFrom: 'Relationship',
  relationshipName: 'Relationship name',
  initData: 'Init data',
  relationshipInitData: 'Relationship init data',
} as const;
type Column = keyof typeof ADT_SHEET_COLUMNS;

/** A header title without its notes, case, blanks and punctuation: "ID (must be unique)" -> "id". */
function titleKey(title: string): string {
  return title
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const COLUMN_BY_KEY = new Map<string, Column>(
  (Object.keys(ADT_SHEET_COLUMNS) as Column[]).map((c) => [titleKey(ADT_SHEET_COLUMNS[c]), c]),
);
/** Rows searched for the header (a sheet may start with a title or notes). */
const HEADER_SEARCH_ROWS = 10;

/** "A" for the first column, "AB" for the 28th. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A cell as text: numbers as written (an ID typed as 101 is "101"), dates in ISO form, empty for nothing. */
function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

/**
 * Parses the rows of ADT Explorer's import sheet (1-based `line` is the sheet's row number). Each problem names its
 * row and column; a row with a problem adds nothing.
 */
export function parseAdtSheet(rows: readonly SheetRow[], file?: string): ParsedImport {
  const items: ImportItem[] = [];
  const errors: ImportIssue[] = [];
  const headerIndex = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((row) => row.some((c) => COLUMN_BY_KEY.get(titleKey(cellText(c))) === 'id'));
  if (headerIndex < 0) {
    errors.push({
      file,
      line: 1,
      message: l10n.t(
        "no header row with the columns {0} in the first {1} rows (the layout of Azure Digital Twins Explorer's import sheet)",
        [
          ADT_SHEET_COLUMNS.modelId,
          ADT_SHEET_COLUMNS.id,
          ADT_SHEET_COLUMNS.relationshipFrom,
          ADT_SHEET_COLUMNS.relationshipName,
          ADT_SHEET_COLUMNS.initData,
        ].join(', '),
        HEADER_SEARCH_ROWS,
      ),
    });
    return { items, errors };
  }
  const at = new Map<Column, number>();
  rows[headerIndex].forEach((cell, i) => {
    const column = COLUMN_BY_KEY.get(titleKey(cellText(cell)));
    if (!column) return;
    if (at.has(column))
      errors.push({
        file,
        line: headerIndex + 1,
        path: columnLetter(i),
        message: l10n.t(
          'column {0} ("{1}") repeats column {2}',
          columnLetter(i),
          cellText(cell),
          columnLetter(at.get(column)!),
        ),
      });
    else at.set(column, i);
  });
  for (const needed of ['modelId', 'id'] as const)
    if (!at.has(needed))
      errors.push({
        file,
        line: headerIndex + 1,
        message: l10n.t('the header row has no "{0}" column', ADT_SHEET_COLUMNS[needed]),
      });
  if (errors.length) return { items, errors };

  for (let r = headerIndex + 1; r < rows.length; r++) {
    const line = r + 1;
    const cell = (c: Column): string => (at.has(c) ? cellText(rows[r][at.get(c)!]) : '');
    const where = (c: Column): string =>
      l10n.t('row {0}, column {1} ("{2}")', line, columnLetter(at.get(c) ?? 0), ADT_SHEET_COLUMNS[c]);
    const fail = (c: Column, message: string): void => {
      errors.push({ file, line, path: columnLetter(at.get(c) ?? 0), message: `${where(c)}: ${message}` });
    };
    if (rows[r].every((c) => cellText(c) === '')) continue;
    const id = cell('id');
    const modelId = cell('modelId');
    const from = cell('relationshipFrom');
    const name = cell('relationshipName');
    if (!id) {
      fail('id', l10n.t('the twin id is empty'));
      continue;
    }
    if (from && !name) {
      fail('relationshipName', l10n.t('the relationship from {0} needs a name', from));
      continue;
    }
    if (name && !from) {
      fail('relationshipFrom', l10n.t('relationship "{0}" needs the id of the twin it starts at', name));
      continue;
    }
    if (!modelId && !from) {
      fail(
        'modelId',
        l10n.t(
          'the row has neither a model id (a twin) nor a "{0}" twin id (a relationship)',
          ADT_SHEET_COLUMNS.relationshipFrom,
        ),
      );
      continue;
    }
    const contents = jsonObjectCell(cell('initData'));
    if (typeof contents === 'string') {
      fail('initData', contents);
      continue;
    }
    const properties = jsonObjectCell(cell('relationshipInitData'));
    if (typeof properties === 'string') {
      fail('relationshipInitData', properties);
      continue;
    }
    if (modelId) {
      const twin: DigitalTwin = { id, modelId, ...(contents ? { contents } : {}) };
      items.push({ kind: 'twin', file, line, twin });
    }
    if (from) {
      const relationship: Relationship = { sourceId: from, name, targetId: id, ...(properties ? { properties } : {}) };
      items.push({ kind: 'relationship', file, line, relationship });
    }
  }
  return { items, errors };
}

/** A JSON object cell: the object, undefined when empty, or what is wrong. */
function jsonObjectCell(text: string): Record<string, unknown> | undefined | string {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return l10n.t('not valid JSON ({0})', (e as Error).message);
  }
  return isObject(value) ? value : l10n.t('must be a JSON object of property names and values');
}
