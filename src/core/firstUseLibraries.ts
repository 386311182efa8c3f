// Libraries that only some features need (reading CSV and JSON import files, checking DTDL string formats,
// parsing JSON documents, diffing them into patches), loaded the first time one of those features runs rather
// than when the extension starts. In the extension's bundle each of these `require`s loads a bundle of its own
// (scripts/libraryOnFirstUse.mjs, which lists the same libraries); elsewhere they are ordinary requires.
import type * as AjvFormats from 'ajv-formats/dist/formats';
import type * as CsvParse from 'csv-parse/sync';
import type * as JsonPatch from 'fast-json-patch';
import type * as JsoncParser from 'jsonc-parser';

/** What `load` returns, computed the first time it is asked for and kept. */
function onFirstUse<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

export const csvParse = onFirstUse(() => require('csv-parse/sync') as typeof CsvParse);
export const ajvFormats = onFirstUse(() => require('ajv-formats/dist/formats') as typeof AjvFormats);
export const jsoncParser = onFirstUse(() => require('jsonc-parser') as typeof JsoncParser);
export const jsonPatch = onFirstUse(() => require('fast-json-patch') as typeof JsonPatch);
