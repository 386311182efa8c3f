// Excel workbooks (.xlsx), read and written with read-excel-file and write-excel-file: maintained, MIT, with one
// small unzip/XML dependency each and no known advisories (the registry's SheetJS "xlsx" package is years old and has
// advisories; exceljs is unmaintained and pulls in archiver, unzipper and more). Both are loaded on first use: in
// the extension's bundle they are libraries of their own (dist/lib, scripts/firstUseLibraryPlugin.mjs).
import * as l10n from '@vscode/l10n';
import type { SheetRow } from './adtExcelSheet';

/** The "PK\x03\x04" that starts a zip archive, as every .xlsx workbook is. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The rows of a workbook's first sheet; throws an Error saying the bytes are no .xlsx workbook. */
export async function readFirstSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  const { readSheet } = await import('read-excel-file/node');
  try {
    // Cells are text, numbers, booleans, dates or null (read-excel-file's CellValue).
    return (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1)) as SheetRow[];
  } catch (e) {
    throw new Error(l10n.t('not an Excel workbook (.xlsx) that can be read: {0}', (e as Error).message));
  }
}

/** A workbook of one sheet: every cell text (a spreadsheet never evaluates a text cell), null for an empty one. */
export async function writeSheet(name: string, rows: ReadonlyArray<ReadonlyArray<string | null>>): Promise<Uint8Array> {
  const library = await import('write-excel-file/node');
  // A CommonJS module without __esModule: the import's `default` is the module, whose own `default` is the function.
  const writeXlsxFile = (library.default as unknown as typeof library).default;
  const data = rows.map((row) => row.map((value) => (value === null ? null : { value, type: String })));
  return new Uint8Array(await writeXlsxFile(data, { sheet: name }).toBuffer());
}
