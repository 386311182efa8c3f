import type { FilterOperator } from '../../core/api/filterVocabulary';
import { field, isObject } from '../requestFields';
import { testOperator } from './filterOperators';
import { enumCode } from '../../core/api/insightStatus';

/**
 * The `field` of a page-number list's filter or sort, read as Willow.Batch reads it against the
 * entity it lists: a top-level property (any case), a dot path into nested objects
 * (`ticketStatus.name`), or `list[sub]` for "any element of `list` whose `sub` …". A filter's
 * `field` may also be a comma list, which ORs the condition over the fields.
 */

/** The fields an entity has, as the service stores it. */
export interface BatchEntity {
  /** Top-level fields. A filter naming another field is ignored (it holds for every item); a sort naming one is a 400. */
  fields: readonly string[];
  /** Stored fields whose value the item sent carries under another name (insights: `status` holds the current status, sent as `lastStatus`). */
  storedAs?: Readonly<Record<string, string>>;
  /** Operators the store cannot run (insights: EF Core cannot translate them), refused with a 400 naming what works. */
  unrunnable?: readonly FilterOperator[];
  /** The listed items in words, for messages ("insights"). */
  items?: string;
  /** Fields stored as enum codes (word → code): they sort by code, and `>`, `>=`, `<`, `<=` on them are refused (the service fails). */
  codedFields?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Fields that are not text, with their .NET type: a text operator on one fails to build (400 `{statusCode, message, data}`). */
  nonTextFields?: Readonly<Record<string, string>>;
}

/** One resolved field: where its value sits in an item. */
export interface FieldRef {
  /** The item's top-level key. */
  source: string;
  /** Dot path below it. */
  rest: string[];
  /** With `list[sub]`: the path of `sub` inside each element. */
  element?: string[];
  /** The codes the field's words are stored under (it sorts by them). */
  codes?: Readonly<Record<string, number>>;
}

const PART = /^([^.[\]]+)((?:\.[^.[\]]+)*)(?:\[([^.[\]]+(?:\.[^.[\]]+)*)\])?$/;

/** A dot path whose parent the entity lacks: the service cannot build the property and answers 400 naming it. */
export interface UnknownParent {
  unknownParent: string;
}

/**
 * A field text as refs; 'unknown' when the entity lacks a named top-level field (the last segment: the filter
 * is ignored); `{ unknownParent }` when it lacks the parent of a dot path; undefined when the text is no field path.
 */
export function resolveFields(
  entity: BatchEntity,
  text: string,
  allowList: boolean,
): FieldRef[] | 'unknown' | UnknownParent | undefined {
  const parts = allowList ? text.split(',') : [text];
  const refs: FieldRef[] = [];
  let unknown = false;
  for (const part of parts) {
    const match = PART.exec(part.trim());
    if (!match || (!allowList && match[3] !== undefined)) return undefined;
    const [top, ...rest] = `${match[1]}${match[2]}`.split('.');
    const name = entity.fields.find((f) => f.toLowerCase() === top.toLowerCase());
    if (name === undefined && rest.length > 0) return { unknownParent: top };
    if (name === undefined) unknown = true;
    else {
      const codes = rest.length === 0 ? entity.codedFields?.[name] : undefined;
      refs.push({
        source: entity.storedAs?.[name] ?? name,
        rest,
        element: match[3]?.split('.'),
        ...(codes ? { codes } : {}),
      });
    }
  }
  return unknown ? 'unknown' : refs;
}

/** The value at a dot path (keys matched without case); `through` tells what was met on the way: a missing parent or a list. */
function walk(start: unknown, path: readonly string[]): { value: unknown; through?: 'null' | 'list' } {
  let current = start;
  for (const segment of path) {
    if (current === null || current === undefined) return { value: undefined, through: 'null' };
    if (Array.isArray(current)) return { value: undefined, through: 'list' };
    current = isObject(current) ? field(current, segment) : undefined;
  }
  return { value: current };
}

/**
 * One field's condition on one item. A missing parent fails the condition (whatever the operator);
 * a dot path through a list is not a property to the service, which then ignores the filter.
 */
export function fieldHolds(
  item: Record<string, unknown>,
  ref: FieldRef,
  operator: FilterOperator,
  value: unknown,
): boolean {
  const { value: actual, through } = walk(field(item, ref.source), ref.rest);
  if (through === 'list') return true;
  if (through === 'null') return false;
  if (ref.codes && !ref.element)
    return testOperator(enumCode(ref.codes, actual) ?? actual, operator, codedValue(ref.codes, value));
  if (!ref.element) return testOperator(actual, operator, value);
  if (!Array.isArray(actual)) return false;
  return actual.some((element) => {
    const inner = walk(element, ref.element!);
    return inner.through === undefined && testOperator(inner.value, operator, value);
  });
}

/**
 * A filter value for a field stored as an enum code, converted as Willow.Batch converts it (`ParseOneOrDefaultEnum`
 * in libraries/Willow.Batch/src/Extensions/JsonElementExtensions.cs): a whole number is the code itself, a word
 * (any case) its member's code, anything else the enum's default, 0. A list converts item by item.
 */
function codedValue(codes: Readonly<Record<string, number>>, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => codedValue(codes, item));
  if (value === null || value === undefined) return value;
  const text = String(value).trim();
  if (/^[+-]?\d+$/.test(text)) return Number(text);
  return enumCode(codes, text) ?? 0;
}

/** A sort key's value: the field's (its code for a coded field), or undefined where the path meets nothing or a list. */
export function sortValue(item: Record<string, unknown>, ref: FieldRef): unknown {
  const value = walk(field(item, ref.source), ref.rest).value;
  return ref.codes ? (enumCode(ref.codes, value) ?? value) : value;
}
