// Messages of the insights panel (webview <-> host).
import { serviceOperatorFor } from '../../core/api/filterVocabulary';
import type { FilterSpecification, Insight, SortSpecification } from '../../core/api/types';

export const INSIGHTS_VIEW_TYPE = 'buildingTwins.insights';

export interface InsightsQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: SortSpecification;
  filters: FilterSpecification[];
  /** Free text: matched against name, description and twin name (contains, ORed). */
  search?: string;
}

export interface InsightRow {
  root: Insight;
  children: Insight[];
}

export interface InsightsPage {
  rows: InsightRow[];
  page: number;
  pageSize: number;
  /** Roots over all pages. */
  total: number;
}

export interface InsightsPanelState {
  connection?: string;
  /** Restrict to insights of this twin and the twins under it in the location tree; absent = all. */
  scopeTwinId?: string;
  scopeLabel?: string;
  query?: InsightsQuery;
  selectedId?: string;
  /** Widths (px) of the columns the user resized, by field. */
  columnWidths?: Record<string, number>;
}

export type InsightsMethods = {
  init: {
    params: Record<string, never>;
    result: { connection: string; scopeTwinId?: string; scopeLabel: string; focusInsightId?: string };
  };
  insight: { params: { id: string }; result: Insight };
  list: { params: InsightsQuery; result: InsightsPage };
  openTwin: { params: { twinId: string }; result: { opened: boolean } };
  openTicket: { params: { ticketId: string }; result: { opened: boolean } };
  /** Writes the request that lists these insights (sort and filters, not the page) into a request file. */
  saveAsRequest: { params: InsightsQuery; result: { name: string; file: string } };
};

/**
 * A query saved by an earlier version of the panel, in today's words: a sort's `isSortDescending`
 * becomes `sort`, familiar operator spellings (`eq`, `gte`) the service's (`=`, `>=`).
 */
export function upgradeSavedQuery(query: InsightsQuery): InsightsQuery {
  const { sort, ...rest } = query as InsightsQuery & { sort?: SortSpecification & { isSortDescending?: boolean } };
  const upgraded: InsightsQuery = {
    ...rest,
    filters: (query.filters ?? []).map((f) => ({
      ...f,
      operator: serviceOperatorFor(String(f.operator)) ?? f.operator,
    })),
  };
  if (sort?.field) upgraded.sort = { field: sort.field, sort: sort.sort ?? (sort.isSortDescending ? 'desc' : 'asc') };
  return upgraded;
}
