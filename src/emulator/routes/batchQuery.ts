import type { BatchPage } from '../../core/api/types';
import { badRequest } from '../httpErrors';
import { field, isObject, optInteger, requireObject, type JsonObject } from '../requestFields';

/**
 * The BatchRequest engine shared by insights, events, tickets and ticket metadata: page numbers,
 * sorting and filtering over plain JSON items. Field names match case-insensitively and may be dot
 * paths into nested objects (`ticketStatus.name`).
 */

export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'startsWith', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface SortRule { path: string[]; descending: boolean }
export interface FilterRule { path: string[]; operator: FilterOperator; value: unknown; or: boolean }
export interface BatchQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  sorts: SortRule[];
  filters: FilterRule[];
}
export interface BatchLimits { defaultPageSize: number; maxPageSize: number }

const OPERATOR_BY_LOWER = new Map<string, FilterOperator>(FILTER_OPERATORS.map((op) => [op.toLowerCase(), op]));

/** Validates a BatchRequest body (absent = all defaults); 400 naming the field on bad input. */
export function parseBatchRequest(body: unknown, limits: BatchLimits): BatchQuery {
  const request: JsonObject = body === undefined || body === null ? {} : requireObject(body);
  const page = optInteger(request, 'page', 0, 2_147_483_647) || 1;
  const rawSize = field(request, 'pageSize');
  if (rawSize !== undefined && rawSize !== null && (typeof rawSize !== 'number' || !Number.isInteger(rawSize) || rawSize < 0 || rawSize > limits.maxPageSize)) {
    throw badRequest(`'pageSize' must be an integer between 1 and ${limits.maxPageSize} (0 or null means the default, ${limits.defaultPageSize}).`, 'pageSize');
  }
  const pageSize = (rawSize as number | null | undefined) || limits.defaultPageSize;
  return { page, pageSize, sorts: parseSorts(field(request, 'sortSpecifications')), filters: parseFilters(field(request, 'filterSpecifications')) };
}

function specList(value: unknown, name: string): JsonObject[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`'${name}' must be an array.`, name);
  return value.map((spec, i) => {
    if (!isObject(spec)) throw badRequest(`'${name}[${i}]' must be an object.`, `${name}[${i}]`);
    return spec;
  });
}

function fieldPath(spec: JsonObject, where: string): string[] {
  const value = field(spec, 'field');
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`'${where}.field' is required: the name of the field (a dot path for nested fields).`, `${where}.field`);
  const path = value.trim().split('.');
  if (path.some((part) => part === '')) throw badRequest(`'${where}.field' is not a valid dot path: '${value}'.`, `${where}.field`);
  return path;
}

function parseSorts(value: unknown): SortRule[] {
  return specList(value, 'sortSpecifications').map((spec, i) => {
    const where = `sortSpecifications[${i}]`;
    const path = fieldPath(spec, where);
    const flag = field(spec, 'isSortDescending');
    if (flag !== undefined && flag !== null && typeof flag !== 'boolean') throw badRequest(`'${where}.isSortDescending' must be true or false.`, `${where}.isSortDescending`);
    const sort = field(spec, 'sort');
    let descending = flag === true;
    if (sort !== undefined && sort !== null && sort !== '') {
      const word = typeof sort === 'string' ? sort.toLowerCase() : '';
      if (!['asc', 'ascending', 'desc', 'descending'].includes(word)) throw badRequest(`'${where}.sort' must be 'asc' or 'desc'.`, `${where}.sort`);
      descending ||= word.startsWith('desc');
    }
    return { path, descending };
  });
}

function parseFilters(value: unknown): FilterRule[] {
  return specList(value, 'filterSpecifications').map((spec, i) => {
    const where = `filterSpecifications[${i}]`;
    const rawOperator = field(spec, 'operator');
    const operator = typeof rawOperator === 'string' ? OPERATOR_BY_LOWER.get(rawOperator.trim().toLowerCase()) : undefined;
    if (!operator) throw badRequest(`'${where}.operator' must be one of ${FILTER_OPERATORS.join(', ')} (case-insensitive).`, `${where}.operator`);
    const path = fieldPath(spec, where);
    const filterValue = field(spec, 'value');
    if (operator === 'in' && !Array.isArray(filterValue)) throw badRequest(`'${where}.value' must be an array for the 'in' operator.`, `${where}.value`);
    if ((operator === 'contains' || operator === 'startsWith') && typeof filterValue !== 'string') {
      throw badRequest(`'${where}.value' must be a string for the '${operator}' operator.`, `${where}.value`);
    }
    if (['gt', 'gte', 'lt', 'lte'].includes(operator) && typeof filterValue !== 'number' && typeof filterValue !== 'string') {
      throw badRequest(`'${where}.value' must be a number or a string for the '${operator}' operator.`, `${where}.value`);
    }
    const join = field(spec, 'filterConditionOperator');
    const joinWord = typeof join === 'string' ? join.toLowerCase() : join === undefined || join === null ? 'and' : '';
    if (joinWord !== 'and' && joinWord !== 'or') throw badRequest(`'${where}.filterConditionOperator' must be 'And' or 'Or'.`, `${where}.filterConditionOperator`);
    return { path, operator, value: filterValue, or: joinWord === 'or' };
  });
}

/**
 * The value at a dot path, matching each key case-insensitively. A path through an array of objects
 * collects the values of all elements (`impactScores.name` -> every score's name).
 */
export function valueAt(item: unknown, path: readonly string[]): unknown {
  let current = item;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(current)) return current.flatMap((element) => valueAt(element, path.slice(i)) ?? []);
    if (!isObject(current)) return undefined;
    current = field(current, path[i]);
  }
  return current;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** Orders two JSON values: numbers numerically, ISO date-times by instant, text case-insensitively. Null/absent sort last. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b))) return a - Number(b);
  const textA = typeof a === 'string' ? a : JSON.stringify(a);
  const textB = typeof b === 'string' ? b : JSON.stringify(b);
  if (ISO_DATE.test(textA) && ISO_DATE.test(textB)) {
    const timeA = Date.parse(textA);
    const timeB = Date.parse(textB);
    if (!Number.isNaN(timeA) && !Number.isNaN(timeB)) return timeA - timeB;
  }
  const lowerA = textA.toLowerCase();
  const lowerB = textB.toLowerCase();
  return lowerA < lowerB ? -1 : lowerA > lowerB ? 1 : 0;
}

function equals(actual: unknown, expected: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  if (actual === null || actual === undefined) return false;
  if (typeof actual === 'boolean') return typeof expected === 'boolean' ? actual === expected : String(actual) === String(expected).toLowerCase();
  return compareValues(actual, expected) === 0;
}

function testScalar(actual: unknown, rule: FilterRule): boolean {
  switch (rule.operator) {
    case 'eq': return equals(actual, rule.value);
    case 'neq': return !equals(actual, rule.value);
    case 'in': return (rule.value as unknown[]).some((v) => equals(actual, v));
    case 'contains': return typeof actual === 'string' && actual.toLowerCase().includes(String(rule.value).toLowerCase());
    case 'startsWith': return typeof actual === 'string' && actual.toLowerCase().startsWith(String(rule.value).toLowerCase());
    default: {
      if (actual === null || actual === undefined) return false;
      const order = compareValues(actual, rule.value);
      return rule.operator === 'gt' ? order > 0 : rule.operator === 'gte' ? order >= 0 : rule.operator === 'lt' ? order < 0 : order <= 0;
    }
  }
}

/** One filter against one item; on array fields a rule holds when any element satisfies it (`neq`: when none equals). */
export function testFilter(item: unknown, rule: FilterRule): boolean {
  const actual = valueAt(item, rule.path);
  if (!Array.isArray(actual)) return testScalar(actual, rule);
  if (rule.operator === 'neq') return !actual.some((element) => equals(element, rule.value));
  return actual.some((element) => testScalar(element, rule));
}

/**
 * Filters join the ones before them with their `filterConditionOperator` (the first one's is
 * ignored), And binding tighter than Or: `[a, b (Or), c (And)]` means `a OR (b AND c)`.
 */
export function matchesFilters(item: unknown, filters: readonly FilterRule[]): boolean {
  if (filters.length === 0) return true;
  let groupHolds = true;
  for (let i = 0; i < filters.length; i++) {
    if (i > 0 && filters[i].or) {
      if (groupHolds) return true;
      groupHolds = true;
    }
    if (groupHolds && !testFilter(item, filters[i])) groupHolds = false;
  }
  return groupHolds;
}

type SortKey = number | string | null;

/** A value reduced to what ordering needs: numbers, booleans and ISO date-times become numbers, text is lower-cased. */
function sortKey(value: unknown): SortKey {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (ISO_DATE.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return time;
  }
  return text.toLowerCase();
}

function compareKeys(a: SortKey, b: SortKey, descending: boolean): number {
  // Missing values stay last whichever the direction.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  let order: number;
  if (typeof a === 'number' && typeof b === 'number') order = a - b;
  else if (typeof a === 'string' && typeof b === 'string') order = a < b ? -1 : a > b ? 1 : 0;
  else order = typeof a === 'number' ? -1 : 1;
  return descending ? -order : order;
}

/**
 * Sorts by the rules, then by `fallback` rules for ties (stable). Keys are computed once per item;
 * `pick` selects the object the rules read (e.g. the root of an insight group).
 */
export function orderBy<T>(items: readonly T[], rules: readonly SortRule[], pick: (item: T) => unknown = (item) => item): T[] {
  const keyed = items.map((item) => ({ item, keys: rules.map((rule) => sortKey(valueAt(pick(item), rule.path))) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < rules.length; i++) {
      const order = compareKeys(a.keys[i], b.keys[i], rules[i].descending);
      if (order !== 0) return order;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}

/** The slice of already filtered and sorted items for the requested page. */
export function pageOf<T>(items: readonly T[], query: Pick<BatchQuery, 'page' | 'pageSize'>): { before: number; after: number; total: number; items: T[] } {
  const total = items.length;
  const start = Math.min(total, (query.page - 1) * query.pageSize);
  const slice = items.slice(start, start + query.pageSize);
  return { before: start, after: total - start - slice.length, total, items: slice };
}

/** Parse, filter, sort (request rules, then `defaultSort`) and page in one step. */
export function runBatchQuery<T>(items: Iterable<T>, body: unknown, options: BatchLimits & { defaultSort: SortRule[] }): BatchPage<T> {
  const query = parseBatchRequest(body, options);
  const matched: T[] = [];
  for (const item of items) if (matchesFilters(item, query.filters)) matched.push(item);
  return pageOf(orderBy(matched, [...query.sorts, ...options.defaultSort]), query);
}

/** Shorthand for a sort rule on a top-level or dot-path field. */
export function sortBy(fieldPath: string, descending = false): SortRule {
  return { path: fieldPath.split('.'), descending };
}
