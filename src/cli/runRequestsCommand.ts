// `building-twins run FILE`: the requests of a twin request file, headless (a pipeline step). The whole
// file is checked first and refused, naming each problem's line, before anything is sent.

import {
  PartialFailure,
  PRINTED,
  UsageError,
  listOption,
  stringOption,
  type CliCommand,
  type CliContext,
} from '../core/commands/cliCommand';
import { problemText, type RequestEntry } from '../core/requestFiles/requestFileModel';
import { parseRequestFile } from '../core/requestFiles/requestFileParser';
import { EarlierResults } from '../core/requestFiles/earlierResults';
import { runRequest, withEarlierResults, type RequestOutcome } from '../core/requestFiles/requestRunner';
import { escapeRawControlInJson } from '../core/untrusted/controlCharacters';

const UTF8 = new TextDecoder('utf-8');

/** One line of output per request, in the order of the file. */
function outcomeLine(entry: RequestEntry, outcome: RequestOutcome): Record<string, unknown> {
  const base = { name: entry.name, operation: entry.operation, ok: outcome.ok };
  if (outcome.ok) return { ...base, result: outcome.result };
  return { ...base, error: outcome.error, ...(outcome.result !== undefined ? { result: outcome.result } : {}) };
}

/** File names for the requests under --out: the name with other characters than letters, digits, . _ - as "-", unique. */
export function outputFileNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base =
      name
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[.-]+/, '')
        .slice(0, 80) || 'request';
    let candidate = base;
    for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${base}-${i}`;
    used.add(candidate.toLowerCase());
    return `${candidate}.json`;
  });
}

async function readRequestFile(ctx: CliContext, path: string): Promise<string> {
  try {
    return UTF8.decode(await ctx.readFile(path));
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

function chosenRequests(all: RequestEntry[], names: string[]): RequestEntry[] {
  if (!names.length) return all;
  const missing = names.filter((n) => !all.some((r) => r.name === n));
  if (missing.length) {
    throw new UsageError(
      `no request named ${missing.map((n) => `"${n}"`).join(', ')}; the file has ${all.map((r) => `"${r.name}"`).join(', ') || 'none'}`,
    );
  }
  return all.filter((r) => names.includes(r.name));
}

export const runRequestsCommand: CliCommand = {
  words: ['run'],
  summary:
    'Run the requests of a twin request file (*.twinq.json): one JSON line per request; exit code 1 when any failed',
  args: '<file>',
  arity: [1, 1],
  options: {
    name: { type: 'string', multiple: true, value: '<name>', description: 'only the request of this name; repeatable' },
    out: {
      type: 'string',
      value: '<dir>',
      description: 'write each result to <dir>/<name>.json; the lines then name the files',
    },
  },
  run: async (ctx, input) => {
    const path = input.args[0] as string;
    const { file, problems } = parseRequestFile(await readRequestFile(ctx, path), ctx.connectionVariables);
    if (problems.length) {
      throw new UsageError(
        `${path} has ${problems.length} problem(s); nothing was sent:\n  ${problems.map((p) => problemText(p, path)).join('\n  ')}`,
      );
    }
    const requests = chosenRequests(file.requests, listOption(input, 'name'));
    const out = stringOption(input, 'out');
    const files = outputFileNames(requests.map((r) => r.name));
    if (out) await ctx.makeDirectory?.(out, files);
    const print = (value: unknown): void => ctx.printLine?.(escapeRawControlInJson(JSON.stringify(value)));
    const failed: string[] = [];
    // A request uses the results of the requests run before it in this run only.
    const earlier = new EarlierResults();
    for (const [i, request] of requests.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('interrupted');
      const ready = withEarlierResults(request, earlier.of(path));
      const entry = ready.ok ? ready.entry : request;
      const outcome: RequestOutcome = ready.ok ? await runRequest(entry, ctx) : { ok: false, error: ready.error };
      earlier.record(path, entry.name, outcome);
      if (!outcome.ok) failed.push(entry.name);
      const line = outcomeLine(entry, outcome);
      if (!out) {
        print(line);
        continue;
      }
      if (!ctx.writeInFolder) throw new UsageError('--out is not available here');
      const target = await ctx.writeInFolder(
        out,
        files[i]!,
        new TextEncoder().encode(`${escapeRawControlInJson(JSON.stringify(line, null, 2))}\n`),
      );
      print({ name: entry.name, operation: entry.operation, ok: outcome.ok, file: target });
    }
    if (!failed.length) return PRINTED;
    return new PartialFailure(
      PRINTED,
      `${failed.length} of ${requests.length} request(s) failed: ${failed.map((n) => `"${n}"`).join(', ')}`,
    );
  },
};
