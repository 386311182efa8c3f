// The Events node's filter (types and time range) as the POST /events batch request, newest first.
// Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import type { BatchRequest, EventType, FilterSpecification } from '../../core/api/types';
import type { TimeRange } from '../../core/timeSeries/timeRange';

export interface EventFilter {
  /** Event type numbers; empty or absent means every type. */
  typeIds?: number[];
  /** Epoch-ms interval on `startTime` (start inclusive, end exclusive). */
  range?: TimeRange;
}

const EVENTS_PAGE_SIZE = 50;

export function eventsRequest(filter: EventFilter, page: number, pageSize = EVENTS_PAGE_SIZE): BatchRequest {
  const filters: FilterSpecification[] = [];
  if (filter.typeIds?.length) filters.push({ field: 'eventTypeId', operator: 'in', value: [...filter.typeIds] });
  if (filter.range) {
    filters.push({
      field: 'startTime',
      operator: '>=',
      value: new Date(filter.range.start).toISOString(),
      filterConditionOperator: 'And',
    });
    filters.push({
      field: 'startTime',
      operator: '<',
      value: new Date(filter.range.end).toISOString(),
      filterConditionOperator: 'And',
    });
  }
  return {
    page,
    pageSize,
    sortSpecifications: [{ field: 'startTime', sort: 'desc' }],
    ...(filters.length ? { filterSpecifications: filters } : {}),
  };
}

/** A short description of the filter for the tree ("WeatherForecast · since 2024-10-01"), empty when unfiltered. */
export function describeEventFilter(filter: EventFilter, types: readonly EventType[]): string {
  const parts: string[] = [];
  if (filter.typeIds?.length) parts.push(filter.typeIds.map((id) => eventTypeName(id, types)).join(', '));
  if (filter.range) parts.push(`${shortDate(filter.range.start)} – ${shortDate(filter.range.end)}`);
  return parts.join(' · ');
}

/** The type's name for the UI; the number only when the type is unknown. */
export function eventTypeName(id: number, types: readonly EventType[]): string {
  return types.find((t) => t.id === id)?.name ?? l10n.t('type {0}', id);
}

function shortDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
