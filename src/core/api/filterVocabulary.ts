// The filter and sort words of the service's page-number lists (Willow.Batch) and of the twins
// property filter, and the rules a filter's value must follow. Shared by the client (checks before
// sending) and the emulator (answers as the service does), so both speak exactly the same words.

/** Every operator the service accepts, spelled and ordered as its validation message lists them. Case-sensitive. */
export const FILTER_OPERATORS = [
  'containedIn',
  'contains',
  'notcontains',
  'startsWith',
  'endsWith',
  'equals',
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'is',
  'not',
  'isEmpty',
  'isNotEmpty',
  'isNull',
  'isNotNull',
  'like',
  'in',
  'notin',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that test the field alone: a value is not needed. */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty', 'isNull', 'isNotNull'];
/** Operators whose value must be a non-empty array. */
export const COLLECTION_OPERATORS: readonly FilterOperator[] = ['containedIn', 'in', 'notin'];

/**
 * Operators the insights store cannot run: Willow.Batch builds them with the string methods that take a
 * `StringComparison`, which EF Core cannot translate to SQL, so a real instance answers 500
 * (docs/service-compatibility.md, "Filter operators on insights").
 */
export const INSIGHT_UNRUNNABLE_OPERATORS: readonly FilterOperator[] = ['startsWith', 'endsWith', 'notcontains'];
/** The operators an insights filter offers: the service's words (synonyms such as `equals` left out) its store can run. */
export const INSIGHT_FILTER_OPERATORS: readonly FilterOperator[] = [
  '=',
  '!=',
  'contains',
  'like',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'notin',
  'isNull',
  'isNotNull',
  'isEmpty',
  'isNotEmpty',
].filter((op) => !INSIGHT_UNRUNNABLE_OPERATORS.includes(op as FilterOperator)) as FilterOperator[];
/** The operators that do the same work on insights. */
const INSIGHT_TEXT_OPERATORS: readonly FilterOperator[] = ['contains', 'like'];

/** Why an operator cannot filter a list whose store cannot run it, and what works instead. */
export function unrunnableOperatorProblem(operator: FilterOperator, items: string): string {
  return `${operator} cannot filter ${items}: the service's database cannot run it (a real instance fails with HTTP 500); use ${INSIGHT_TEXT_OPERATORS.join(' or ')} instead.`;
}

/**
 * The operators Willow.Batch builds with `string` methods (`Contains`, `StartsWith`, `EndsWith`, EF Core's `Like`):
 * on a field that is not text (a number, a date, a GUID, an enum, a list) building the query throws an
 * `ArgumentException`, which the service answers 400 (Willow source: libraries/Willow.Batch/src/FilterOperations.cs;
 * libraries/Willow.ExceptionHandling/GlobalExceptionFilter.cs).
 */
const TEXT_OPERATORS: readonly FilterOperator[] = ['contains', 'notcontains', 'startsWith', 'endsWith', 'like'];

/** Why a text operator cannot filter a field that is not text, and what works instead. */
function textOperatorProblem(operator: FilterOperator, field: string, type: string, items: string): string {
  return `${operator} cannot filter ${field} of ${items}: it is stored as ${type}, not text, and the service's text operators (${TEXT_OPERATORS.join(', ')}) work on text only (a real instance answers 400); use =, !=, in or notin${/^(Int32|DateTime)$/.test(type) ? ', or >, >=, <, <=' : ''} instead.`;
}

/**
 * `isEmpty` and `isNotEmpty` compare the field with `""`: on a field that is not text .NET cannot build that
 * comparison (an `InvalidOperationException`), which the service answers 500 (Willow source:
 * libraries/Willow.Batch/src/FilterOperations.cs; libraries/Willow.ExceptionHandling/GlobalExceptionFilter.cs).
 */
export const EMPTY_TEST_OPERATORS: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty'];

/** Why an empty test cannot filter a field that is not text, and what works instead. */
function emptyTestProblem(operator: FilterOperator, field: string, type: string, items: string): string {
  return `${operator} cannot filter ${field} of ${items}: it is stored as ${type}, not text, and the service compares it with "" (a real instance fails with HTTP 500); use isNull or isNotNull instead.`;
}

/** The operators that work on text only: the text operators and the empty tests. */
const TEXT_ONLY_OPERATORS: readonly FilterOperator[] = [...TEXT_OPERATORS, ...EMPTY_TEST_OPERATORS];

/** Why `operator` cannot filter a field stored as `type` (not text), or undefined when it can. */
export function nonTextFieldProblem(
  operator: FilterOperator,
  field: string,
  type: string,
  items: string,
): string | undefined {
  if (TEXT_OPERATORS.includes(operator)) return textOperatorProblem(operator, field, type, items);
  if (EMPTY_TEST_OPERATORS.includes(operator)) return emptyTestProblem(operator, field, type, items);
  return undefined;
}

/** The operators a filter on `field` can use, given the fields that are not text (the rest are text). */
export function operatorsForField(
  operators: readonly FilterOperator[],
  field: string,
  nonTextFields: Readonly<Record<string, string>>,
): FilterOperator[] {
  const type = Object.entries(nonTextFields).find(([name]) => name.toLowerCase() === field.toLowerCase())?.[1];
  return type === undefined ? [...operators] : operators.filter((op) => !TEXT_ONLY_OPERATORS.includes(op));
}

/** Comparisons: the service builds them with operators an enum field does not have, so they fail there (HTTP 500). */
export const ORDER_OPERATORS: readonly FilterOperator[] = ['>', '>=', '<', '<='];

/** Why a field stored as an enum code cannot be compared with an order operator, and what works instead. */
export function codedFieldProblem(
  operator: FilterOperator,
  field: string,
  codes: Readonly<Record<string, number>>,
  items: string,
): string {
  const words = Object.entries(codes)
    .sort((a, b) => a[1] - b[1])
    .map(([word, code]) => `${word} ${code}`)
    .join(', ');
  return `${operator} cannot compare ${field} of ${items}: it is stored as a code the service cannot compare (a real instance fails with HTTP 500); use in with the values wanted instead (codes: ${words}).`;
}

/** The only sort input: `sort`. (`isSortDescending` is computed by the service from it; a value sent is ignored.) */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Words other APIs (and earlier versions of this project) use, with the service's word for each. */
const FAMILIAR_WORDS: Readonly<Record<string, FilterOperator>> = {
  eq: '=',
  ne: '!=',
  neq: '!=',
  gt: '>',
  ge: '>=',
  gte: '>=',
  lt: '<',
  le: '<=',
  lte: '<=',
  exists: 'isNotNull',
  startswith: 'startsWith',
  endswith: 'endsWith',
  notContains: 'notcontains',
  notIn: 'notin',
};

const OPERATOR_SET: ReadonlySet<string> = new Set(FILTER_OPERATORS);

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && OPERATOR_SET.has(value);
}

/** The service's word for a familiar spelling (`eq` → `=`, `StartsWith` → `startsWith`), or undefined. */
export function serviceOperatorFor(word: string): FilterOperator | undefined {
  if (isFilterOperator(word)) return word;
  return (
    FAMILIAR_WORDS[word] ??
    FAMILIAR_WORDS[word.toLowerCase()] ??
    FILTER_OPERATORS.find((op) => op.toLowerCase() === word.toLowerCase())
  );
}

/**
 * What is wrong with one filter's operator and value, in the service's words, or undefined when
 * nothing is: an unknown operator (the message lists the valid ones), a missing value, or an
 * empty or non-array value where a collection is needed.
 */
export function filterProblem(operator: unknown, value: unknown): string | undefined {
  if (!isFilterOperator(operator)) {
    return `Unsupported expression of type '${String(operator)}'. Supported expression are: ${FILTER_OPERATORS.join(',')}`;
  }
  if ((value === undefined || value === null) && !VALUELESS_OPERATORS.includes(operator))
    return `${operator} requires value to be assigned.`;
  if (COLLECTION_OPERATORS.includes(operator) && !(Array.isArray(value) && value.length > 0))
    return `${operator} requires value to be a non-empty collection.`;
  return undefined;
}

/** The direction of a sort's `sort` value (any case; empty means ascending), or undefined when it is none. */
export function sortDirectionOf(sort: unknown): SortDirection | undefined {
  if (sort === '') return 'asc';
  if (typeof sort !== 'string') return undefined;
  const word = sort.toLowerCase();
  return word === 'asc' || word === 'desc' ? word : undefined;
}
