// Runs one request of a file through the command table: its query becomes the command's arguments and
// options, its body what the command reads. A result that has more pages says how to ask for the next.

import { errorText } from '../api/apiError';
import type { BuildingTwinsApi, Json } from '../api/types';
import { PartialFailure, UsageError, type CliContext, type CommandInput } from '../commands/cliCommand';
import type { RequestEntry } from './requestFileModel';
import { requestOperation, type RequestOperation } from './requestOperations';
import { resolveResultReferences, type EarlierResult } from './requestResultReferences';
import { schemaProblems } from './requestValidation';

export interface RequestRunContext {
  /** Created on first use. */
  client(): BuildingTwinsApi;
  signal: AbortSignal;
}

export type RequestOutcome =
  /** `next`: the query that fetches the following page, when the service says there is one. */
  | { ok: true; result: unknown; next?: Record<string, Json> }
  /** `result`: what was done when only some items failed. */
  | { ok: false; error: string; result?: unknown };

function commandInput(operation: RequestOperation, query: Record<string, Json>, hasBody: boolean): CommandInput {
  const input: CommandInput = { args: [], options: {} };
  for (const param of operation.params) {
    const value = query[param.name];
    if (value === undefined || value === null || value === false) continue;
    const texts = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    if (param.kind === 'argument') input.args.push(...texts);
    else input.options[param.name] = param.type === 'boolean' ? true : param.multiple ? texts : texts[0];
  }
  // The body of a list, graph or count stands where the CLI reads its --query file.
  if (hasBody && operation.body === 'query') input.options.query = 'body';
  return input;
}

function commandContext(entry: RequestEntry, run: RequestRunContext): CliContext {
  const noFiles = (): never => {
    throw new UsageError(`"${entry.operation}" reads or writes local files, which a request file does not`);
  };
  return {
    client: () => run.client(),
    signal: run.signal,
    readJson: async () => {
      if (entry.body === undefined) throw new UsageError(`"${entry.operation}" needs a "body"`);
      return structuredClone(entry.body);
    },
    readFile: noFiles,
    writeFile: noFiles,
  };
}

/** The query for the page after `result`, or undefined when it was the last (or every page was read). */
function nextPageQuery(
  operation: RequestOperation,
  query: Record<string, Json>,
  result: unknown,
): Record<string, Json> | undefined {
  if (query.all === true || !result || typeof result !== 'object' || Array.isArray(result)) return undefined;
  const page = result as { continuationToken?: unknown; after?: unknown };
  const has = (name: string): boolean => operation.params.some((p) => p.name === name);
  if (typeof page.continuationToken === 'string' && page.continuationToken && has('continuation-token')) {
    return { ...query, 'continuation-token': page.continuationToken };
  }
  if (typeof page.after === 'number' && page.after > 0 && has('page')) {
    const current = Number(query.page ?? 1);
    return { ...query, page: (Number.isInteger(current) && current > 0 ? current : 1) + 1 };
  }
  return undefined;
}

/**
 * The request with the results of earlier requests filled in (`${@name#/pointer}`), checked again against its
 * operation's schemas now that its values are known. An error says which reference or value is wrong.
 */
export function withEarlierResults(
  entry: RequestEntry,
  results: (request: string) => EarlierResult | undefined,
): { ok: true; entry: RequestEntry } | { ok: false; error: string } {
  const resolved = resolveResultReferences(entry, results);
  const operation = requestOperation(entry.operation);
  if (!resolved.ok || !operation || !entry.chained?.length) return resolved;
  const [problem] = schemaProblems(operation, resolved.entry.query, resolved.entry.body);
  if (!problem) return resolved;
  return {
    ok: false,
    error: `with the earlier results filled in, ${problem.part}${problem.path}: ${problem.message}`,
  };
}

/**
 * Runs a request that parsed without problems, its earlier results filled in (withEarlierResults). `query` replaces the request's own (the next page).
 * Never throws: a failure is an outcome with the error's one-line text.
 */
export async function runRequest(
  entry: RequestEntry,
  run: RequestRunContext,
  query: Record<string, Json> = entry.query ?? {},
): Promise<RequestOutcome> {
  const operation = requestOperation(entry.operation);
  if (!operation) return { ok: false, error: `unknown operation "${entry.operation}"` };
  if (entry.chained?.length)
    return {
      ok: false,
      error: `"${entry.name}" uses results of earlier requests: they are filled in before it is sent`,
    };
  if (operation.write && !entry.write)
    return { ok: false, error: `"${entry.operation}" changes data: add "write": true to the request to run it` };
  try {
    const outcome = await operation.command.run(
      commandContext(entry, run),
      commandInput(operation, query, entry.body !== undefined),
    );
    if (outcome instanceof PartialFailure) return { ok: false, error: outcome.message, result: outcome.result };
    const next = nextPageQuery(operation, query, outcome);
    return { ok: true, result: outcome, ...(next ? { next } : {}) };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}
