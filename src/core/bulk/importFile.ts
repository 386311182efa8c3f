import * as l10n from '@vscode/l10n';
import type { ModelIndex } from '../dtdl/modelIndex';
import { isAdtExplorerJson, parseAdtExplorerJson } from './adtExplorerJson';
import { parseAdtSheet } from './adtExcelSheet';
import { parseImportCsv } from './importCsv';
import { parseImportJson } from './importJson';
import type { ParsedImport } from './importTypes';
import { looksLikeZip, readFirstSheet } from './xlsxWorkbook';

/** An import file as read: its text (a file open in an editor, with unsaved edits) or its bytes. */
export type ImportSource = { name: string; text: string } | { name: string; bytes: Uint8Array };

export type ImportFormat = 'json' | 'adtJson' | 'csv' | 'adtExcel';

const UTF8 = new TextDecoder('utf-8');

/** The extensions import reads (`.json`, `.csv`, `.xlsx`). */
export const IMPORT_EXTENSIONS = ['json', 'csv', 'xlsx'];

/**
 * Which reader a file needs, by its content first, then its name: a zip archive (or a `.xlsx` name) is an Excel
 * workbook in ADT Explorer's import sheet layout, `.csv` is CSV, and JSON is an ADT Explorer graph export when its
 * object has "digitalTwinsGraph", else this extension's import JSON.
 */
export function importFormatOf(source: ImportSource): ImportFormat {
  if ('bytes' in source && looksLikeZip(source.bytes)) return 'adtExcel';
  if (/\.xlsx$/i.test(source.name)) return 'adtExcel';
  if (/\.csv$/i.test(source.name)) return 'csv';
  return isAdtExplorerJson(textOf(source)) ? 'adtJson' : 'json';
}

function textOf(source: ImportSource): string {
  return 'text' in source ? source.text : UTF8.decode(source.bytes);
}

/** Parses an import file in the format `importFormatOf` finds (CSV cells typed by `index`). */
export async function parseImportFile(source: ImportSource, index: ModelIndex): Promise<ParsedImport> {
  const file = source.name;
  if (/\.xls$/i.test(file))
    return {
      items: [],
      errors: [{ file, line: 1, message: l10n.t('Excel 97-2003 workbooks (.xls) are not read: save it as .xlsx') }],
    };
  switch (importFormatOf(source)) {
    case 'adtExcel': {
      if (!('bytes' in source) || !looksLikeZip(source.bytes))
        return {
          items: [],
          errors: [{ file, line: 1, message: l10n.t('not an Excel workbook (.xlsx): the file is no zip archive') }],
        };
      try {
        return parseAdtSheet(await readFirstSheet(source.bytes), file);
      } catch (e) {
        return { items: [], errors: [{ file, line: 1, message: (e as Error).message }] };
      }
    }
    case 'csv':
      return parseImportCsv(textOf(source), index, file);
    case 'adtJson':
      return parseAdtExplorerJson(textOf(source), file);
    case 'json':
      return parseImportJson(textOf(source), file);
  }
}
