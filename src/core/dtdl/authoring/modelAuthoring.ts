// The language features of one folder's DTDL model files, over its files as the editor has them: completion,
// hover with an interface's resolved contents, go to definition, find references and rename of DTMIs. Loaded on
// first use (the providers import it when a DTDL file first asks).
import { ModelIndex } from '../modelIndex';
import type { ModelFile } from '../validation/modelFile';
import { DtmiIndex, type DtmiOccurrence, type TextEdit } from './dtmiIndex';
import { interfaceSummary } from './interfaceSummary';
import { modelCompletions, type ModelCompletion } from './modelCompletions';
import type { OffsetRange } from './modelCursor';

export type { DtmiOccurrence, TextEdit } from './dtmiIndex';
export type { ModelCompletion } from './modelCompletions';

export class ModelAuthoring {
  private readonly dtmis = new DtmiIndex();
  /** The folder's models with the connection's they were built with (both resolved together). */
  private resolved: { connection: ModelIndex | undefined; index: ModelIndex } | undefined;

  /** Takes the folder's files as they are now. */
  update(files: readonly ModelFile[]): void {
    if (this.dtmis.update(files)) this.resolved = undefined;
  }

  completions(text: string, offset: number, connectionModels: readonly string[]): ModelCompletion[] {
    return modelCompletions(text, offset, {
      folderInterfaces: this.dtmis.defined('interface'),
      folderSchemas: this.dtmis.defined('schema'),
      connectionInterfaces: connectionModels,
    });
  }

  /** Where the DTMI at the cursor is defined in the folder. */
  definition(file: string, offset: number): DtmiOccurrence[] {
    const at = this.dtmis.at(file, offset);
    return at ? this.dtmis.definitions(at.dtmi) : [];
  }

  references(file: string, offset: number, includeDefinitions: boolean): DtmiOccurrence[] {
    const at = this.dtmis.at(file, offset);
    return at ? this.dtmis.references(at.dtmi, includeDefinitions) : [];
  }

  /** The DTMI a rename at the cursor would change, with its range. */
  renameTarget(file: string, offset: number): DtmiOccurrence | undefined {
    return this.dtmis.at(file, offset);
  }

  rename(file: string, offset: number, newDtmi: string): { edits: TextEdit[] } | { error: string } | undefined {
    const at = this.dtmis.at(file, offset);
    return at ? this.dtmis.renameEdits(at.dtmi, newDtmi) : undefined;
  }

  /**
   * The resolved contents of the interface named at the cursor: the folder's models resolved with the
   * connection's (`connectionModels`, when given), so what a folder's interface inherits from a model of the
   * service is listed too; a folder's definition wins over the service's.
   */
  hover(
    file: string,
    offset: number,
    connectionModels?: ModelIndex,
  ): { markdown: string; range: OffsetRange } | undefined {
    const at = this.dtmis.at(file, offset);
    if (!at) return undefined;
    const markdown = interfaceSummary(this.models(connectionModels), at.dtmi);
    return markdown ? { markdown, range: { start: at.start, end: at.end } } : undefined;
  }

  private models(connection: ModelIndex | undefined): ModelIndex {
    if (this.resolved && this.resolved.connection === connection) return this.resolved.index;
    const documents = this.dtmis.documents();
    const folderIds = new Set(this.dtmis.defined('interface'));
    for (const id of connection?.ids() ?? []) {
      const model = connection?.get(id);
      if (model && !folderIds.has(id)) documents.push({ doc: model.definition, source: id });
    }
    const index = ModelIndex.fromDocuments(documents);
    this.resolved = { connection, index };
    return index;
  }
}
