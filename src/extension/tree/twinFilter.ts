import type { PropertyFilter, TwinFilters } from '../../core/api/types';

/** The explorer's twin filter ("Filter twins…"): applies to every twin list of the tree. */
export interface TwinFilter {
  /** Twins of this model or its descendants. */
  modelId?: string;
  /** Case-insensitive text contained in the twin's `name`. */
  nameText?: string;
  /** One property condition, e.g. { field: 'levelNumber', operator: 'eq', value: 2 }. */
  property?: { field: string; operator: string; value: unknown };
}

export const PROPERTY_OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains', 'startsWith', 'exists'] as const;

/** The service filters for a TwinFilter, optionally narrowed to one model (a model group of the tree). */
export function toTwinFilters(filter: TwinFilter | undefined, model?: { modelId: string; exact: boolean }): TwinFilters {
  const out: TwinFilters = {};
  const modelId = model?.modelId ?? filter?.modelId;
  if (modelId) out.modelFilter = { modelIds: [modelId], exactModelMatch: model?.exact ?? false };
  const conditions: PropertyFilter[] = [];
  if (filter?.nameText) conditions.push({ field: 'name', operator: 'contains', value: filter.nameText });
  if (filter?.property) conditions.push({ ...filter.property });
  if (conditions.length === 1) out.propertyFilter = conditions[0];
  else if (conditions.length > 1) out.propertyFilter = { ...conditions[0], filterConditionOperator: 'And', filters: conditions.slice(1) };
  return out;
}

export function describeFilter(filter: TwinFilter): string {
  const parts: string[] = [];
  if (filter.modelId) parts.push(`model ${filter.modelId}`);
  if (filter.nameText) parts.push(`name contains "${filter.nameText}"`);
  if (filter.property) {
    const { field, operator, value } = filter.property;
    parts.push(operator === 'exists' ? `${field} exists` : `${field} ${operator} ${JSON.stringify(value)}`);
  }
  return parts.join(', ') || 'no conditions';
}

/** Parses what the user typed as a property value: JSON literals (numbers, booleans, quoted strings) or plain text. */
export function parseFilterValue(text: string): unknown {
  const trimmed = text.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null|".*")$/.test(trimmed)) return JSON.parse(trimmed) as unknown;
  return trimmed;
}

/** Does the model filter of the explorer admit twins of this model group? (`isA` comes from the model index.) */
export function filterAdmitsModel(filter: TwinFilter | undefined, modelId: string, isA: (id: string, base: string) => boolean): boolean {
  return !filter?.modelId || isA(modelId, filter.modelId);
}
