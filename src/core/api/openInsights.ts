// Which twins have open insights, and how urgent the most urgent one is: what the explorer's badges and twin
// tooltips show. One paged read of the open insights per connection, summarised by twin.
import type { InsightStatus } from './insightStatus';
import type { BatchRequest, BuildingTwinsApi, CallOptions, Insight } from './types';

/** The statuses of an insight still waiting for someone (resolved and ignored ones are done). */
const OPEN_INSIGHT_STATUSES: readonly InsightStatus[] = ['new', 'open', 'inProgress', 'readyToResolve'];

/** At most this many open insights are read per connection (1,000 per page, the service's maximum). */
export const OPEN_INSIGHTS_LIMIT = 5000;
const PAGE_SIZE = 1000;

export interface TwinInsights {
  count: number;
  /** The most urgent priority among them (1 is the most urgent); undefined when none says. */
  topPriority: number | undefined;
  /** Names of the open insights, most urgent first (at most 5). */
  names: string[];
}

export interface OpenInsightsSummary {
  byTwin: ReadonlyMap<string, TwinInsights>;
  /** True when more open insights exist than were read (OPEN_INSIGHTS_LIMIT). */
  truncated: boolean;
}

/** The request for one page of open insights. */
export function openInsightsRequest(page: number): BatchRequest {
  return {
    page,
    pageSize: PAGE_SIZE,
    sortSpecifications: [{ field: 'priority', sort: 'asc' }],
    filterSpecifications: [{ field: 'lastStatus', operator: 'in', value: [...OPEN_INSIGHT_STATUSES] }],
  };
}

function isOpen(insight: Insight): boolean {
  const status = insight.lastStatus;
  return typeof status !== 'string' || (OPEN_INSIGHT_STATUSES as readonly string[]).includes(status);
}

/** Open insights by twin id; insights without a twin, or whose status says they are done, are left out. */
export function summarizeOpenInsights(insights: readonly Insight[], truncated = false): OpenInsightsSummary {
  const byTwin = new Map<string, TwinInsights>();
  const ordered = [...insights].sort((a, b) => (a.priority ?? Infinity) - (b.priority ?? Infinity));
  for (const insight of ordered) {
    if (typeof insight.twinId !== 'string' || !insight.twinId || !isOpen(insight)) continue;
    const entry = byTwin.get(insight.twinId) ?? { count: 0, topPriority: undefined, names: [] };
    entry.count++;
    if (
      typeof insight.priority === 'number' &&
      (entry.topPriority === undefined || insight.priority < entry.topPriority)
    )
      entry.topPriority = insight.priority;
    if (entry.names.length < 5) entry.names.push(insight.name ?? insight.id);
    byTwin.set(insight.twinId, entry);
  }
  return { byTwin, truncated };
}

/** Reads the open insights of a connection page by page, up to OPEN_INSIGHTS_LIMIT. */
export async function readOpenInsights(
  client: Pick<BuildingTwinsApi, 'listInsights'>,
  o?: CallOptions,
): Promise<OpenInsightsSummary> {
  const insights: Insight[] = [];
  for (let page = 1; ; page++) {
    const result = await client.listInsights(openInsightsRequest(page), {}, o);
    insights.push(...result.items);
    if (result.after <= 0 || result.items.length === 0) return summarizeOpenInsights(insights);
    if (insights.length >= OPEN_INSIGHTS_LIMIT) return summarizeOpenInsights(insights, true);
  }
}

/** The badge of a twin with open insights: the count, "9+" above nine (a badge holds two characters). */
export function insightBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}
