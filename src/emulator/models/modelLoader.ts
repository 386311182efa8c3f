import * as fs from 'node:fs';
import type { ModelFolderProblem } from '../../core/api/emulatorAdmin';
import type { Model } from '../../core/api/types';
import { readDtdlTexts } from '../../core/dtdl/dtdlFolder';
import { ModelIndex } from '../../core/dtdl/modelIndex';
import { validateModelFiles, type ModelFile } from '../../core/dtdl/validation/validateModels';

/** Problems shown in the error's message before the rest are counted. */
const PROBLEMS_IN_MESSAGE = 5;

/** The models folders hold problems: nothing of them was loaded. */
export class ModelFolderError extends Error {
  constructor(readonly problems: ModelFolderProblem[]) {
    const shown = problems
      .slice(0, PROBLEMS_IN_MESSAGE)
      .map((p) => `${p.file}:${p.line}:${p.column}: ${p.code}: ${p.message}`);
    const more = problems.length - shown.length;
    super(
      `The models folder has ${problems.length} problem(s), so none of its models were loaded: ${shown.join(' | ')}${more > 0 ? ` | and ${more} more` : ''}`,
    );
    this.name = 'ModelFolderError';
  }
}

/**
 * The emulator's model index: every DTDL file under each folder (recursively) plus the sample's models. The
 * folders' files are first checked as one set, with the sample's models as resolved references, by the same
 * validator as the editor and `models check`: a folder with any problem is refused whole (ModelFolderError),
 * never loaded in part; `lenient` loads what it can instead, each problem a warning. A missing folder is an error;
 * a folder's model wins over a sample model of the same id.
 */
export async function loadModelIndex(
  folders: string[],
  sampleModels: Model[],
  options: { lenient?: boolean } = {},
): Promise<ModelIndex> {
  const files: ModelFile[] = [];
  for (const folder of folders) {
    if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory())
      throw new Error(`Models folder '${folder}' does not exist or is not a folder`);
    for (const { source, text } of await readDtdlTexts(folder))
      files.push({ file: folders.length > 1 ? `${folder}/${source}` : source, text });
  }
  const folderIds = new Set(files.flatMap((f) => topLevelIds(parsedOrUndefined(f.text))));
  const sample = sampleModels.filter(
    (m): m is Model & { modelDefinition: string } => typeof m.modelDefinition === 'string' && !folderIds.has(m.id),
  );
  const warnings: string[] = [];
  if (files.length) {
    const named = new Set(files.map((f) => f.file));
    const sampleFiles = sample.map((m) => ({ file: `sample:${m.id}`, text: m.modelDefinition, resolved: true }));
    const problems = validateModelFiles([...files, ...sampleFiles]).filter((p) => named.has(p.file));
    const located = problems.map((p) => ({
      file: p.file,
      line: p.range.line + 1,
      column: p.range.column + 1,
      code: p.code,
      message: p.message,
    }));
    if (located.length && !options.lenient) throw new ModelFolderError(located);
    for (const p of located) warnings.push(`${p.file}:${p.line}:${p.column}: ${p.code}: ${p.message}`);
  }
  const docs: unknown[] = [];
  for (const f of files) {
    try {
      docs.push(JSON.parse(f.text));
    } catch {
      // Only a lenient load gets here: the file's problem is among the warnings already.
    }
  }
  for (const m of sample) docs.push(JSON.parse(m.modelDefinition));
  const index = ModelIndex.fromInterfaces(docs);
  index.warnings.unshift(...warnings);
  return index;
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function topLevelIds(doc: unknown): string[] {
  const items = Array.isArray(doc) ? doc : [doc];
  return items.flatMap((d) =>
    typeof d === 'object' && d !== null && typeof (d as { '@id'?: unknown })['@id'] === 'string'
      ? [(d as { '@id': string })['@id']]
      : [],
  );
}
