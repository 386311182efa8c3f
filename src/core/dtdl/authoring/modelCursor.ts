// Where the cursor stands in a DTDL model file: on a property name or a value, inside which element (its class
// from its "@type", else from where it is nested), and which text a completion replaces. Works on text being
// typed (jsonc-parser recovers from unfinished JSON).
import { findNodeAtLocation, getLocation, parseTree, type Node } from 'jsonc-parser';
import { contextVersion } from '../dtdlText';
import { VERSION_SPECS, type ClassSpec, type PropertySpec } from '../validation/metamodel';

export interface OffsetRange {
  start: number;
  end: number;
}

export interface ModelCursor {
  kind: 'key' | 'value';
  /** For a value: the property it belongs to (the one before an array's index). */
  property?: string;
  /** The class of the element the cursor is in, when its "@type" or its place says it. */
  elementClass?: string;
  /** The classes the element may be where it is nested (several for `contents`). */
  candidates: string[];
  version: number;
  /** The properties the element already has. */
  presentKeys: string[];
  /** The text a completion replaces: the inside of the string under the cursor, or nothing at the cursor. */
  replace: OffsetRange;
  /** Whether the cursor is inside a string (completions then leave the quotes out). */
  inString: boolean;
  /** The whole element at the cursor (for a value inside an inline schema: that schema). */
  isRoot: boolean;
}

export function classSpec(version: number, cls: string | undefined): ClassSpec | undefined {
  return cls ? VERSION_SPECS[version]?.classes[cls] : undefined;
}

/** The classes an element may be when it is the value of a property of that spec. */
export function nestedClasses(spec: PropertySpec | undefined): string[] {
  if (!spec) return [];
  if (spec.kind === 'elements') return spec.classes;
  if (spec.kind === 'schema') return spec.interfaceOnly ? ['Interface'] : ['Array', 'Enum', 'Map', 'Object'];
  if (spec.kind === 'interfaces') return ['Interface'];
  return [];
}

export function propertyNode(object: Node, key: string): Node | undefined {
  for (const prop of object.children ?? []) if (prop.children?.[0]?.value === key) return prop.children[1];
  return undefined;
}

/** The element class an object names in "@type", among `candidates` when some are given. */
export function declaredClass(object: Node, version: number, candidates: string[]): string | undefined {
  const typeNode = propertyNode(object, '@type');
  const types =
    typeNode?.type === 'string'
      ? [typeNode.value as string]
      : (typeNode?.children ?? []).filter((n) => n.type === 'string').map((n) => n.value as string);
  const known = VERSION_SPECS[version]?.classes ?? {};
  return types.find((t) => (candidates.length ? candidates.includes(t) : Object.hasOwn(known, t)));
}

/** The DTDL version a file's root names in "@context" (3 when it names none). */
export function fileVersion(root: Node | undefined): number {
  const first = root?.type === 'array' ? root.children?.[0] : root;
  const context = first?.type === 'object' ? propertyNode(first, '@context') : undefined;
  const value =
    context?.type === 'array' ? (context.children ?? []).map((n) => n.value as unknown) : (context?.value as unknown);
  return contextVersion(value);
}

/** The class of the object at `path` and the classes it may be there, walking down from the root. */
export function classAt(
  root: Node,
  path: readonly (string | number)[],
  version: number,
): { cls?: string; candidates: string[] } {
  let candidates = ['Interface'];
  let node: Node | undefined = root;
  let cls: string | undefined = root.type === 'object' ? 'Interface' : undefined;
  for (const segment of path) {
    if (!node) break;
    if (typeof segment === 'number') {
      node = node.children?.[segment];
      if (node?.type === 'object') cls = declaredClass(node, version, candidates) ?? single(candidates);
      continue;
    }
    candidates = nestedClasses(classSpec(version, cls)?.properties[segment]);
    node = node.type === 'object' ? propertyNode(node, segment) : undefined;
    cls = node?.type === 'object' ? (declaredClass(node, version, candidates) ?? single(candidates)) : undefined;
  }
  return { cls, candidates };
}

function single(list: string[]): string | undefined {
  return list.length === 1 ? list[0] : undefined;
}

/** The range inside a string node's quotes (an unfinished string has no closing quote). */
export function insideQuotes(text: string, node: Node): OffsetRange {
  const closed = node.length >= 2 && text[node.offset + node.length - 1] === '"';
  return { start: node.offset + 1, end: node.offset + node.length - (closed ? 1 : 0) };
}

export function modelCursor(text: string, offset: number): ModelCursor | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (!root) return undefined;
  const location = getLocation(text, offset);
  const path = location.path;
  const version = fileVersion(root);
  const previous = location.previousNode;
  const inString =
    (previous?.type === 'string' || previous?.type === 'property') &&
    offset > previous.offset &&
    offset <= previous.offset + previous.length;
  const replace = inString && previous ? insideQuotes(text, previous) : { start: offset, end: offset };
  if (location.isAtPropertyKey) {
    const objectPath = path.slice(0, -1);
    const { cls, candidates } = classAt(root, objectPath, version);
    const object = objectPath.length ? findNodeAtLocation(root, objectPath) : root;
    const presentKeys = (object?.children ?? [])
      .map((p) => p.children?.[0])
      .filter((k): k is Node => k !== undefined && k !== previous)
      .map((k) => k.value as string);
    return {
      kind: 'key',
      elementClass: cls,
      candidates,
      version,
      presentKeys,
      replace,
      inString,
      isRoot: objectPath.length === 0 || (objectPath.length === 1 && typeof objectPath[0] === 'number'),
    };
  }
  const propertyIndex = typeof path[path.length - 1] === 'number' ? path.length - 2 : path.length - 1;
  const property = path[propertyIndex];
  if (typeof property !== 'string') return undefined;
  const objectPath = path.slice(0, propertyIndex);
  const { cls, candidates } = classAt(root, objectPath, version);
  return {
    kind: 'value',
    property,
    elementClass: cls,
    candidates,
    version,
    presentKeys: [],
    replace,
    inString,
    isRoot: objectPath.length === 0 || (objectPath.length === 1 && typeof objectPath[0] === 'number'),
  };
}
