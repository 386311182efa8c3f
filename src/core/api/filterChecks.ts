// Sort and filter specifications checked before sending, in the service's words (filterVocabulary.ts):
// a request the service would refuse, or fail on, never leaves the client.

import { isObject } from '../dtdl/dtdlText';
import { ApiError } from './apiError';
import {
  codedFieldProblem,
  FILTER_OPERATORS,
  filterProblem,
  isFilterOperator,
  ORDER_OPERATORS,
  serviceOperatorFor,
  sortDirectionOf,
  nonTextFieldProblem,
  unrunnableOperatorProblem,
  type FilterOperator,
} from './filterVocabulary';
import type { PropertyFilter } from './types';

/** The operator and value problem of one filter, with the service's word when a familiar one was used. */
function filterMessage(where: string, operator: unknown, value: unknown): string | undefined {
  if (!isFilterOperator(operator)) {
    const word = typeof operator === 'string' ? serviceOperatorFor(operator) : undefined;
    const hint = word ? `use "${word}"` : "use one of the service's words";
    return `${where}: the service has no operator ${JSON.stringify(operator)}; ${hint} (operators are case-sensitive: ${FILTER_OPERATORS.join(' ')})`;
  }
  const problem = filterProblem(operator, value);
  return problem ? `${where}: ${problem}` : undefined;
}

/** `sortSpecifications`: each needs a `field` and `sort` "asc" or "desc" (the service fails without `sort`). */
export function checkSortSpecifications(operation: string, specs: unknown): void {
  if (specs === undefined || specs === null) return;
  if (!Array.isArray(specs)) throw ApiError.invalidRequest(operation, 'sortSpecifications must be an array');
  specs.forEach((spec: unknown, i) => {
    const where = `sortSpecifications[${i}]`;
    if (!isObject(spec)) throw ApiError.invalidRequest(operation, `${where} must be an object`);
    if (typeof spec.field !== 'string' || spec.field.trim() === '')
      throw ApiError.invalidRequest(operation, `${where} needs a field`);
    if (!sortDirectionOf(spec.sort)) {
      const hint =
        typeof spec.sort === 'string'
          ? ' (the service sorts descending only for "desc" and ascending for any other word, without an error)'
          : 'isSortDescending' in spec
            ? ' (isSortDescending is computed by the service and ignored when sent)'
            : '';
      throw ApiError.invalidRequest(
        operation,
        `${where} needs sort "asc" or "desc", got ${JSON.stringify(spec.sort)}${hint}`,
      );
    }
  });
}

/** What a list's store cannot run: the operators, fields stored as enum codes, and the list's items in words ("insights"). */
export interface StoreLimits {
  unrunnable: readonly FilterOperator[];
  /** Fields stored as enum codes (word → code): `>`, `>=`, `<`, `<=` fail on them. */
  codedFields?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Stored fields that are not text, with their .NET type: the text operators fail on them. */
  nonTextFields?: Readonly<Record<string, string>>;
  items: string;
}

/** The problem of a filter the store cannot run, or undefined. */
function storeProblem(field: string, operator: FilterOperator, limits: StoreLimits): string | undefined {
  // Building a text operator (400) or an empty test (500) on a field that is not text fails first, before the
  // database is asked.
  if (limits.nonTextFields) {
    for (const name of field.split(',').map((f) => f.trim().toLowerCase())) {
      const typed = Object.keys(limits.nonTextFields).find((key) => key.toLowerCase() === name);
      const problem = typed && nonTextFieldProblem(operator, typed, limits.nonTextFields[typed], limits.items);
      if (problem) return problem;
    }
  }
  if (limits.unrunnable.includes(operator)) return unrunnableOperatorProblem(operator, limits.items);
  if (!ORDER_OPERATORS.includes(operator) || !limits.codedFields) return undefined;
  for (const name of field.split(',').map((f) => f.trim().toLowerCase())) {
    const coded = Object.keys(limits.codedFields).find((key) => key.toLowerCase() === name);
    if (coded) return codedFieldProblem(operator, coded, limits.codedFields[coded], limits.items);
  }
  return undefined;
}

/**
 * `filterSpecifications`: each needs a `field`, an operator of the service and a value that fits it, and
 * no operator the list's store cannot run (`limits`).
 */
export function checkFilterSpecifications(operation: string, specs: unknown, limits?: StoreLimits): void {
  if (specs === undefined || specs === null) return;
  if (!Array.isArray(specs)) throw ApiError.invalidRequest(operation, 'filterSpecifications must be an array');
  specs.forEach((spec: unknown, i) => {
    const where = `filterSpecifications[${i}]`;
    if (!isObject(spec)) throw ApiError.invalidRequest(operation, `${where} must be an object`);
    if (typeof spec.field !== 'string' || spec.field.trim() === '')
      throw ApiError.invalidRequest(operation, `${where} needs a field`);
    const message = filterMessage(where, spec.operator, spec.value);
    if (message) throw ApiError.invalidRequest(operation, message);
    const unrunnable = limits && storeProblem(spec.field, spec.operator as FilterOperator, limits);
    if (unrunnable)
      throw ApiError.invalidRequest(operation, `${where}: ${unrunnable.replace(/\.$/, '')}; nothing was sent`);
  });
}

/** A twins `propertyFilter` and its nested `filters`: every condition with a field uses an operator of the service. */
export function checkPropertyFilter(
  operation: string,
  filter: PropertyFilter | undefined,
  where = 'propertyFilter',
): void {
  if (filter === undefined || filter === null) return;
  if (!isObject(filter)) throw ApiError.invalidRequest(operation, `${where} must be an object`);
  if (filter.field) {
    const message = filterMessage(where, filter.operator, filter.value);
    if (message) throw ApiError.invalidRequest(operation, message);
  } else if (filter.operator) {
    throw ApiError.invalidRequest(operation, `${where} has an operator but no field`);
  }
  if (filter.filters !== undefined && filter.filters !== null && !Array.isArray(filter.filters))
    throw ApiError.invalidRequest(operation, `${where}.filters must be an array`);
  (filter.filters ?? []).forEach((child, i) => checkPropertyFilter(operation, child, `${where}.filters[${i}]`));
}
