import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MAX_JSON_DEPTH, tooDeepOffset } from '../untrusted/jsonDepth';
import type { ImportIssue } from './importTypes';
import { LineIndex } from './lineIndex';

export interface JsonSourceTree {
  root: Node;
  /** The text the tree's offsets point into (a leading BOM is a space): slice it and JSON.parse for plain values. */
  source: string;
  lines: LineIndex;
}

/**
 * The syntax tree of an import file's JSON, or the one problem that stops reading it: a syntax error, an empty file,
 * or nesting deeper than the service takes below `wrapperLevels` levels of the file's own structure (checked on the
 * text first: the parser is recursive).
 */
export function readJsonSourceTree(
  text: string,
  file: string | undefined,
  wrapperLevels: number,
): JsonSourceTree | ImportIssue {
  const lines = new LineIndex(text);
  const source = text.replace(/^\uFEFF/, ' ');
  const deep = tooDeepOffset(source, MAX_JSON_DEPTH + wrapperLevels);
  if (deep !== undefined)
    return {
      file,
      line: lines.lineAt(deep),
      message: `the JSON nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels in an item (the service refuses deeper requests)`,
    };
  const syntax: ParseError[] = [];
  const root = parseTree(source, syntax, { allowTrailingComma: false, disallowComments: true });
  if (syntax.length || !root) {
    const first = syntax[0];
    return {
      file,
      line: first ? lines.lineAt(first.offset) : 1,
      message: first ? `JSON syntax error: ${printParseErrorCode(first.error)}` : 'the file is empty',
    };
  }
  return { root, source, lines };
}

/** The plain value of a node (JSON.parse of its text: own properties only, as the file has them). */
export function nodeValue(tree: JsonSourceTree, node: Node): unknown {
  return JSON.parse(tree.source.slice(node.offset, node.offset + node.length));
}

/** The keys of a JSON Pointer (`/contents/a~1b` -> ["contents", "a/b"]); array indexes as numbers. */
export function pointerSegments(pointer: string): Array<string | number> {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((key) => (/^(0|[1-9]\d*)$/.test(key) ? Number(key) : key));
}
