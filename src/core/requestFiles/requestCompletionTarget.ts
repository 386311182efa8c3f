// What the value under the cursor of a request file names, so the editor can offer the live service's
// words: a property of the request's model, a model id, a relationship name, a twin id.

import { findNodeAtLocation, getLocation, parseTree, type Node } from 'jsonc-parser';

export type CompletionTarget =
  /** `modelId`: the model the request is about (its model filter or `model` option), when it names one. */
  | { kind: 'property'; modelId?: string }
  | { kind: 'model' }
  | { kind: 'relationship'; modelId?: string }
  | { kind: 'twin' };

/** Keys whose value (or whose list's items) is a twin id. */
const TWIN_KEYS = new Set(['id', 'twinId', 'locationId', 'sourceId', 'targetId', 'insightId']);
/** Keys whose list items are model ids. */
const MODEL_LIST_KEYS = new Set(['modelIds', 'modelNames']);
const QUERY_MODEL_KEYS = new Set(['model', 'root', 'dtmi']);
/** Where a property name goes in a body: the property filter's field (at any depth of nested filters). */
const FIELD_PARENTS = new Set(['propertyFilter', 'filters']);

type Segment = string | number;

function lastKey(path: readonly Segment[]): { key?: string; inList: boolean } {
  const last = path[path.length - 1];
  if (typeof last === 'number')
    return { key: typeof path[path.length - 2] === 'string' ? String(path[path.length - 2]) : undefined, inList: true };
  return { key: last, inList: false };
}

function firstString(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') return String(node.value);
  if (node.type === 'array') return node.children?.find((c) => c.type === 'string')?.value as string | undefined;
  return undefined;
}

/** The model a request is about: its body's model filter, else its `model` option. */
function requestModel(root: Node | undefined, requestIndex: number): string | undefined {
  if (!root) return undefined;
  const request = findNodeAtLocation(root, ['requests', requestIndex]);
  if (!request) return undefined;
  return (
    firstString(findNodeAtLocation(request, ['body', 'modelFilter', 'modelIds'])) ??
    firstString(findNodeAtLocation(request, ['query', 'model']))
  );
}

/** The string value the cursor is in: where its text starts and ends (inside the quotes), and what is typed before the cursor. */
export function stringAtOffset(
  text: string,
  offset: number,
): { start: number; end: number; typed: string } | undefined {
  const node = getLocation(text, offset).previousNode;
  if (node?.type !== 'string' || offset <= node.offset || offset > node.offset + node.length) return undefined;
  const start = node.offset + 1;
  const closed = node.length > 1 && text[node.offset + node.length - 1] === '"';
  const end = Math.max(start, node.offset + node.length - (closed ? 1 : 0));
  if (offset > end) return undefined;
  return { start, end, typed: text.slice(start, offset) };
}

/** The target of the string value at `offset`, or undefined where the live service has nothing to offer. */
export function completionTarget(text: string, offset: number): CompletionTarget | undefined {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey) return undefined;
  const path = location.path;
  if (path[0] !== 'requests' || typeof path[1] !== 'number') return undefined;
  const part = path[2];
  if (part !== 'body' && part !== 'query') return undefined;
  const inside = path.slice(3);
  const { key, inList } = lastKey(inside);
  if (key === undefined) return undefined;
  const model = (): string | undefined => requestModel(parseTree(text), path[1] as number);
  if (part === 'query') {
    if (QUERY_MODEL_KEYS.has(key)) return { kind: 'model' };
    if (TWIN_KEYS.has(key)) return { kind: 'twin' };
    return undefined;
  }
  if (MODEL_LIST_KEYS.has(key) && inList) return { kind: 'model' };
  if (key === 'relationshipNames' && inList) return { kind: 'relationship', modelId: model() };
  if (key === 'field' && !inList) {
    const parent = inside.filter((s): s is string => typeof s === 'string').slice(-2, -1)[0];
    if (parent === undefined || FIELD_PARENTS.has(parent)) return { kind: 'property', modelId: model() };
    return undefined;
  }
  if (TWIN_KEYS.has(key)) return { kind: 'twin' };
  return undefined;
}
