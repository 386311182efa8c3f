import {
  codedFieldProblem,
  EMPTY_TEST_OPERATORS,
  filterProblem,
  nonTextFieldProblem,
  ORDER_OPERATORS,
  unrunnableOperatorProblem,
  type FilterOperator,
} from '../../core/api/filterVocabulary';
import type { BatchPage } from '../../core/api/types';
import { badRequest, HttpError, validationFailed } from '../httpErrors';
import { field, isObject, optInteger, requireObject, type JsonObject } from '../requestFields';
import { fieldHolds, resolveFields, sortValue, type BatchEntity, type FieldRef } from './batchFields';
import { instant } from './filterOperators';

/**
 * The BatchRequest engine shared by insights, events, tickets and ticket metadata, with Willow.Batch's
 * rules (docs/service-compatibility.md, "Paging, filtering and sorting by page number"): 1-based
 * pages, `sort: "asc" | "desc"`, the service's filter operators, filters on fields the entity lacks
 * ignored. Validation problems are collected and answered together, keyed as the service keys them
 * (`FilterSpecifications[0]`, `SortSpecifications[1].Sort`).
 */

export interface SortRule {
  ref: FieldRef;
  descending: boolean;
}
export interface FilterRule {
  /** The fields ORed together; 'ignored' when the entity lacks one of them (the filter then holds for every item). */
  refs: FieldRef[] | 'ignored';
  operator: FilterOperator;
  value: unknown;
  or: boolean;
}
export interface BatchQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  sorts: SortRule[];
  filters: FilterRule[];
  /**
   * Why the sort cannot run (no `sort`, an unknown field or parent). The service sorts only when the filters
   * matched something (`items.Any()`), so this is thrown only then (`sortable`); with nothing matched it answers
   * an empty page.
   */
  sortFailure?: HttpError;
}
export interface BatchLimits {
  defaultPageSize: number;
  maxPageSize: number;
}
export interface BatchListing extends BatchLimits {
  entity: BatchEntity;
}

type Problems = Record<string, string[]>;
const note = (problems: Problems, key: string, message: string) => (problems[key] ??= []).push(message);

/** Validates a BatchRequest body (absent = all defaults); 400 naming every problem. */
export function parseBatchRequest(body: unknown, listing: BatchListing): BatchQuery {
  const request: JsonObject = body === undefined || body === null ? {} : requireObject(body);
  const page = Math.max(1, optInteger(request, 'page', -2_147_483_648, 2_147_483_647) ?? 1);
  const rawSize = field(request, 'pageSize');
  if (
    rawSize !== undefined &&
    rawSize !== null &&
    (typeof rawSize !== 'number' || !Number.isInteger(rawSize) || rawSize < 0 || rawSize > listing.maxPageSize)
  ) {
    throw badRequest(
      `'pageSize' must be an integer between 1 and ${listing.maxPageSize} (0 or null means the default, ${listing.defaultPageSize}).`,
      'pageSize',
    );
  }
  const pageSize = (rawSize as number | null | undefined) || listing.defaultPageSize;
  const problems: Problems = {};
  const sortProblems: Problems = {};
  const { rules: sorts, failure } = parseSorts(
    field(request, 'sortSpecifications'),
    listing.entity,
    problems,
    sortProblems,
  );
  const filters = parseFilters(field(request, 'filterSpecifications'), listing.entity, problems);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  const sortFailure = Object.keys(sortProblems).length ? validationFailed(sortProblems) : failure;
  return { page, pageSize, sorts, filters, ...(sortFailure ? { sortFailure } : {}) };
}

/** Throws the query's sort failure when there are items to sort (the service sorts only then). */
export function sortable(query: BatchQuery, matched: number): void {
  if (matched > 0 && query.sortFailure) throw query.sortFailure;
}

function specList(value: unknown, name: string, problems: Problems): Array<[JsonObject, number]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    note(problems, name, `${name} must be an array.`);
    return [];
  }
  const specs: Array<[JsonObject, number]> = [];
  value.forEach((spec, i) => {
    if (isObject(spec)) specs.push([spec, i]);
    else note(problems, `${name}[${i}]`, 'Each specification must be an object.');
  });
  return specs;
}

/** The `field` text, or undefined after noting that it is required. */
function requiredField(spec: JsonObject, where: string, problems: Problems): string | undefined {
  const text = field(spec, 'field');
  if (typeof text === 'string' && text.trim() !== '') return text;
  note(problems, `${where}.Field`, 'The Field field is required.');
  return undefined;
}

/**
 * The sort rules. A sort without `field` does not bind (`problems`, always a 400); what fails only when the service
 * sorts (no `sort`, an unknown field: 500 in the service, a 400 here by the project's choice; an unknown parent of
 * a dot path: the service's 400) goes to `deferred` or `failure`.
 */
function parseSorts(
  value: unknown,
  entity: BatchEntity,
  problems: Problems,
  deferred: Problems,
): { rules: SortRule[]; failure?: HttpError } {
  const rules: SortRule[] = [];
  let failure: HttpError | undefined;
  for (const [spec, i] of specList(value, 'SortSpecifications', problems)) {
    const where = `SortSpecifications[${i}]`;
    const text = requiredField(spec, where, problems);
    const refs = text === undefined ? undefined : resolveFields(entity, text, false);
    // The service builds the property path and fails on a parent the items lack (an ArgumentException: 400).
    if (refs !== undefined && refs !== 'unknown' && !Array.isArray(refs)) {
      failure ??= new HttpError(
        400,
        `'${refs.unknownParent}' is not a member of the ${entity.items ?? 'items'} listed (sort field '${text}').`,
      );
    }
    if (text !== undefined && (refs === undefined || refs === 'unknown')) {
      note(
        deferred,
        `${where}.Field`,
        `Cannot sort by '${text}': it is not a field of the items listed (fields: ${entity.fields.join(', ')}).`,
      );
    }
    const direction = serviceSortDirection(field(spec, 'sort'));
    if (!direction) {
      const hint =
        field(spec, 'isSortDescending') !== undefined
          ? ' isSortDescending is computed from it and ignored when sent.'
          : '';
      note(deferred, `${where}.Sort`, `The Sort field is required: "asc" or "desc".${hint}`);
    }
    if (Array.isArray(refs) && direction) rules.push({ ref: refs[0], descending: direction === 'desc' });
  }
  return { rules, ...(failure ? { failure } : {}) };
}

/**
 * The direction the service derives from `sort`: descending for "desc" in any case, ascending for every other
 * text ("ascending", "descending", "" and typos included: no error). A missing `sort` fails in the service
 * (a null dereference, 500): undefined here, which the emulator answers 400 (the project's choice).
 */
function serviceSortDirection(sort: unknown): 'asc' | 'desc' | undefined {
  if (typeof sort !== 'string') return undefined;
  return sort.toLowerCase() === 'desc' ? 'desc' : 'asc';
}

function parseFilters(value: unknown, entity: BatchEntity, problems: Problems): FilterRule[] {
  const rules: FilterRule[] = [];
  for (const [spec, i] of specList(value, 'FilterSpecifications', problems)) {
    const where = `FilterSpecifications[${i}]`;
    const text = requiredField(spec, where, problems);
    const operator = field(spec, 'operator');
    if (operator === undefined || operator === null || operator === '') {
      note(problems, `${where}.Operator`, 'The Operator field is required.');
      continue;
    }
    if (text === undefined) continue;
    const filterValue = field(spec, 'value');
    const problem = filterProblem(operator, filterValue);
    if (problem) {
      note(problems, where, problem);
      continue;
    }
    // Building a text operator (an ArgumentException: 400) or an empty test (an InvalidOperationException: 500) on
    // a field that is not text throws, before any database is asked.
    const typed = nonTextField(entity, text, operator as FilterOperator);
    if (typed) {
      const items = entity.items ?? 'these items';
      const status = EMPTY_TEST_OPERATORS.includes(operator as FilterOperator) ? 500 : 400;
      throw new HttpError(status, typed.problem(items));
    }
    // The service answers 500 for these (its database cannot run them); a 400 says why and what works.
    if (entity.unrunnable?.includes(operator as FilterOperator)) {
      note(problems, where, unrunnableOperatorProblem(operator as FilterOperator, entity.items ?? 'these items'));
      continue;
    }
    const refs = resolveFields(entity, text, true);
    if (refs === undefined) {
      note(
        problems,
        `${where}.Field`,
        `'${text}' is not a field: use a name, a dot path (ticketStatus.name), list[sub] or a comma list of those.`,
      );
      continue;
    }
    // The service builds the property path and fails on a parent the items lack (an ArgumentException: 400).
    if (!Array.isArray(refs) && refs !== 'unknown') {
      throw new HttpError(
        400,
        `'${refs.unknownParent}' is not a member of the ${entity.items ?? 'items'} listed (filter field '${text}'); only an unknown last segment is ignored.`,
      );
    }
    const coded =
      Array.isArray(refs) && ORDER_OPERATORS.includes(operator as FilterOperator)
        ? refs.find((ref) => ref.codes)
        : undefined;
    if (coded) {
      const name = entity.fields.find((f) => (entity.storedAs?.[f] ?? f) === coded.source) ?? coded.source;
      note(
        problems,
        where,
        codedFieldProblem(operator as FilterOperator, name, coded.codes!, entity.items ?? 'these items'),
      );
      continue;
    }
    const join = field(spec, 'filterConditionOperator');
    const joinWord = typeof join === 'string' ? join.toLowerCase() : join === undefined || join === null ? 'and' : '';
    if (joinWord !== 'and' && joinWord !== 'or') {
      note(problems, `${where}.FilterConditionOperator`, "FilterConditionOperator must be 'And' or 'Or'.");
      continue;
    }
    rules.push({
      refs: refs === 'unknown' ? 'ignored' : refs,
      operator: operator as FilterOperator,
      value: filterValue,
      or: joinWord === 'or',
    });
  }
  return rules;
}

/** The first top-level field of a (comma list) filter field that is not text, when the operator works on text only. */
function nonTextField(
  entity: BatchEntity,
  text: string,
  operator: FilterOperator,
): { problem: (items: string) => string } | undefined {
  const types = entity.nonTextFields;
  if (!types) return undefined;
  for (const part of text.split(',')) {
    const name = part.trim().toLowerCase();
    const typed = Object.keys(types).find((key) => key.toLowerCase() === name);
    if (typed && nonTextFieldProblem(operator, typed, types[typed], ''))
      return { problem: (items) => nonTextFieldProblem(operator, typed, types[typed], items)! };
  }
  return undefined;
}

/** One filter against one item: any of its fields satisfies it. */
function testFilter(item: unknown, rule: FilterRule): boolean {
  if (rule.refs === 'ignored') return true;
  if (!isObject(item)) return false;
  return rule.refs.some((ref) => fieldHolds(item, ref, rule.operator, rule.value));
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

/** A value reduced to what ordering needs: numbers, booleans and ISO date-times become numbers, text is trimmed and lower-cased. */
function sortKey(value: unknown): SortKey {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  const time = instant(value);
  if (time !== undefined) return time;
  return (typeof value === 'string' ? value.trim() : JSON.stringify(value)).toLowerCase();
}

/** Null and missing values sort first ascending and last descending, as in the service's database; numbers before text. */
function compareKeys(a: SortKey, b: SortKey, descending: boolean): number {
  let order: number;
  if (a === null || b === null) order = a === b ? 0 : a === null ? -1 : 1;
  else if (typeof a === 'number' && typeof b === 'number') order = a - b;
  else if (typeof a === 'string' && typeof b === 'string') order = a < b ? -1 : a > b ? 1 : 0;
  else order = typeof a === 'number' ? -1 : 1;
  return descending ? -order : order;
}

/**
 * Sorts by the rules, then by later rules for ties (stable). Keys are computed once per item;
 * `pick` selects the object the rules read (e.g. the root of an insight group).
 */
export function orderBy<T>(
  items: readonly T[],
  rules: readonly SortRule[],
  pick: (item: T) => unknown = (item) => item,
): T[] {
  const keyed = items.map((item) => {
    const target = pick(item);
    return { item, keys: rules.map((rule) => (isObject(target) ? sortKey(sortValue(target, rule.ref)) : null)) };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < rules.length; i++) {
      const order = compareKeys(a.keys[i], b.keys[i], rules[i].descending);
      if (order !== 0) return order;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}

/**
 * The page of already filtered and sorted items, counted as the service counts: `before` is
 * (page - 1) × pageSize even past the end, `after` what remains after the page (negative past the end).
 */
export function pageOf<T>(items: readonly T[], query: Pick<BatchQuery, 'page' | 'pageSize'>): BatchPage<T> {
  const total = items.length;
  const before = (query.page - 1) * query.pageSize;
  const slice = items.slice(before, before + query.pageSize);
  return { before, after: total - before - slice.length, total, items: slice };
}

/** Parse, filter, sort (request rules, then `defaultSort`) and page in one step. */
export function runBatchQuery<T>(
  items: Iterable<T>,
  body: unknown,
  listing: BatchListing & { defaultSort: SortRule[] },
): BatchPage<T> {
  const query = parseBatchRequest(body, listing);
  const matched: T[] = [];
  for (const item of items) if (matchesFilters(item, query.filters)) matched.push(item);
  sortable(query, matched.length);
  return pageOf(orderBy(matched, [...query.sorts, ...listing.defaultSort]), query);
}

/** A default sort rule on a top-level or dot-path field of the items. */
export function sortBy(fieldPath: string, descending = false): SortRule {
  const [source, ...rest] = fieldPath.split('.');
  return { ref: { source, rest }, descending };
}
