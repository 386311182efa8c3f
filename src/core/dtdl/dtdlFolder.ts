import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { DtdlDocument } from './dtdlParser';

const DTDL_FILE = /\.(json|jsonld|dtdl)$/i;
const READ_CONCURRENCY = 32;

/**
 * Reads every DTDL file under `dir` (recursively, sorted for a stable order). Sources are paths
 * relative to `dir` with `/` separators. A UTF-8 BOM is stripped; invalid JSON becomes a warning.
 */
export async function readDtdlFolder(dir: string): Promise<{ documents: DtdlDocument[]; warnings: string[] }> {
  const files: string[] = [];
  await walk(dir, files);
  files.sort();
  const documents: Array<DtdlDocument | undefined> = new Array(files.length);
  const warnings: Array<string | undefined> = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      const source = path.relative(dir, files[i]).split(path.sep).join('/');
      const text = (await fs.readFile(files[i], 'utf8')).replace(/^\uFEFF/, '');
      try {
        documents[i] = { doc: JSON.parse(text), source };
      } catch (e) {
        warnings[i] = `${source}: invalid JSON (${(e as Error).message})`;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, worker));
  return {
    documents: documents.filter((d): d is DtdlDocument => d !== undefined),
    warnings: warnings.filter((w): w is string => w !== undefined),
  };
}

async function walk(dir: string, out: string[]): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.isFile() && DTDL_FILE.test(entry.name)) out.push(full);
  }
}
