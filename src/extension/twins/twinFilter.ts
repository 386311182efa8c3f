import * as l10n from '@vscode/l10n';
import {
  COLLECTION_OPERATORS,
  FILTER_OPERATORS,
  serviceOperatorFor,
  VALUELESS_OPERATORS,
  type FilterOperator,
} from '../../core/api/filterVocabulary';
import type { PropertyFilter, TwinFilters } from '../../core/api/types';

/** The explorer's twin filter ("Filter twins…"): applies to every twin list of the tree. */
export interface TwinFilter {
  /** Twins of this model or its descendants. */
  modelId?: string;
  /** Case-insensitive text contained in the twin's `name`. */
  nameText?: string;
  /** One property condition in the service's words, e.g. { field: 'levelNumber', operator: '>=', value: 2 }. */
  property?: PropertyCondition;
  /** More property conditions; every one must hold (with `property`, when both are given). */
  properties?: PropertyCondition[];
}

export interface PropertyCondition {
  field: string;
  operator: FilterOperator;
  value?: unknown;
}

/** Every property condition of the filter, `property` first. */
export function propertyConditions(filter: TwinFilter | undefined): PropertyCondition[] {
  return [...(filter?.property ? [filter.property] : []), ...(filter?.properties ?? [])];
}

/** The operators a property condition may use: the service's words (familiar ones such as `ge` are read as `>=`). */
export const PROPERTY_OPERATORS = FILTER_OPERATORS;

/** The service filters for a TwinFilter, optionally narrowed to one model (a model group of the tree). */
export function toTwinFilters(
  filter: TwinFilter | undefined,
  model?: { modelId: string; exact: boolean },
): TwinFilters {
  const out: TwinFilters = {};
  const modelId = model?.modelId ?? filter?.modelId;
  if (modelId) out.modelFilter = { modelIds: [modelId], exactModelMatch: model?.exact ?? false };
  const conditions: PropertyFilter[] = [];
  if (filter?.nameText) conditions.push({ field: 'name', operator: 'contains', value: filter.nameText });
  conditions.push(...propertyConditions(filter).map(propertyCondition));
  if (conditions.length === 1) out.propertyFilter = conditions[0];
  else if (conditions.length > 1)
    out.propertyFilter = { ...conditions[0], filterConditionOperator: 'And', filters: conditions.slice(1) };
  return out;
}

/** The condition as sent: the service's operator word, and no value where the operator takes none. */
function propertyCondition(property: PropertyCondition): PropertyFilter {
  const operator = serviceOperatorFor(property.operator) ?? property.operator;
  return VALUELESS_OPERATORS.includes(operator)
    ? { field: property.field, operator }
    : { field: property.field, operator, value: property.value };
}

/**
 * The filter in words, on one line: `model VAV Box, name contains "L", levelNumber >= 2`. `modelName` gives a model's
 * display name where one is known (its DTMI otherwise).
 */
export function describeFilter(filter: TwinFilter, modelName?: (modelId: string) => string | undefined): string {
  const parts: string[] = [];
  if (filter.modelId) parts.push(l10n.t('model {0}', modelName?.(filter.modelId) || filter.modelId));
  if (filter.nameText) parts.push(l10n.t('name contains "{0}"', filter.nameText));
  for (const condition of propertyConditions(filter)) {
    const { field, operator, value } = propertyCondition(condition);
    parts.push(value === undefined ? `${field} ${operator}` : `${field} ${operator} ${JSON.stringify(value)}`);
  }
  return parts.join(', ') || l10n.t('no conditions');
}

/**
 * A caution for numeric comparisons, or undefined: Willow's only translation of these filters into a twin query
 * quotes every value (`levelNumber >= '2'`, compared as text) and turns `>` into `=`, so a real instance may
 * answer them differently from the emulator.
 */
export function numericComparisonCaveat(filter: TwinFilter): string | undefined {
  const fields = propertyConditions(filter)
    .filter(
      (c) =>
        ['>', '>=', '<', '<='].includes(serviceOperatorFor(c.operator) ?? c.operator) && typeof c.value === 'number',
    )
    .map((c) => c.field);
  if (fields.length === 0) return undefined;
  return l10n.t(
    'A real instance may compare {0} as text (its twin query quotes every value) and read > as =.',
    [...new Set(fields)].join(', '),
  );
}

/**
 * Reads "field operator value" as typed in the filter prompt: `levelNumber >= 2`, `name startsWith "L"`,
 * `serialNumber isNotNull`, `levelNumber in 1, 2`. Familiar words (`ge`, `eq`, `exists`) are read as the
 * service's. Undefined when the text is not such a condition.
 */
export function parsePropertyCondition(text: string): PropertyCondition | undefined {
  const match = /^\s*(\S+)\s+(\S+)(?:\s+(.+))?$/.exec(text);
  if (!match) return undefined;
  const [, field, word, rest] = match;
  const operator = serviceOperatorFor(word);
  if (!operator) return undefined;
  if (VALUELESS_OPERATORS.includes(operator)) return rest === undefined ? { field, operator } : undefined;
  if (rest === undefined) return undefined;
  const value = COLLECTION_OPERATORS.includes(operator)
    ? rest
        .split(',')
        .map(parseFilterValue)
        .filter((v) => v !== '')
    : parseFilterValue(rest);
  return { field, operator, value };
}

/**
 * Several conditions typed in one line, separated by ";" outside double quotes: `levelNumber >= 2; serialNumber
 * isNotNull`. Undefined when a part is not a condition; an empty line is no condition.
 */
export function parsePropertyConditions(text: string): PropertyCondition[] | undefined {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  const conditions: PropertyCondition[] = [];
  for (const part of parts) {
    if (!part.trim()) continue;
    const condition = parsePropertyCondition(part.trim());
    if (!condition) return undefined;
    conditions.push(condition);
  }
  return conditions;
}

/** Parses what the user typed as a property value: JSON literals (numbers, booleans, quoted strings) or plain text. */
export function parseFilterValue(text: string): unknown {
  const trimmed = text.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null|".*")$/.test(trimmed)) return JSON.parse(trimmed) as unknown;
  return trimmed;
}

/** Does the model filter of the explorer admit twins of this model group? (`isA` comes from the model index.) */
export function filterAdmitsModel(
  filter: TwinFilter | undefined,
  modelId: string,
  isA: (id: string, base: string) => boolean,
): boolean {
  return !filter?.modelId || isA(modelId, filter.modelId);
}
