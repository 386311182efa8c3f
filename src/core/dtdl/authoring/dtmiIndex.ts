// Every DTMI written in a folder's model files, where it is written, and whether that place defines it ("@id") or
// refers to it (extends, target, schema, …): what go to definition, find references and rename work from. Each
// file is read again only when its text changed. Pure: the files are given.
import * as l10n from '@vscode/l10n';
import { parseTree, type Node } from 'jsonc-parser';
import type { DtdlDocument } from '../dtdlParser';
import { isDtmi } from '../validation/dtmi';
import { valueOf } from '../validation/fileCheck';
import type { ModelFile } from '../validation/modelFile';
import { isComplexSchemaClass } from '../validation/metamodel';
import { classSpec, declaredClass, fileVersion, insideQuotes, nestedClasses, type OffsetRange } from './modelCursor';

/** What an "@id" names: an interface, a named schema, or another element (a content, a field, …). */
export type DefinitionKind = 'interface' | 'schema' | 'element';

export interface DtmiOccurrence extends OffsetRange {
  file: string;
  dtmi: string;
  /** Set where the DTMI is an "@id": what it names. */
  defines?: DefinitionKind;
}

export interface TextEdit extends OffsetRange {
  file: string;
  newText: string;
}

interface IndexedFile {
  text: string;
  occurrences: DtmiOccurrence[];
  value: unknown;
}

/** Properties whose strings are DTDL's own terms, never model identifiers. */
const NOT_MODEL_IDS = new Set(['@context', '@type']);

export class DtmiIndex {
  private files = new Map<string, IndexedFile>();
  /** `defined(kind)` until the files change (completion asks on every keystroke). */
  private readonly definedCache = new Map<DefinitionKind, string[]>();

  /** Takes the folder's files as they are now (files left out are forgotten); whether anything changed. */
  update(files: readonly ModelFile[]): boolean {
    const next = new Map<string, IndexedFile>();
    let changed = files.length !== this.files.size;
    for (const f of files) {
      const known = this.files.get(f.file);
      const same = known !== undefined && known.text === f.text;
      changed ||= !same;
      next.set(f.file, same ? known : indexFile(f.file, f.text));
    }
    this.files = next;
    if (changed) this.definedCache.clear();
    return changed;
  }

  /** The DTMI written at `offset` of `file` (inside its quotes). */
  at(file: string, offset: number): DtmiOccurrence | undefined {
    return this.files.get(file)?.occurrences.find((o) => o.start <= offset && offset <= o.end);
  }

  definitions(dtmi: string): DtmiOccurrence[] {
    return this.all().filter((o) => o.dtmi === dtmi && o.defines !== undefined);
  }

  references(dtmi: string, includeDefinitions: boolean): DtmiOccurrence[] {
    return this.all().filter((o) => o.dtmi === dtmi && (includeDefinitions || o.defines === undefined));
  }

  /** DTMIs defined in the folder as `kind`, sorted, each once. */
  defined(kind: DefinitionKind): string[] {
    return [
      ...new Set(
        this.all()
          .filter((o) => o.defines === kind)
          .map((o) => o.dtmi),
      ),
    ].sort();
  }

  /** The folder's files as parsed documents (a file being typed gives what jsonc-parser recovers). */
  documents(): DtdlDocument[] {
    return [...this.files]
      .filter(([, f]) => f.value !== undefined)
      .map(([file, f]) => ({ doc: f.value, source: file }));
  }

  /**
   * The edits that rename `dtmi` to `newDtmi` wherever the folder writes it; a name that is no DTMI, or that the
   * folder already defines, is refused with the reason and no edit.
   */
  renameEdits(dtmi: string, newDtmi: string): { edits: TextEdit[] } | { error: string } {
    if (!isDtmi(newDtmi)) return { error: l10n.t('"{0}" is not a DTMI (dtmi:segment:segment;version).', newDtmi) };
    if (newDtmi !== dtmi && this.definitions(newDtmi).length > 0)
      return { error: l10n.t('{0} is already defined in this folder.', newDtmi) };
    return {
      edits: this.references(dtmi, true).map((o) => ({ file: o.file, start: o.start, end: o.end, newText: newDtmi })),
    };
  }

  private all(): DtmiOccurrence[] {
    return [...this.files.values()].flatMap((f) => f.occurrences);
  }
}

function indexFile(file: string, text: string): IndexedFile {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const occurrences: DtmiOccurrence[] = [];
  if (!root) return { text, occurrences, value: undefined };
  const version = fileVersion(root);
  const visit = (node: Node, candidates: string[]): void => {
    if (node.type === 'array') {
      for (const item of node.children ?? []) visit(item, candidates);
      return;
    }
    if (node.type !== 'object') return;
    const own = declaredClass(node, version, candidates) ?? (candidates.length === 1 ? candidates[0] : undefined);
    for (const prop of node.children ?? []) {
      const [key, value] = prop.children ?? [];
      const name = key?.value as string | undefined;
      if (!value || name === undefined || NOT_MODEL_IDS.has(name)) continue;
      if (value.type === 'string' && isDtmi(value.value as string)) {
        const defines = name === '@id' ? definitionKind(own) : undefined;
        occurrences.push({
          file,
          dtmi: value.value as string,
          ...insideQuotes(text, value),
          ...(defines ? { defines } : {}),
        });
        continue;
      }
      if (value.type === 'array')
        for (const item of value.children ?? [])
          if (item.type === 'string' && isDtmi(item.value as string))
            occurrences.push({ file, dtmi: item.value as string, ...insideQuotes(text, item) });
      const nested = nestedClasses(classSpec(version, own)?.properties[name]);
      visit(value, nested);
    }
  };
  visit(root, ['Interface']);
  return { text, occurrences, value: valueOf(root) };
}

function definitionKind(cls: string | undefined): DefinitionKind {
  if (cls === 'Interface') return 'interface';
  return cls !== undefined && isComplexSchemaClass(cls) ? 'schema' : 'element';
}
