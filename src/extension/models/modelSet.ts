// The DTDL files of one workspace folder, checked together (a reference may point into another file): the texts
// as the editor has them, and the problems of each file after the last check. Pure: the validator is given.
import type { LocatedProblem, ModelFile } from '../../core/dtdl/validation/validateModels';

/** Whether a JSON text is a DTDL model: an "@context" naming the DTDL context (cheap: no parse). */
export function isDtdlText(text: string): boolean {
  return /"@context"\s*:/.test(text) && text.includes('dtmi:dtdl:context;');
}

export type Validate = (files: readonly ModelFile[]) => LocatedProblem[];

export class ModelSet {
  private readonly texts = new Map<string, string>();
  private lastFiles = new Set<string>();

  /** Puts a file's text in the set (or takes it out when it is no longer DTDL); whether the set changed. */
  set(file: string, text: string): boolean {
    if (!isDtdlText(text)) return this.texts.delete(file);
    if (this.texts.get(file) === text) return false;
    this.texts.set(file, text);
    return true;
  }

  remove(file: string): boolean {
    return this.texts.delete(file);
  }

  has(file: string): boolean {
    return this.texts.has(file);
  }

  /** The set's files with their texts. */
  files(): ModelFile[] {
    return [...this.texts].map(([file, text]) => ({ file, text }));
  }

  get size(): number {
    return this.texts.size;
  }

  /**
   * Checks the whole set; the problems of every file that is in it or was at the last check (an empty list
   * clears a file that left the set or has no problem left).
   */
  check(validate: Validate): Map<string, LocatedProblem[]> {
    const files = this.files();
    const byFile = new Map<string, LocatedProblem[]>();
    for (const file of new Set([...this.lastFiles, ...this.texts.keys()])) byFile.set(file, []);
    for (const p of validate(files)) byFile.get(p.file)?.push(p);
    this.lastFiles = new Set(this.texts.keys());
    return byFile;
  }
}
