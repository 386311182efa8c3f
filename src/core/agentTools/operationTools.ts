// Tools over the page-number lists: insights (with their children), events, tickets and ticket metadata.

import { INSIGHT_STATUSES, shownInsightStatus } from '../api/insightStatus';
import type {
  BatchPage,
  BatchRequest,
  BuildingTwinsApi,
  FilterSpecification,
  Insight,
  Ticket,
  TicketMetadataKind,
} from '../api/types';
import type { ReadTool } from './agentTool';
import { clipText } from './toolAnswer';

const PAGE_LIMIT = 50;
const OPEN_STATUSES = INSIGHT_STATUSES.filter((s) => s !== 'resolved' && s !== 'ignored');

const pageInputs = {
  page: { type: 'integer', minimum: 1, description: 'Page number, from 1 (default 1).' },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: PAGE_LIMIT,
    description: `Items per page (default 20, at most ${PAGE_LIMIT}).`,
  },
};
const pageOutput = { total: { type: 'integer' }, page: { type: 'integer' }, morePages: { type: 'boolean' } };

function batch(
  input: { page?: number; limit?: number },
  filters: FilterSpecification[],
  sortField?: string,
): BatchRequest {
  return {
    page: input.page ?? 1,
    pageSize: input.limit ?? 20,
    ...(filters.length ? { filterSpecifications: filters } : {}),
    ...(sortField ? { sortSpecifications: [{ field: sortField, sort: 'desc' as const }] } : {}),
  };
}

function paged<T>(page: BatchPage<T>, input: { page?: number }): Record<string, unknown> {
  return { total: page.total, page: input.page ?? 1, morePages: page.after > 0 };
}

const inFilter = (field: string, values: unknown[] | undefined): FilterSpecification[] =>
  values?.length ? [{ field, operator: 'in', value: values }] : [];

function compactInsight(i: Insight): Record<string, unknown> {
  return {
    id: i.id,
    name: i.name,
    twinId: i.twinId ?? null,
    twinName: i.twinName ?? null,
    status: shownInsightStatus(i),
    priority: i.priority,
    type: i.type,
    occurrences: i.occurrenceCount,
    updated: i.updatedDate,
    ...(i.floorId ? { floorId: i.floorId } : {}),
    description: clipText(i.description),
    recommendation: clipText(i.recommendation),
    ...(i.impactScores?.length
      ? { impact: i.impactScores.map((s) => `${s.name}: ${s.value}${s.unit ? ` ${s.unit}` : ''}`) }
      : {}),
    ...(i.ticketIds?.length ? { ticketIds: i.ticketIds } : {}),
  };
}

interface InsightsInput {
  twinIds?: string[];
  statuses?: string[];
  openOnly?: boolean;
  maxPriority?: number;
  includeChildren?: boolean;
  page?: number;
  limit?: number;
}

export const insightsTool: ReadTool<InsightsInput> = {
  name: 'insights',
  title: 'Insights',
  access: 'read',
  whenCut: 'ask for a smaller limit and the next page, or narrow the filters',
  whenClipped: "these tools have no longer view of an insight; the service's own pages show it whole",
  description:
    'Lists insights (faults and inefficiencies the service found on twins), newest first, with the id (a GUID, no name) of the floor each twin is on when the service knows it: name, twin, status, priority (1 is highest), occurrences, description, recommendation, impact, linked tickets. Filter by twin ids (e.g. the air handlers find_twins found), statuses or openOnly (not resolved or ignored), and maxPriority. Children of an insight come nested under it when includeChildren is true. The service lists an insight whose own status does not match when a child of it does: such an insight says so in listedFor.',
  inputSchema: {
    type: 'object',
    properties: {
      twinIds: {
        type: 'array',
        items: { type: 'string' },
        maxItems: 200,
        description: 'Only insights on these twins.',
      },
      statuses: {
        type: 'array',
        items: { type: 'string', enum: [...INSIGHT_STATUSES] },
        description: 'Only these statuses.',
      },
      openOnly: { type: 'boolean', description: 'Only insights still open (new, open, inProgress, readyToResolve).' },
      maxPriority: {
        type: 'integer',
        minimum: 1,
        maximum: 4,
        description: 'Only this priority or more urgent (1 is the most urgent).',
      },
      includeChildren: {
        type: 'boolean',
        description: "Nest each insight's child insights under it (default false: roots only).",
      },
      ...pageInputs,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { ...pageOutput, insights: { type: 'array', items: { type: 'object', required: ['id'] } } },
    required: ['total', 'page', 'morePages', 'insights'],
  },
  async run(input, ctx) {
    const statuses = input.statuses?.length ? input.statuses : input.openOnly ? OPEN_STATUSES : undefined;
    const filters = [
      ...inFilter('twinId', input.twinIds),
      ...inFilter('status', statuses),
      ...(input.maxPriority ? [{ field: 'priority', operator: '<=' as const, value: input.maxPriority }] : []),
    ];
    const page = await ctx.api.listInsights(
      batch(input, filters, 'updatedDate'),
      { addFloor: true },
      { signal: ctx.signal },
    );
    const roots = page.items.filter((i) => !i.scenarioId);
    const children = page.items.filter((i) => i.scenarioId);
    return {
      ...paged(page, input),
      insights: roots.map((root) => {
        const mine = children.filter((c) => c.scenarioId === root.id);
        // The service lists a root whose own status is filtered out when one of its children matches: say so.
        const listedFor =
          statuses && !statuses.includes(root.status as (typeof statuses)[number])
            ? {
                listedFor: `a child insight whose status matches (${statuses.join(', ')}); this insight itself is ${root.status}`,
              }
            : {};
        return {
          ...compactInsight(root),
          ...listedFor,
          ...(input.includeChildren
            ? { children: mine.map(compactInsight) }
            : mine.length
              ? { childCount: mine.length }
              : {}),
        };
      }),
    };
  },
};

interface EventsInput {
  twinIds?: string[];
  eventTypeIds?: number[];
  after?: string;
  before?: string;
  page?: number;
  limit?: number;
}

export const eventsTool: ReadTool<EventsInput> = {
  name: 'events',
  title: 'Events',
  access: 'read',
  whenCut: 'ask for a smaller limit and the next page, or narrow the filters',
  whenClipped: "these tools have no longer view of an event; the service's own pages show it whole",
  description:
    'Lists building events (alarms, occupancy, maintenance windows …), newest first: name, type, twin, start and end time, value. Filter by twin ids, event type ids, and start time after/before (ISO 8601).',
  inputSchema: {
    type: 'object',
    properties: {
      twinIds: { type: 'array', items: { type: 'string' }, maxItems: 200, description: 'Only events of these twins.' },
      eventTypeIds: { type: 'array', items: { type: 'integer' }, description: 'Only these event types.' },
      after: { type: 'string', description: 'Only events starting at or after this time (ISO 8601).' },
      before: { type: 'string', description: 'Only events starting before this time (ISO 8601).' },
      ...pageInputs,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { ...pageOutput, events: { type: 'array' } },
    required: ['total', 'page', 'morePages', 'events'],
  },
  async run(input, ctx) {
    const filters: FilterSpecification[] = [
      ...inFilter('twinId', input.twinIds),
      ...inFilter('eventTypeId', input.eventTypeIds),
      ...(input.after ? [{ field: 'startTime', operator: '>=' as const, value: input.after }] : []),
      ...(input.before ? [{ field: 'startTime', operator: '<' as const, value: input.before }] : []),
    ];
    const page = await ctx.api.listEvents(batch(input, filters, 'startTime'), { signal: ctx.signal });
    return {
      ...paged(page, input),
      events: page.items.map((e) => ({
        id: e.id,
        name: clipText(e.name),
        type: e.eventTypeId,
        twinId: e.twinId,
        start: e.startTime,
        end: e.endTime ?? null,
        ...(e.scalarValue !== undefined && e.scalarValue !== null ? { value: e.scalarValue } : {}),
        description: clipText(e.description ?? null),
      })),
    };
  },
};

function compactTicket(t: Ticket): Record<string, unknown> {
  return {
    id: t.id,
    summary: clipText(t.summary),
    status: t.ticketStatus?.name ?? null,
    priority: t.ticketPriority?.name ?? null,
    twinId: t.twinId ?? null,
    insightId: t.insightId ?? null,
    assignee: t.assigneeName ?? null,
    due: t.dueDate ?? null,
    category: t.category?.name ?? null,
    created: t.createdDate,
    description: clipText(t.description),
  };
}

interface TicketsInput {
  id?: string;
  twinIds?: string[];
  statusIds?: string[];
  text?: string;
  page?: number;
  limit?: number;
}

export const ticketsTool: ReadTool<TicketsInput> = {
  name: 'tickets',
  title: 'Tickets',
  access: 'read',
  whenCut: 'ask for a smaller limit and the next page, or narrow the filters',
  whenClipped: 'tickets with id reads one ticket with its texts whole',
  description:
    'Lists work-order tickets, newest first (summary, status, priority, twin, insight, assignee, due date), or reads one ticket in full by id (with cause, solution, notes, attachments). Filter by twin ids, status ids (ticket_metadata kind "statuses" lists them) or text in the summary.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 1, description: 'Read this one ticket in full (other filters are ignored).' },
      twinIds: { type: 'array', items: { type: 'string' }, maxItems: 200, description: 'Only tickets on these twins.' },
      statusIds: { type: 'array', items: { type: 'string' }, description: 'Only tickets with these status ids.' },
      text: { type: 'string', description: 'Text the summary contains.' },
      ...pageInputs,
    },
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { ticket: { type: 'object' }, tickets: { type: 'array' } } },
  async run(input, ctx) {
    const o = { signal: ctx.signal };
    if (input.id) {
      const t = await ctx.api.getTicket(input.id, o);
      // One ticket in full: its texts whole (only fitting the answer to its cap may shorten them, and says so).
      return {
        ticket: {
          ...compactTicket(t),
          summary: t.summary,
          description: t.description ?? null,
          cause: t.cause ?? null,
          solution: t.solution ?? null,
          notes: t.notes ?? null,
          attachments: (t.attachments ?? []).map((a) => a.fileName),
        },
      };
    }
    const filters: FilterSpecification[] = [
      ...inFilter('twinId', input.twinIds),
      ...inFilter('ticketStatus.id', input.statusIds),
      ...(input.text ? [{ field: 'summary', operator: 'contains' as const, value: input.text }] : []),
    ];
    const page = await ctx.api.listTickets(batch(input, filters, 'createdDate'), o);
    return { ...paged(page, input), tickets: page.items.map(compactTicket) };
  },
};

const METADATA_KINDS = ['statuses', 'priorities', 'categories', 'job-types', 'service-needed'] as const;

export const ticketMetadataTool: ReadTool<{ kind: (typeof METADATA_KINDS)[number] }> = {
  name: 'ticket_metadata',
  title: 'Ticket metadata',
  access: 'read',
  whenCut: 'the list is complete up to the cut; filter tickets by the ids shown',
  description:
    'The ids and names a ticket refers to: statuses, priorities (with their level), categories, job-types or service-needed. Use them to filter tickets or to fill create_ticket and patch_ticket (statusId, priorityId, categoryId, …).',
  inputSchema: {
    type: 'object',
    properties: { kind: { type: 'string', enum: [...METADATA_KINDS] } },
    required: ['kind'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { kind: { type: 'string' }, items: { type: 'array' } },
    required: ['kind', 'items'],
  },
  async run(input, ctx) {
    const o = { signal: ctx.signal };
    if (input.kind === 'statuses')
      return {
        kind: input.kind,
        items: (await ctx.api.listTicketStatuses(o)).map((s) => ({ id: s.id, name: s.name, tab: s.tab ?? null })),
      };
    if (input.kind === 'priorities')
      return {
        kind: input.kind,
        items: (await ctx.api.listTicketPriorities(o)).map((p) => ({ id: p.id, name: p.name, level: p.priorityLevel })),
      };
    const items = [];
    for await (const item of iterateMetadata(ctx.api, input.kind, o)) items.push({ id: item.id, name: item.name });
    return { kind: input.kind, items };
  },
};

/** Every item of one metadata kind (all pages, at most 100 of them). */
async function* iterateMetadata(
  api: BuildingTwinsApi,
  kind: TicketMetadataKind,
  o: { signal?: AbortSignal },
): AsyncIterable<{ id: string; name: string }> {
  for (let page = 1; page <= 100; page++) {
    const result = await api.listTicketMetadata(kind, { page, pageSize: 100 }, o);
    yield* result.items;
    if (result.after <= 0 || !result.items.length) return;
  }
}
