import type { FilterOperator } from '../../core/api/filterVocabulary';

/**
 * What each filter operator means for a JSON value, as Willow.Batch evaluates it on a typed property
 * (docs/emulator.md, "Filter operators"): text is trimmed and compared without case, numbers
 * numerically (numeric text too), ISO date-times by instant. Every operator but `isNull` fails on a
 * null or missing value, `!=` and `notin` included. On an array value (the emulator's choice: the
 * service cannot filter arrays of scalars) a positive operator holds when any element satisfies it,
 * a negative one (`!=`, `not`, `notcontains`, `notin`) when every element does.
 */
export function testOperator(actual: unknown, operator: FilterOperator, value: unknown): boolean {
  if (operator === 'isNull') return actual === null || actual === undefined;
  if (actual === null || actual === undefined) return false;
  if (Array.isArray(actual)) return testArray(actual, operator, value);
  switch (operator) {
    case 'isNotNull':
      return true;
    case 'isEmpty':
      return typeof actual === 'string' && actual.trim() === '';
    case 'isNotEmpty':
      return typeof actual !== 'string' || actual.trim() !== '';
    case '=':
    case 'equals':
    case 'is':
      return valuesEqual(actual, value);
    case '!=':
    case 'not':
      return !valuesEqual(actual, value);
    case '>':
    case '>=':
    case '<':
    case '<=':
      return holdsOrder(orderOf(actual, value), operator);
    case 'contains':
      return typeof actual === 'string' && plain(actual).includes(plain(value));
    case 'notcontains':
      return typeof actual === 'string' && !plain(actual).includes(plain(value));
    case 'startsWith':
      return typeof actual === 'string' && plain(actual).startsWith(plain(value));
    case 'endsWith':
      return typeof actual === 'string' && plain(actual).endsWith(plain(value));
    case 'like':
      return typeof actual === 'string' && likePattern(value).test(actual.trim());
    case 'in':
    case 'containedIn':
      return asList(value).some((v) => valuesEqual(actual, v));
    case 'notin':
      return !asList(value).some((v) => valuesEqual(actual, v));
  }
}

const NEGATIVE_OPERATORS: ReadonlySet<FilterOperator> = new Set(['!=', 'not', 'notcontains', 'notin']);

function testArray(elements: unknown[], operator: FilterOperator, value: unknown): boolean {
  switch (operator) {
    case 'isNotNull':
      return true;
    case 'isEmpty':
      return elements.length === 0;
    case 'isNotEmpty':
      return elements.length > 0;
    default:
      return NEGATIVE_OPERATORS.has(operator)
        ? elements.every((element) => testOperator(element, operator, value))
        : elements.some((element) => testOperator(element, operator, value));
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** Text as the service compares it: trimmed, lower case. */
function plain(value: unknown): string {
  return (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).trim().toLowerCase();
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The instant of an ISO 8601 date-time text, else undefined. */
export function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_DATE.test(value.trim())) return undefined;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? undefined : time;
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * The order of `a` relative to `b` (negative, zero, positive), read the way `a`'s type reads `b`:
 * numbers numerically, date-times by instant, booleans as false < true, other text without case;
 * undefined when `b` cannot be read as `a`'s type.
 */
function orderOf(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number') {
    const other = numeric(b);
    return other === undefined ? undefined : a - other;
  }
  if (typeof a === 'boolean') {
    const other = typeof b === 'boolean' ? b : plain(b) === 'true' ? true : plain(b) === 'false' ? false : undefined;
    return other === undefined ? undefined : Number(a) - Number(other);
  }
  if (typeof a === 'string') {
    const timeA = instant(a);
    const timeB = instant(b);
    if (timeA !== undefined && timeB !== undefined) return timeA - timeB;
    if (typeof b === 'object' && b !== null) return undefined;
    const textA = plain(a);
    const textB = plain(b);
    return textA < textB ? -1 : textA > textB ? 1 : 0;
  }
  return undefined;
}

function valuesEqual(actual: unknown, expected: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined;
  if (typeof actual === 'object' && actual !== null) return JSON.stringify(actual) === JSON.stringify(expected);
  return orderOf(actual, expected) === 0;
}

function holdsOrder(order: number | undefined, operator: '>' | '>=' | '<' | '<='): boolean {
  if (order === undefined) return false;
  switch (operator) {
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
  }
}

/** SQL LIKE as the service sends it to its database: the value wrapped in `%…%`, `%` and `_` wildcards inside, no case. */
function likePattern(value: unknown): RegExp {
  const body = [...plain(value)]
    .map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^.*${body}.*$`, 'is');
}
