// Validates a set of DTDL model files together, as the reference parser parses a set: every problem with its
// validation id, a sentence, and its place (file, JSON path, line and column). Pure: no file system, no vscode.
import * as l10n from '@vscode/l10n';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { locate, lineStarts, type TextRange } from './location';
import { problemList, type DtdlProblem } from './problems';
import { checkSet } from './setChecks';
import { Walker } from './walker';

export interface ModelFile {
  /** How the file is named in problems (a path or URI). */
  file: string;
  text: string;
  /** Fetched to resolve a reference rather than named by the user (as the reference parser's resolver gives it). */
  resolved?: boolean;
}

export interface ValidationOptions {
  /** DTDL versions accepted in `@context` (default 2 and 3). */
  supportedVersions?: readonly number[];
  /** Accept extension contexts this validator does not know, with their terms unchecked (default false). */
  allowUndefinedExtensions?: boolean;
  /**
   * Tolerate DTDL v2's solecisms (reserved `dtmi:dtdl:`/`dtmi:standard:` ids, `extends` written as `{"@id": …}`,
   * duplicate names of elements without `@id`) in the files named, in the resolved ones, or both, as the reference
   * parser's quirks do (default neither).
   */
  tolerateSolecisms?: { inNamedFiles?: boolean; inResolvedFiles?: boolean };
}

export interface LocatedProblem extends DtdlProblem {
  range: TextRange;
}

export function validateModelFiles(files: readonly ModelFile[], options: ValidationOptions = {}): LocatedProblem[] {
  const sink = problemList();
  const walker = new Walker(sink, {
    supportedVersions: options.supportedVersions ?? [2, 3],
    allowUndefinedExtensions: options.allowUndefinedExtensions ?? false,
  });
  const trees = new Map<string, { root: Node | undefined; starts: number[] }>();
  for (const f of files) {
    const text = f.text.charCodeAt(0) === 0xfeff ? f.text.slice(1) : f.text;
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const starts = lineStarts(text);
    trees.set(f.file, { root, starts });
    if (errors.length > 0 || !root) {
      const first = errors[0];
      sink.add(
        'notJson',
        l10n.t('The file is not valid JSON ({0}).', first ? printParseErrorCode(first.error) : l10n.t('empty')),
        f.file,
        [],
      );
      continue;
    }
    const tolerate = f.resolved ? options.tolerateSolecisms?.inResolvedFiles : options.tolerateSolecisms?.inNamedFiles;
    walker.document(f.file, valueOf(root), tolerate === true);
  }
  checkSet(walker.set, sink);
  const order = new Map(files.map((f, i) => [f.file, i]));
  return sink.problems
    .map((p) => {
      const tree = trees.get(p.file);
      return {
        ...p,
        range: tree ? locate(tree.root, tree.starts, p.path) : { line: 0, column: 0, endLine: 0, endColumn: 0 },
      };
    })
    .sort(
      (a, b) =>
        (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) ||
        a.range.line - b.range.line ||
        a.range.column - b.range.column,
    );
}

/** The JSON value of a tree, with prototype keys kept as plain data (never as an object's prototype). */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = Object.create(null);
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (key && value) out[key.value as string] = valueOf(value);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}
