import type { ModelIndex } from '../dtdl/modelIndex';
import { parseImportCsv } from './importCsv';
import { parseImportJson } from './importJson';
import type { ParsedImport } from './importTypes';

/** Parses an import file by name: `.csv` as CSV (typed by `index`), anything else as JSON. */
export function parseImportFile(text: string, fileName: string, index: ModelIndex): ParsedImport {
  return /\.csv$/i.test(fileName) ? parseImportCsv(text, index, fileName) : parseImportJson(text, fileName);
}
