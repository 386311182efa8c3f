// The elements the walker found in a set of documents, with where each came from, for the checks across files.
import type { DtdlContext } from './context';
import type { JsonPath } from './problems';

export type JsonObject = Record<string, unknown>;

export interface Element {
  /** The author's `@id`, or one made up from the parent's (never shown as if the author wrote it). */
  id: string;
  explicitId: boolean;
  /** The material class (Interface, Property, Array, …). */
  cls: string;
  cotypes: string[];
  node: JsonObject;
  file: string;
  path: JsonPath;
  context: DtdlContext;
  parent?: Element;
  /** The property of the parent this element sits under. */
  parentProperty?: string;
  children: Element[];
  /** In a DTDL v2 document whose solecisms are tolerated (see `ValidationOptions.tolerateSolecisms`). */
  tolerant: boolean;
}

/** A DTMI written where an element of one of `classes` is expected, to be found in the set afterwards. */
export interface Reference {
  target: string;
  classes: readonly string[];
  from: Element;
  property: string;
  path: JsonPath;
}

export interface ElementSet {
  elements: Element[];
  byId: Map<string, Element>;
  references: Reference[];
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The element each walked JSON object became. Each file's text is parsed into new objects, so an object is walked
// once and its element never changes; kept beside the objects rather than in a set, so sets are merged cheaply.
const elements = new WeakMap<JsonObject, Element>();

export function recordElement(node: JsonObject, element: Element): void {
  elements.set(node, element);
}

export function elementOfNode(node: JsonObject): Element | undefined {
  return elements.get(node);
}
