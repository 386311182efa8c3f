// From a JSON path in a document to a line and column of its text (both 0-based), through jsonc-parser's tree.
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { JsonPath } from './problems';

export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, column: offset - starts[lo] };
}

/** The range of the value at `path`, or of the nearest enclosing node that exists; a property's key when the path ends at one. */
export function locate(root: Node | undefined, starts: number[], path: JsonPath): TextRange {
  if (!root) return { line: 0, column: 0, endLine: 0, endColumn: 0 };
  let node: Node | undefined;
  for (let n = path.length; n >= 0 && !node; n--) node = findNodeAtLocation(root, path.slice(0, n));
  const target = node ?? root;
  const start = position(starts, target.offset);
  const end = position(starts, target.offset + target.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
