// `building-twins patch <id...> | --model … (--file patch.json | --set name=value) [--yes] [--report file]`: one change
// to many twins. Every twin is read and checked against its model first; without --yes every request is printed and
// nothing is sent; with --yes they are sent, paced by the client, and each outcome printed. --report records each
// twin as it finishes, so the same command again resumes.
import { ApiError } from '../core/api/apiError';
import type { DigitalTwin, JsonPatchOperation } from '../core/api/types';
import { parseReport, type ReportStore } from '../core/bulk/importReport';
import { planTwinPatches, type BulkChange } from '../core/bulk/patchPlan';
import { runTwinPatches, type PatchRequest } from '../core/bulk/patchRunner';
import {
  flag,
  intOption,
  PartialFailure,
  stringOption,
  UsageError,
  type CliCommand,
  type CliContext,
  type CommandInput,
} from '../core/commands/cliCommand';
import { FILTER_OPTIONS, twinListFilters } from '../core/commands/twinCliCommands';
import { ModelIndex } from '../core/dtdl/modelIndex';
import { requestLine } from '../core/writes/writePreview';

const UTF8 = new TextDecoder('utf-8');

/** The change: a JSON Patch from --file (or stdin), or --set name=value. */
async function changeOf(ctx: CliContext, input: CommandInput): Promise<BulkChange> {
  const set = stringOption(input, 'set');
  if (set !== undefined) {
    if (input.options.file !== undefined) throw new UsageError('give either --set or --file, not both');
    const at = set.indexOf('=');
    if (at <= 0) throw new UsageError(`--set expects <property>=<value>, got "${set}"`);
    return { kind: 'set', property: set.slice(0, at), value: set.slice(at + 1) };
  }
  const patch = await ctx.readJson();
  if (!Array.isArray(patch)) throw new UsageError('the JSON Patch must be an array of operations');
  return { kind: 'patch', patch: patch as JsonPatchOperation[] };
}

/** The twins to change: the ids given, or every twin the filter options list (read in full, so not read again). */
async function targets(ctx: CliContext, input: CommandInput): Promise<{ ids: string[]; read?: DigitalTwin[] }> {
  const filtered = ['model', 'location', 'query'].some((o) => input.options[o] !== undefined);
  if (input.args.length && filtered)
    throw new UsageError('give twin ids or a filter (--model, --location, --query), not both');
  if (input.args.length) return { ids: input.args };
  if (!filtered) throw new UsageError('name the twins: their ids, or a filter (--model, --location, --query)');
  const read: DigitalTwin[] = [];
  for await (const twin of ctx
    .client()
    .iterateTwins({ ...(await twinListFilters(ctx, input)), pageSize: 1000 }, { signal: ctx.signal }))
    read.push(twin);
  return { ids: read.map((t) => t.id), read };
}

/** The report file through the command line's own file access; a missing file is an empty report. */
function reportFile(ctx: CliContext, path: string): ReportStore {
  return {
    async load() {
      let bytes: Uint8Array;
      try {
        bytes = await ctx.readFile(path);
      } catch (error) {
        const missing =
          (error as NodeJS.ErrnoException).code === 'ENOENT' || /^ENOENT\b/.test((error as Error).message);
        if (missing) return undefined;
        throw new UsageError(`cannot read the report ${path}: ${(error as Error).message}`);
      }
      return parseReport(UTF8.decode(bytes), path);
    },
    async save(report) {
      await ctx.writeFile(path, new TextEncoder().encode(JSON.stringify(report, null, 1)));
    },
  };
}

export const patchCommand: CliCommand = {
  words: ['patch'],
  write: true,
  summary:
    'Change many twins at once with one JSON Patch (--file) or --set name=value: every twin checked against its model first; without --yes every request is printed and nothing is sent',
  args: '[<id...>]',
  arity: [0, Number.MAX_SAFE_INTEGER],
  body: 'a JSON Patch array',
  options: {
    ...FILTER_OPTIONS,
    set: {
      type: 'string',
      value: '<name>=<value>',
      description: "set one property; the value is read by the property's schema",
    },
    yes: { type: 'boolean', description: 'send the requests (without it: print every request, send nothing)' },
    report: {
      type: 'string',
      value: '<file>',
      description: 'record each twin as it finishes; the same command again skips the twins done with this patch',
    },
    concurrency: { type: 'string', value: '<n>', description: 'requests in flight at once, 1..32 (default 8)' },
  },
  run: async (ctx, input) => {
    const concurrency = intOption(input, 'concurrency') ?? 8;
    if (concurrency < 1 || concurrency > 32) throw new UsageError(`--concurrency must be 1..32, got ${concurrency}`);
    const change = await changeOf(ctx, input);
    const client = ctx.client();
    const connection = ctx.connectionVariables?.baseUrl ?? 'the service';
    if (client.readOnly) throw ApiError.readOnly('patchTwin', connection);
    const { ids, read } = await targets(ctx, input);
    const index = ModelIndex.fromServiceModels(
      await client.listModels({ includeModelDefinitions: true }, { signal: ctx.signal }),
    );
    const plan = await planTwinPatches(ids, change, { client, index, signal: ctx.signal, ...(read ? { read } : {}) });
    const reportPath = stringOption(input, 'report');
    const shown = (r: PatchRequest): { request: string; body: JsonPatchOperation[] } => ({
      request: requestLine(r.method, connection, r.path),
      body: r.body,
    });
    let asked: PatchRequest[] = [];
    let alreadyDone = 0;
    const send = flag(input, 'yes') === true;
    const result = await runTwinPatches(plan, client, {
      connection,
      concurrency,
      signal: ctx.signal,
      ...(reportPath ? { report: reportFile(ctx, reportPath) } : {}),
      confirm: async (question) => {
        asked = question.requests;
        alreadyDone = question.alreadyDone;
        return send;
      },
    });
    const refused = plan.refused.map((r) => ({ twinId: r.twinId, reason: r.reason }));
    if (!result.confirmed)
      return {
        sent: 0,
        note: `nothing was sent: run again with --yes to send these ${asked.length} request(s)`,
        requests: asked.map(shown),
        refused,
        unchanged: plan.unchanged,
        alreadyDone,
      };
    const failed = result.outcomes
      .filter((o) => o.status === 'failed')
      .map((o) => ({ twinId: o.twinId, error: o.error }));
    const printed = {
      sent: result.sent,
      counts: result.counts,
      requests: asked.map(shown),
      failed,
      refused,
      unchanged: plan.unchanged,
      ...(reportPath ? { report: reportPath } : {}),
    };
    const problems = [
      result.aborted ? `cancelled: ${result.counts.pending} twin(s) not reached` : '',
      failed.length ? `${failed.length} twin(s) failed` : '',
      refused.length ? `${refused.length} twin(s) refused before sending` : '',
    ].filter(Boolean);
    if (!problems.length) return printed;
    const resume =
      result.aborted || failed.length
        ? reportPath
          ? '; run the same command again to resume'
          : '; give --report <file> to resume later'
        : '';
    return new PartialFailure(printed, `${problems.join(', ')}${resume}`);
  },
};
