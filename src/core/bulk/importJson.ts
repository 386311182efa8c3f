import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { DigitalTwin, Relationship } from '../api/types';
import { isObject } from '../dtdl/dtdlText';
import type { ImportItem, ImportIssue, ParsedImport } from './importTypes';
import { nodeValue, pointerSegments, readJsonSourceTree } from './jsonSourceTree';

/** Levels above an item: the top-level array, and the `{ "twins": [...] }` wrapper. */
const WRAPPER_LEVELS = 2;

/**
 * Parses a JSON import file: an array of twins, an array of relationships, a mixed array, or
 * `{ "twins": [...], "relationships": [...] }`. In arrays, an item with `modelId` is a twin and an
 * item with `sourceId`, `name` and `targetId` is a relationship. Every item keeps the line where it
 * starts. A JSON syntax error yields no items, and so does nesting deeper than the service takes
 * (checked on the text first: the parser is recursive).
 */
export function parseImportJson(text: string, file?: string): ParsedImport {
  const tree = readJsonSourceTree(text, file, WRAPPER_LEVELS);
  if (!('root' in tree)) return { items: [], errors: [tree] };
  const { root, lines } = tree;
  const items: ImportItem[] = [];
  const errors: ImportIssue[] = [];
  const take = (node: Node, expected?: 'twin' | 'relationship'): void => {
    const line = lines.lineAt(node.offset);
    const value = nodeValue(tree, node);
    const kind = expected ?? classify(value);
    if (!isObject(value)) {
      errors.push({ file, line, message: 'each item must be a JSON object' });
    } else if (kind === 'twin') {
      const lineOf = (pointer: string): number | undefined => {
        const at = findNodeAtLocation(node, pointerSegments(pointer));
        return at ? lines.lineAt(at.offset) : undefined;
      };
      items.push({ kind, file, line, twin: value as DigitalTwin, lineOf });
    } else if (kind === 'relationship') {
      items.push({ kind, file, line, relationship: value as Relationship });
    } else {
      errors.push({
        file,
        line,
        message: 'the item is neither a twin (needs modelId) nor a relationship (needs sourceId, name and targetId)',
      });
    }
  };
  if (root.type === 'array') {
    for (const child of root.children ?? []) take(child);
  } else if (root.type === 'object') {
    let known = 0;
    for (const prop of root.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      const key = keyNode?.value as string;
      if (key !== 'twins' && key !== 'relationships') {
        errors.push({
          file,
          line: lines.lineAt(prop.offset),
          message: `unexpected key "${key}" (expected "twins" and/or "relationships")`,
        });
        continue;
      }
      known++;
      if (valueNode?.type !== 'array') {
        errors.push({ file, line: lines.lineAt(prop.offset), message: `"${key}" must be an array` });
        continue;
      }
      for (const child of valueNode.children ?? []) take(child, key === 'twins' ? 'twin' : 'relationship');
    }
    if (!known && !errors.length)
      errors.push({
        file,
        line: lines.lineAt(root.offset),
        message: 'expected an array of items or { "twins": [...], "relationships": [...] }',
      });
  } else {
    errors.push({
      file,
      line: lines.lineAt(root.offset),
      message: 'expected an array of items or { "twins": [...], "relationships": [...] }',
    });
  }
  return { items, errors };
}

function classify(value: unknown): 'twin' | 'relationship' | undefined {
  if (!isObject(value)) return undefined;
  if ('modelId' in value) return 'twin';
  if ('sourceId' in value && 'targetId' in value && 'name' in value) return 'relationship';
  return undefined;
}
