import * as fs from 'node:fs';
import type { Model } from '../../core/api/types';
import { readDtdlFolder } from '../../core/dtdl/dtdlFolder';
import { ModelIndex } from '../../core/dtdl/modelIndex';

/**
 * The emulator's model index: every DTDL file under each folder (recursively) plus the sample's
 * models. Problems in files (invalid JSON, dangling references, duplicates) are warnings; a
 * missing folder is an error.
 */
export async function loadModelIndex(folders: string[], sampleModels: Model[]): Promise<ModelIndex> {
  const docs: unknown[] = [];
  const warnings: string[] = [];
  for (const folder of folders) {
    if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory())
      throw new Error(`Models folder '${folder}' does not exist or is not a folder`);
    const read = await readDtdlFolder(folder);
    warnings.push(...read.warnings.map((w) => `${folder}: ${w}`));
    docs.push(...read.documents.map((d) => d.doc));
  }
  for (const model of sampleModels) {
    if (typeof model.modelDefinition === 'string') docs.push(JSON.parse(model.modelDefinition));
  }
  const index = ModelIndex.fromInterfaces(docs);
  index.warnings.unshift(...warnings);
  return index;
}
