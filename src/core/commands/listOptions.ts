// Options and request building shared by the paged list commands.

import { collect } from '../api/paging';
import type { BatchPage, BatchRequest } from '../api/types';
import { flag, intOption, UsageError, type CliContext, type CommandInput, type OptionSpec } from './cliCommand';

export const BATCH_OPTIONS: Record<string, OptionSpec> = {
  page: { type: 'string', value: '<n>', description: 'page number, 1 is the first' },
  'page-size': { type: 'string', value: '<n>', description: 'items per page' },
  all: { type: 'boolean', description: 'follow every page and print all items as one array' },
  query: {
    type: 'string',
    value: '<file>',
    description:
      'JSON request body: sortSpecifications [{ field, sort: "asc"|"desc" }], filterSpecifications [{ field, operator: "=", value }] (operators as the service spells them: = != > >= < <= contains startsWith in isNull …); - for stdin',
  },
};

/** Reads `--query` when given (a file or - for stdin); undefined otherwise. */
export async function optionalQuery(
  ctx: CliContext,
  input: CommandInput,
): Promise<Record<string, unknown> | undefined> {
  const path = input.options.query;
  if (typeof path !== 'string') return undefined;
  const body = await ctx.readJson(path);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UsageError('--query must hold a JSON object');
  return body as Record<string, unknown>;
}

export async function batchRequest(ctx: CliContext, input: CommandInput): Promise<BatchRequest> {
  const req: BatchRequest = { ...(await optionalQuery(ctx, input)) };
  const page = intOption(input, 'page');
  const pageSize = intOption(input, 'page-size');
  if (page !== undefined) req.page = page;
  if (pageSize !== undefined) req.pageSize = pageSize;
  return req;
}

/** One page, or with --all every item of every page. */
export async function listBatch<T>(
  ctx: CliContext,
  input: CommandInput,
  onePage: (req: BatchRequest) => Promise<BatchPage<T>>,
  every: (req: BatchRequest) => AsyncIterable<T>,
): Promise<unknown> {
  const req = await batchRequest(ctx, input);
  return flag(input, 'all') ? collect(every(req)) : onePage(req);
}
