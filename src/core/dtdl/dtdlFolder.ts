import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DtdlDocument } from './dtdlParser';

const DTDL_FILE = /\.(json|jsonld|dtdl)$/i;
/**
 * Folders listed or files read synchronously between two turns of the event loop. An ontology is thousands
 * of small files in over a thousand folders: a synchronous call costs microseconds where an asynchronous one
 * waits its turn in the thread pool (the Willow ontology: ~45 ms instead of ~300 ms), and yielding every so
 * often keeps the event loop answering meanwhile.
 */
const CALLS_PER_TURN = 200;

/** One DTDL file of a folder: its path relative to the folder (with `/`) and its text (without a BOM). */
export interface DtdlFileText {
  source: string;
  text: string;
}

/** Reads the text of every DTDL file under `dir` (recursively, sorted for a stable order). */
export async function readDtdlTexts(dir: string): Promise<DtdlFileText[]> {
  let calls = 0;
  const pace = async (): Promise<void> => {
    if (++calls % CALLS_PER_TURN === 0) await nextTurn();
  };
  const files: string[] = [];
  for (const folders = [dir]; folders.length;) {
    const folder = folders.pop()!;
    await pace();
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile() && DTDL_FILE.test(entry.name)) files.push(full);
    }
  }
  files.sort();
  const texts: DtdlFileText[] = [];
  for (const file of files) {
    await pace();
    const source = path.relative(dir, file).split(path.sep).join('/');
    texts.push({ source, text: readFileSync(file, 'utf8').replace(/^\uFEFF/, '') });
  }
  return texts;
}

/**
 * Reads every DTDL file under `dir` (recursively, sorted for a stable order). Sources are paths
 * relative to `dir` with `/` separators. A UTF-8 BOM is stripped; invalid JSON becomes a warning.
 */
export async function readDtdlFolder(dir: string): Promise<{ documents: DtdlDocument[]; warnings: string[] }> {
  const documents: DtdlDocument[] = [];
  const warnings: string[] = [];
  for (const { source, text } of await readDtdlTexts(dir)) {
    try {
      documents.push({ doc: JSON.parse(text), source });
    } catch (e) {
      warnings.push(`${source}: invalid JSON (${(e as Error).message})`);
    }
  }
  return { documents, warnings };
}
