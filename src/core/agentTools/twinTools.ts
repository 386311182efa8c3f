// Tools about twins: find them by model, name, properties and location; read one with its relationships;
// walk the graph around one.

import { FILTER_OPERATORS } from '../api/filterVocabulary';
import type {
  DigitalTwin,
  GetTwinsRequest,
  PropertyFilter,
  Relationship,
  TwinGraphCollection,
  TwinGraphHop,
} from '../api/types';
import { ApiError } from '../api/apiError';
import { ANY_JSON_VALUE, type AgentToolContext, type ReadTool } from './agentTool';
import { clipText, leadingItemsThatFit, MAX_ANSWER_CHARS, roomFor } from './toolAnswer';

const FIND_LIMIT = 50;
const RELATIONSHIPS_LIMIT = 100;
const GRAPH_NODES_LIMIT = 150;
/** Room kept for a continuationToken of a smaller page, which may be longer than the one it replaces. */
const TOKEN_SLACK = ' '.repeat(200);

/** A twin as an agent reads it: id, model, name and its other scalar contents (long texts clipped, nested values named only). */
function compactTwin(twin: DigitalTwin): Record<string, unknown> {
  const contents: Record<string, unknown> = {};
  const nested: string[] = [];
  for (const [key, value] of Object.entries(twin.contents ?? {})) {
    if (key.startsWith('$')) continue;
    if (value !== null && typeof value === 'object') nested.push(key);
    else contents[key] = clipText(value);
  }
  return { id: twin.id, modelId: twin.modelId, ...contents, ...(nested.length ? { nested } : {}) };
}

/** A twin reached by a graph walk: who it is and how far; get_twin reads the rest. */
const graphNode = (twin: DigitalTwin, hop: number): Record<string, unknown> => ({
  id: twin.id,
  modelId: twin.modelId,
  ...(typeof twin.contents?.name === 'string' ? { name: clipText(twin.contents.name) } : {}),
  hop,
});

const edge = (r: Relationship): Record<string, unknown> => ({
  name: r.name,
  source: r.sourceId,
  target: r.targetId,
  ...(r.properties && Object.keys(r.properties).length ? { properties: r.properties } : {}),
});

interface FindInput {
  model?: string;
  exactModel?: boolean;
  name?: string;
  locationId?: string;
  filters?: Array<{ field: string; operator: string; value?: unknown }>;
  limit?: number;
  continuationToken?: string;
}

export const findTwinsTool: ReadTool<FindInput> = {
  name: 'find_twins',
  title: 'Find twins',
  access: 'read',
  whenCut: 'ask for a smaller limit and follow the continuationToken, or narrow the filters',
  whenClipped: 'get_twin reads a twin with its texts whole',
  description:
    'Finds twins by model (including models that extend it unless exactModel), text in their name or id, property filters, and location (locationId: the twins inside a building, level or room, through isPartOf/locatedIn chains). Returns a page of compact twins (id, modelId, scalar properties), the total count on the first page, and a continuationToken for the next page. For "air handlers on level 3": find the level with name "Level 3", then find_twins with its id as locationId and the air handler model.',
  inputSchema: {
    type: 'object',
    properties: {
      model: { type: 'string', description: 'A model id (list_models finds them).' },
      exactModel: {
        type: 'boolean',
        description: 'Only twins of exactly this model, not of models extending it (default false).',
      },
      name: {
        type: 'string',
        description: 'Text the twin\'s name or id contains (e.g. "AHU-1" finds HP-AHU-1 and "Air handling unit 1").',
      },
      locationId: {
        type: 'string',
        description: 'Id of a location twin (building, level, room): only twins inside it.',
      },
      filters: {
        type: 'array',
        maxItems: 10,
        description: 'Property conditions, all of which must hold.',
        items: {
          type: 'object',
          properties: {
            field: { type: 'string', minLength: 1, description: 'A property name, e.g. "manufacturer".' },
            operator: { type: 'string', enum: [...FILTER_OPERATORS], description: "The service's operator word." },
            value: {
              ...ANY_JSON_VALUE,
              description: 'Not needed for isNull, isNotNull, isEmpty, isNotEmpty; an array for in and notin.',
            },
          },
          required: ['field', 'operator'],
          additionalProperties: false,
        },
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: FIND_LIMIT,
        description: `Twins per page (default 20, at most ${FIND_LIMIT}).`,
      },
      continuationToken: {
        type: 'string',
        description: 'From the previous answer, for the next page (same other inputs).',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      twins: { type: 'array', items: { type: 'object', required: ['id', 'modelId'] } },
      continuationToken: { type: 'string', description: 'For the next page; absent on the last page.' },
      total: { type: 'integer' },
      searched: { type: 'string', description: 'Present when name was looked for in names only.' },
    },
    required: ['twins'],
  },
  async run(input, ctx) {
    try {
      return await findTwins(input, ctx, input.name ? 'name or id' : 'none');
    } catch (error) {
      // A service that refuses a filter on `id` (not documented; the emulator takes it) is asked for names only.
      if (!input.name || !(error instanceof ApiError && error.status === 400)) throw error;
      return {
        ...(await findTwins(input, ctx, 'name')),
        searched: 'names only: the service refused a filter on the twin id',
      };
    }
  },
};

/** Conditions on the text given as `name`: in the name, or in the name or the id. */
function nameConditions(text: string | undefined, searched: 'name or id' | 'name' | 'none'): PropertyFilter[] {
  if (!text || searched === 'none') return [];
  const inName: PropertyFilter = { field: 'name', operator: 'contains', value: text };
  if (searched === 'name') return [inName];
  return [{ filterConditionOperator: 'Or', filters: [inName, { field: 'id', operator: 'contains', value: text }] }];
}

async function findTwins(
  input: FindInput,
  ctx: AgentToolContext,
  searched: 'name or id' | 'name' | 'none',
): Promise<Record<string, unknown>> {
  const conditions: PropertyFilter[] = [
    ...nameConditions(input.name, searched),
    ...(input.filters ?? []).map((f) => ({
      field: f.field,
      operator: f.operator as PropertyFilter['operator'],
      value: f.value,
    })),
  ];
  const filters: GetTwinsRequest = {
    ...(input.model ? { modelFilter: { modelIds: [input.model], exactModelMatch: input.exactModel === true } } : {}),
    ...(input.locationId ? { locationFilter: { locationId: input.locationId } } : {}),
    ...(conditions.length
      ? {
          propertyFilter:
            conditions.length === 1 ? conditions[0] : { filterConditionOperator: 'And', filters: conditions },
        }
      : {}),
  };
  const o = { signal: ctx.signal };
  const pageOf = (pageSize: number) =>
    ctx.api.listTwins({ ...filters, pageSize, continuationToken: input.continuationToken ?? null }, o);
  // The page and (on the first page) the total are independent: asked together.
  const [page, total] = await Promise.all([
    pageOf(input.limit ?? 20),
    input.continuationToken ? undefined : ctx.api.countTwins(filters, o),
  ]);
  const answer = (content: DigitalTwin[], continuationToken: string | null | undefined) => ({
    ...(total !== undefined ? { total } : {}),
    twins: content.map(compactTwin),
    ...(continuationToken ? { continuationToken } : {}),
  });
  const whole = answer(page.content, page.continuationToken);
  // A page too long for the answer is asked again with only the twins that fit, so its continuationToken
  // starts right after the last twin shown: a cut page would point past twins nobody saw.
  const room = roomFor(
    { ...whole, twins: [], continuationToken: `${page.continuationToken ?? ''}${TOKEN_SLACK}` },
    ctx.answerChars ?? MAX_ANSWER_CHARS,
  );
  const fits = leadingItemsThatFit(whole.twins, room);
  if (fits >= whole.twins.length) return whole;
  const smaller = await pageOf(Math.max(1, fits));
  return answer(smaller.content, smaller.continuationToken);
}

export const getTwinTool: ReadTool<{ id: string; relationships?: boolean }> = {
  name: 'get_twin',
  title: 'Get a twin',
  access: 'read',
  whenCut: 'walk_graph with relationshipNames reads the relationships by name',
  description:
    'Reads one twin by id: its model, every property (nested values included) and, unless relationships is false, its outgoing and incoming relationships (name, source, target, properties).',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 1, description: 'The twin id.' },
      relationships: { type: 'boolean', description: 'Include its relationships (default true).' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { twin: { type: 'object', required: ['id', 'modelId'] } },
    required: ['twin'],
  },
  async run(input, ctx) {
    const o = { signal: ctx.signal };
    // The twin and its relationships are independent reads: asked together. The twin's error (e.g. no such twin)
    // is the one reported.
    const reading = ctx.api.getTwin(input.id, {}, o);
    const relationships =
      input.relationships === false
        ? undefined
        : Promise.all([
            ctx.api.listOutgoingRelationships(input.id, {}, o),
            ctx.api.listIncomingRelationships(input.id, o),
          ]);
    relationships?.catch(() => undefined); // reported below, unless the twin's own failure is
    const twin = await reading;
    const { contents, ...rest } = twin;
    const answer: Record<string, unknown> = {
      twin: {
        id: rest.id,
        modelId: rest.modelId,
        lastUpdateTime: rest.lastUpdateTime ?? null,
        contents: contents ?? {},
      },
    };
    if (relationships) {
      const [outgoing, incoming] = await relationships;
      answer.outgoing = outgoing.slice(0, RELATIONSHIPS_LIMIT).map(edge);
      answer.incoming = incoming.slice(0, RELATIONSHIPS_LIMIT).map(edge);
      const cut = [
        outgoing.length > RELATIONSHIPS_LIMIT ? `outgoing: first ${RELATIONSHIPS_LIMIT} of ${outgoing.length}` : '',
        incoming.length > RELATIONSHIPS_LIMIT ? `incoming: first ${RELATIONSHIPS_LIMIT} of ${incoming.length}` : '',
      ].filter(Boolean);
      if (cut.length) answer.cut = `${cut.join('; ')}; walk_graph with relationshipNames narrows them`;
    }
    return answer;
  },
};

interface WalkInput {
  id: string;
  hops?: number;
  direction?: 'Outgoing' | 'Incoming' | 'Both';
  relationshipNames?: string[];
  models?: string[];
}

export const walkGraphTool: ReadTool<WalkInput> = {
  name: 'walk_graph',
  title: 'Walk the twin graph',
  access: 'read',
  whenCut: 'walk fewer hops, or only some relationshipNames or models',
  whenClipped: 'get_twin reads a twin with its texts whole',
  description:
    'Walks the graph from one twin up to N hops (1 to 3) along relationships (Outgoing, Incoming or Both; optionally only the given relationship names, and only twins of the given models at each hop). Returns the twins reached (id, model, name, hop; get_twin reads one in full) and the edges between them, at most 150 twins. E.g. from an air handler, Incoming isFedBy finds the VAV boxes it feeds; from a level, Incoming isPartOf/locatedIn finds what is on it.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', minLength: 1, description: 'The twin to start from.' },
      hops: { type: 'integer', minimum: 1, maximum: 3, description: 'How many relationships deep (default 1).' },
      direction: {
        type: 'string',
        enum: ['Outgoing', 'Incoming', 'Both'],
        description: 'Which way to follow relationships (default Both).',
      },
      relationshipNames: {
        type: 'array',
        items: { type: 'string' },
        description: 'Only these relationship names, e.g. ["isFedBy"].',
      },
      models: {
        type: 'array',
        items: { type: 'string' },
        description: 'Only twins of these models (or models extending them) at each hop.',
      },
    },
    required: ['id'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { root: { type: 'string' }, twins: { type: 'array' }, edges: { type: 'array' } },
    required: ['root', 'twins', 'edges'],
  },
  async run(input, ctx) {
    const hops = input.hops ?? 1;
    const direction = input.direction === 'Both' || !input.direction ? 'IncomingOrOutgoing' : input.direction;
    let hop: TwinGraphHop | null = null;
    for (let i = hops; i >= 1; i--) {
      hop = {
        alias: `hop${i}`,
        direction,
        ...(input.relationshipNames?.length ? { relationshipNames: input.relationshipNames } : {}),
        ...(input.models?.length ? { modelNames: input.models } : {}),
        relationship: hop,
      };
    }
    const result = await ctx.api.getTwinGraph(
      { id: input.id, alias: 'root', relationships: hop ? [hop] : [] },
      { signal: ctx.signal },
    );
    const twins = new Map<string, Record<string, unknown>>([[result.twin.id, graphNode(result.twin, 0)]]);
    const edges = new Map<string, Record<string, unknown>>();
    let reached = 1;
    const visit = (collections: TwinGraphCollection[], depth: number): void => {
      for (const collection of collections) {
        for (const item of collection.items) {
          if (!twins.has(item.twin.id)) {
            reached++;
            if (twins.size >= GRAPH_NODES_LIMIT) continue;
            twins.set(item.twin.id, graphNode(item.twin, depth));
          }
          const key = `${item.relationship.sourceId}|${item.relationship.name}|${item.relationship.targetId}`;
          if (twins.has(item.relationship.sourceId) && twins.has(item.relationship.targetId))
            edges.set(key, edge(item.relationship));
          visit(item.related, depth + 1);
        }
      }
    };
    visit(result.related, 1);
    return {
      root: result.twin.id,
      twins: [...twins.values()],
      edges: [...edges.values()],
      ...(reached > twins.size
        ? {
            cut: `reached ${reached} twins, showing the first ${twins.size}; narrow with relationshipNames, models or fewer hops`,
          }
        : {}),
    };
  },
};
