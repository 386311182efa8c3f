import type { BatchPage, Insight } from '../../core/api/types';
import { COLLECTIONS } from '../collectionNames';
import { canonicalGuid } from '../../core/api/guid';
import { badRequest, notFound, validationFailed } from '../httpErrors';
import { queryBoolean } from '../requestFields';
import type { Router } from '../router';
import type { TwinGraph } from '../twins/twinGraph';
import { floorOf } from './twinLocation';
import type { BatchEntity } from './batchFields';
import { matchesFilters, orderBy, pageOf, parseBatchRequest, sortable, sortBy, type BatchQuery } from './batchQuery';
import { PAGE_SIZES } from '../../core/api/serviceLimits';
import { INSIGHT_UNRUNNABLE_OPERATORS } from '../../core/api/filterVocabulary';
import { INSIGHT_CODED_FIELDS } from '../../core/api/insightStatus';
import { INSIGHT_NON_TEXT_FIELDS, INSIGHT_STORED_FIELDS } from '../../core/api/insightEntity';

const DEFAULT_INSIGHT_PAGE_SIZE = PAGE_SIZES.insights.default;
const MAX_INSIGHT_PAGE_SIZE = PAGE_SIZES.insights.max;
const DEFAULT_SORT = [sortBy('createdDate', true), sortBy('id')];
/**
 * The fields an insight is filtered and sorted by, as the service stores it: its stored `status` is the
 * current status (sent as `lastStatus`, while the `status` sent is the legacy word), and it stores no
 * `lastStatus`, so a filter on `lastStatus` is ignored; `lastOccurredDate` is sent as `occurredDate`; the fields of
 * `INSIGHT_STORED_FIELDS` (site, rule, source, dates, model…) filter and sort. `floorId` is added after paging. Its
 * store (EF Core on SQL Server) cannot run `startsWith`, `endsWith` or `notcontains`; `status` and `type` are
 * stored as enum codes, so they sort by code and cannot be compared with `>`, `>=`, `<`, `<=`.
 */
export const INSIGHT_ENTITY: BatchEntity = {
  // The docs' hierarchy adds `scenarioId` (the project keeps it filterable); the stored entity has no `ticketIds`.
  fields: [...INSIGHT_STORED_FIELDS, 'scenarioId'],
  storedAs: { status: 'lastStatus', lastOccurredDate: 'occurredDate' },
  unrunnable: INSIGHT_UNRUNNABLE_OPERATORS,
  codedFields: INSIGHT_CODED_FIELDS,
  nonTextFields: INSIGHT_NON_TEXT_FIELDS,
  items: 'insights',
};

export function registerInsightRoutes(router: Router, graph: TwinGraph): void {
  const insights = graph.store.collection<Insight>(COLLECTIONS.insights);

  router.add('POST', '/insights', (ctx) => {
    // `[FromBody] BatchRequestDto` under [ApiController]: a request without a body does not bind (InsightsController.cs).
    if (ctx.body === undefined)
      throw validationFailed(
        { '': ['A non-empty request body is required.'] },
        'Send a BatchRequest body, such as {}.',
      );
    const addFloor = queryBoolean(ctx.query, 'addFloor') ?? false;
    const query = parseBatchRequest(ctx.body, {
      defaultPageSize: DEFAULT_INSIGHT_PAGE_SIZE,
      maxPageSize: MAX_INSIGHT_PAGE_SIZE,
      entity: INSIGHT_ENTITY,
    });
    const page = listInsights(insights.values(), query);
    if (addFloor) page.items = page.items.map((insight) => ({ ...insight, ...floorOf(graph, insight.twinId) }));
    return { body: page };
  });

  router.add('GET', '/insights/:insightId', (ctx) => {
    const raw = ctx.params.insightId;
    const id = canonicalGuid(raw);
    if (!id) throw badRequest(`The value '${raw}' is not valid.`, 'insightId');
    const insight = insights.get(id);
    if (!insight || !isListed(insight)) throw notFound(`insight: ${id}`);
    return { body: insight };
  });
}

/** The service's query filter on every insight read: one with no occurrence (`occurrenceCount` 0) is hidden. */
function isListed(insight: Insight): boolean {
  return typeof insight.occurrenceCount !== 'number' || insight.occurrenceCount > 0;
}

/**
 * Pages over root insights (`scenarioId` null); each root is followed by its children. Filters test
 * roots and children: a matching root comes with all its children; a root that does not match comes
 * only with its matching children (non-matching siblings are left out).
 */
export function listInsights(all: Iterable<Insight>, query: BatchQuery): BatchPage<Insight> {
  const roots: Insight[] = [];
  const children = new Map<string, Insight[]>();
  for (const insight of all) {
    if (!isListed(insight)) continue;
    if (insight.scenarioId === null || insight.scenarioId === undefined) roots.push(insight);
    else {
      const list = children.get(insight.scenarioId);
      if (list) list.push(insight);
      else children.set(insight.scenarioId, [insight]);
    }
  }
  const rules = [...query.sorts, ...DEFAULT_SORT];
  const groups: Array<{ root: Insight; children: Insight[] }> = [];
  for (const root of roots) {
    const own = children.get(root.id) ?? [];
    let kept = own;
    if (!matchesFilters(root, query.filters)) {
      kept = own.filter((child) => matchesFilters(child, query.filters));
      if (kept.length === 0) continue;
    }
    groups.push({ root, children: kept });
  }
  sortable(query, groups.length);
  // Only the roots of the requested page need their children sorted.
  const { before, after, total, items } = pageOf(
    orderBy(groups, rules, (g) => g.root),
    query,
  );
  return { before, after, total, items: items.flatMap((g) => [g.root, ...orderBy(g.children, rules)]) };
}
