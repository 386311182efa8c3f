import { collect } from '../api/paging';
import type { DigitalTwin, GetTwinsRequest, JsonPatchOperation, TwinFilters, TwinGraphRequest } from '../api/types';
import {
  flag,
  intOption,
  listOption,
  stringOption,
  UsageError,
  type CliCommand,
  type CliContext,
  type CommandInput,
} from './cliCommand';
import { optionalQuery } from './listOptions';
import { putTwinArray } from './twinPut';

const TWIN_COLUMNS = ['id', 'modelId', 'lastUpdateTime'];
export const FILTER_OPTIONS = {
  model: {
    type: 'string',
    multiple: true,
    value: '<dtmi>',
    description: 'only twins of this model (and its descendants); repeatable',
  },
  exact: { type: 'boolean', description: 'with --model: exact model match only' },
  location: { type: 'string', value: '<twinId>', description: 'only twins located under this twin' },
  query: { type: 'string', value: '<file>', description: 'JSON request body (filters, include, …); - for stdin' },
} as const;

export async function twinListFilters(
  ctx: CliContext,
  input: CommandInput,
): Promise<TwinFilters & Record<string, unknown>> {
  const req: TwinFilters & Record<string, unknown> = { ...(await optionalQuery(ctx, input)) };
  const models = listOption(input, 'model');
  if (models.length) req.modelFilter = { modelIds: models, exactModelMatch: flag(input, 'exact') ?? false };
  const location = stringOption(input, 'location');
  if (location) req.locationFilter = { locationId: location };
  return req;
}

export const twinCliCommands: CliCommand[] = [
  {
    words: ['twins', 'list'],
    summary: 'List twins (one page, or every page with --all)',
    options: {
      ...FILTER_OPTIONS,
      'page-size': { type: 'string', value: '<n>', description: 'twins per page, 1..1000' },
      'continuation-token': { type: 'string', value: '<token>', description: 'continue from this page' },
      relationships: { type: 'boolean', description: 'include incoming and outgoing relationships' },
      all: { type: 'boolean', description: 'follow every page and print all twins as one array' },
    },
    columns: TWIN_COLUMNS,
    run: async (ctx, input) => {
      const req: GetTwinsRequest = { ...(await twinListFilters(ctx, input)) };
      const pageSize = intOption(input, 'page-size');
      if (pageSize !== undefined) req.pageSize = pageSize;
      const token = stringOption(input, 'continuation-token');
      if (token) req.continuationToken = token;
      if (flag(input, 'relationships')) req.include = { incomingRelationships: true, outgoingRelationships: true };
      const o = { signal: ctx.signal };
      return flag(input, 'all') ? collect(ctx.client().iterateTwins(req, o)) : ctx.client().listTwins(req, o);
    },
  },
  {
    words: ['twins', 'get'],
    summary: 'Retrieve a twin',
    args: '<id>',
    arity: [1, 1],
    options: { relationships: { type: 'boolean', description: 'include its relationships' } },
    run: (ctx, input) =>
      ctx
        .client()
        .getTwin(
          input.args[0] as string,
          { includeRelationships: flag(input, 'relationships') },
          { signal: ctx.signal },
        ),
  },
  {
    words: ['twins', 'put'],
    write: true,
    summary:
      'Create or replace a twin, or each twin of an array (all checked first; each reported, with its error if it failed)',
    body: 'a twin, or an array of twins',
    columns: [...TWIN_COLUMNS, 'error'],
    run: async (ctx) => {
      const body = await ctx.readJson();
      const client = ctx.client();
      if (!Array.isArray(body)) return client.putTwin(body as DigitalTwin, { signal: ctx.signal });
      return putTwinArray(client, body, ctx.signal);
    },
  },
  {
    words: ['twins', 'patch'],
    write: true,
    summary: 'Update a twin with a JSON Patch (paths like /name) and print it as the service now has it',
    args: '<id>',
    arity: [1, 1],
    body: 'a JSON Patch array',
    run: async (ctx, input) => {
      const id = input.args[0] as string;
      const client = ctx.client();
      await client.patchTwin(id, (await ctx.readJson()) as JsonPatchOperation[], { signal: ctx.signal });
      return client.getTwin(id, {}, { signal: ctx.signal });
    },
  },
  {
    words: ['twins', 'ids'],
    summary: 'Retrieve several twins; lists the ids that do not exist under "omitted"',
    args: '<id...>',
    arity: [1, Infinity],
    options: { relationships: { type: 'boolean', description: 'include their relationships' } },
    columns: TWIN_COLUMNS,
    run: (ctx, input) =>
      ctx
        .client()
        .getTwinsByIds(input.args, { includeRelationships: flag(input, 'relationships') }, { signal: ctx.signal }),
  },
  {
    words: ['twins', 'graph'],
    summary: 'Retrieve a twin with related twins (the request from --query, or just the root)',
    args: '<id>',
    arity: [0, 1],
    options: { query: FILTER_OPTIONS.query },
    run: async (ctx, input) => {
      const req = { ...(await optionalQuery(ctx, input)) } as Partial<TwinGraphRequest>;
      if (input.args[0]) req.id = input.args[0];
      if (!req.id) throw new UsageError('give the root twin id as an argument or as "id" in --query');
      return ctx.client().getTwinGraph(req as TwinGraphRequest, { signal: ctx.signal });
    },
  },
  {
    words: ['twins', 'count'],
    summary: 'Count twins matching the filters',
    options: FILTER_OPTIONS,
    run: async (ctx, input) => ({
      count: await ctx.client().countTwins(await twinListFilters(ctx, input), { signal: ctx.signal }),
    }),
  },
];
