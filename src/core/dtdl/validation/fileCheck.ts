// One model file on its own: its text parsed, its documents walked, the problems found in it located, and the
// elements and references it holds kept for the checks across the set.
import * as l10n from '@vscode/l10n';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ElementSet } from './elements';
import { locate, lineStarts } from './location';
import type { LocatedProblem, ModelFile, ValidationOptions } from './modelFile';
import { problemList, type JsonPath } from './problems';
import { checkSiblings } from './siblingChecks';
import { Walker } from './walker';

export interface CheckedFile {
  text: string;
  resolved: boolean;
  set: ElementSet;
  problems: LocatedProblem[];
}

export function checkFile(f: ModelFile, options: ValidationOptions): CheckedFile {
  const sink = problemList();
  const walker = new Walker(sink, {
    supportedVersions: options.supportedVersions ?? [2, 3],
    allowUndefinedExtensions: options.allowUndefinedExtensions ?? false,
  });
  const { root, errors } = parseModelText(f.text);
  if (errors.length > 0 || !root) {
    const first = errors[0];
    sink.add(
      'notJson',
      l10n.t('The file is not valid JSON ({0}).', first ? printParseErrorCode(first.error) : l10n.t('empty')),
      f.file,
      [],
    );
  } else {
    const tolerate = f.resolved ? options.tolerateSolecisms?.inResolvedFiles : options.tolerateSolecisms?.inNamedFiles;
    walker.document(f.file, valueOf(root), tolerate === true);
    for (const e of walker.set.elements) checkSiblings(e, sink);
  }
  const place = locator(f.text, root);
  return {
    text: f.text,
    resolved: f.resolved === true,
    set: walker.set,
    problems: sink.problems.map((p) => ({ ...p, range: place(p.path) })),
  };
}

/** Where JSON paths are in a file's text (the text parsed again only when a problem needs placing). */
export function locator(text: string, root?: Node): (path: JsonPath) => LocatedProblem['range'] {
  let tree: { root: Node | undefined; starts: number[] } | undefined;
  return (path) => {
    tree ??= { root: root ?? parseModelText(text).root, starts: lineStarts(withoutBom(text)) };
    return locate(tree.root, tree.starts, path);
  };
}

function parseModelText(text: string): { root: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const root = parseTree(withoutBom(text), errors, { allowTrailingComma: false, disallowComments: true });
  return { root, errors };
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The JSON value of a tree, with prototype keys kept as plain data (never as an object's prototype). */
export function valueOf(node: Node): unknown {
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
