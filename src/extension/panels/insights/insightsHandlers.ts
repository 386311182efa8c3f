// What the insights panel's host answers: pages of root insights with their children, mapped from
// the panel's sort/filter/search controls to the service's BatchRequest. Free of 'vscode' imports.
import * as l10n from '@vscode/l10n';
import { VALUELESS_OPERATORS } from '../../../core/api/filterVocabulary';
import { INSIGHTS_DEFAULT_PAGE_SIZE } from '../../../core/api/requestChecks';
import type { BatchRequest, BuildingTwinsApi, FilterSpecification, Insight } from '../../../core/api/types';
import { insightsRequest, type RequestDraft } from '../../../core/requestFiles/requestFileEdits';
import type { Handlers } from '../../../webviews/shared/bridgeProtocol';
import type { InsightRow, InsightsMethods, InsightsQuery } from '../../../webviews/insights/insightsProtocol';
import { PAGE_SIZES } from '../../../core/api/serviceLimits';

export interface InsightsDeps {
  connection: string;
  api: () => Promise<BuildingTwinsApi>;
  /** Twin scope: this twin and the twins under it in the location tree; undefined = every insight. */
  scopeTwinId?: string;
  scopeLabel: string;
  /** Insight to show in the detail pane first. */
  focusInsightId?: string;
  openTwin: (twinId: string) => Promise<void>;
  openTicket: (ticketId: string) => Promise<void>;
  /** Writes a request into a request file the user picks. */
  saveAsRequest?: (draft: RequestDraft) => Promise<{ name: string; file: string }>;
}

const MAX_PAGE_SIZE = PAGE_SIZES.insights.max;

export function createInsightsHandlers(deps: InsightsDeps): Handlers<InsightsMethods> {
  let scope: Promise<string[] | undefined> | undefined;
  /** The twins of the scope, looked up once per panel (again after a failed look-up); undefined: no scope. */
  const scopedTwinIds = async (signal: AbortSignal | undefined): Promise<string[] | undefined> => {
    scope ??= deps.scopeTwinId ? scopeTwinIds(await deps.api(), deps.scopeTwinId, signal) : Promise.resolve(undefined);
    return scope.catch((e: unknown) => {
      scope = undefined;
      throw e;
    });
  };
  return {
    init: () => ({
      connection: deps.connection,
      scopeTwinId: deps.scopeTwinId,
      scopeLabel: deps.scopeLabel,
      focusInsightId: deps.focusInsightId,
    }),

    async insight({ id }, signal) {
      if (typeof id !== 'string' || !id) throw new Error('insight needs an insight id'); // l10n-exempt: a webview programming error
      return (await deps.api()).getInsight(id, { signal });
    },

    async list(query, signal) {
      const twinIds = await scopedTwinIds(signal);
      const request = toBatchRequest(query, twinIds);
      const page = await (await deps.api()).listInsights(request, {}, { signal });
      return {
        rows: groupInsights(page.items ?? []),
        page: request.page ?? 1,
        pageSize: request.pageSize ?? INSIGHTS_DEFAULT_PAGE_SIZE,
        total: page.total ?? 0,
      };
    },

    async openTwin({ twinId }) {
      if (typeof twinId !== 'string' || !twinId) throw new Error('openTwin needs a twin id'); // l10n-exempt: a webview programming error
      await deps.openTwin(twinId);
      return { opened: true };
    },

    async saveAsRequest(query, signal) {
      if (!deps.saveAsRequest) throw new Error('this panel cannot save requests'); // l10n-exempt: a host without the feature
      const twinIds = await scopedTwinIds(signal);
      const request = toBatchRequest(query, twinIds);
      return deps.saveAsRequest(insightsRequest(l10n.t('Insights of {0}', deps.scopeLabel), request));
    },

    async openTicket({ ticketId }) {
      if (typeof ticketId !== 'string' || !ticketId) throw new Error('openTicket needs a ticket id'); // l10n-exempt: a webview programming error
      await deps.openTicket(ticketId);
      return { opened: true };
    },
  };
}

/** Maps the panel's controls to a BatchRequest; rejects nonsense with a specific message. */
export function toBatchRequest(query: InsightsQuery, twinIds?: string[]): BatchRequest {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? INSIGHTS_DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(l10n.t('Page must be a whole number from 1, got {0}', String(query.page)));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(
      l10n.t('Page size must be a whole number from 1 to {0}, got {1}', MAX_PAGE_SIZE, String(query.pageSize)),
    );
  }
  const filters: FilterSpecification[] = (query.filters ?? []).map((f, i) => {
    if (!f || typeof f.field !== 'string' || !f.field || typeof f.operator !== 'string' || !f.operator) {
      throw new Error(l10n.t('Filter {0} needs a field and an operator', i + 1));
    }
    return VALUELESS_OPERATORS.includes(f.operator)
      ? { field: f.field, operator: f.operator }
      : { field: f.field, operator: f.operator, value: f.value };
  });
  const search = query.search?.trim();
  if (search) filters.push({ field: 'name', operator: 'contains', value: search });
  if (twinIds) filters.push({ field: 'twinId', operator: 'in', value: twinIds });
  const request: BatchRequest = { page, pageSize, filterSpecifications: filters };
  if (query.sort?.field)
    request.sortSpecifications = [{ field: query.sort.field, sort: query.sort.sort === 'desc' ? 'desc' : 'asc' }];
  return request;
}

/** Nests children under their roots, keeping the service's order of roots and children. */
export function groupInsights(items: Insight[]): InsightRow[] {
  const rows: InsightRow[] = [];
  const byRoot = new Map<string, InsightRow>();
  for (const item of items) {
    if (!item.scenarioId) {
      const row = { root: item, children: [] as Insight[] };
      rows.push(row);
      byRoot.set(item.id, row);
    }
  }
  for (const item of items) {
    if (!item.scenarioId) continue;
    const row = byRoot.get(item.scenarioId);
    // A child whose root is missing from the page is shown as its own row rather than dropped.
    if (row) row.children.push(item);
    else rows.push({ root: item, children: [] });
  }
  return rows;
}

/** The twin itself and every twin under it through isPartOf / locatedIn chains (the service's location filter). */
async function scopeTwinIds(api: BuildingTwinsApi, twinId: string, signal?: AbortSignal): Promise<string[]> {
  const ids = [twinId];
  for await (const twin of api.iterateTwins({ locationFilter: { locationId: twinId }, pageSize: 1000 }, { signal }))
    ids.push(twin.id);
  return ids;
}
