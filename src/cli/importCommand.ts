// `building-twins import FILE…`: what "Import Twins and Relationships from File…" does, on the command line. The files
// (this extension's JSON or CSV, Azure Digital Twins Explorer's graph export or import sheet, told apart by
// core/bulk/importFile.ts) form one plan, checked against the service's models and the twins already there before
// anything is sent: its problems are printed, one `file:line: message` each, and nothing is sent. Then twins, then
// relationships, are sent a few at a time (the client paces and retries), each outcome recorded in the report, so a
// run again after a failure or Ctrl+C sends only what is not done yet.
import { ApiError } from '../core/api/apiError';
import {
  PartialFailure,
  PRINTED,
  UsageError,
  intOption,
  stringOption,
  flag,
  type CliCommand,
} from '../core/commands/cliCommand';
import { ModelIndex } from '../core/dtdl/modelIndex';
import { parseImportFile } from '../core/bulk/importFile';
import { planImport, serviceTwinLookup } from '../core/bulk/importPlan';
import { fileReportStore, reportPathFor } from '../core/bulk/importReport';
import { runImport } from '../core/bulk/importRunner';
import { stripControl } from '../core/untrusted/controlCharacters';

export const importCommand: CliCommand = {
  words: ['import'],
  summary:
    'Import twins and relationships from files (JSON, CSV, Azure Digital Twins Explorer graph JSON or .xlsx import sheet): checked first, nothing sent on a problem; resumable through its report',
  args: '<file...>',
  arity: [1, Number.MAX_SAFE_INTEGER],
  write: true,
  options: {
    report: {
      type: 'string',
      value: '<file>',
      description: 'The report to resume from and update (default: <first file>.import-report.json beside it)',
    },
    concurrency: { type: 'string', value: '<n>', description: 'Items sent at once, 1 to 64 (default 16)' },
    check: { type: 'boolean', description: 'Only check the files against the service: print the plan, send nothing' },
  },
  run: async (ctx, input) => {
    const concurrency = intOption(input, 'concurrency') ?? 16;
    if (concurrency < 1 || concurrency > 64) throw new UsageError(`--concurrency must be 1 to 64, got ${concurrency}`);
    const sources = [];
    for (const path of input.args) {
      try {
        sources.push({ name: path, bytes: await ctx.readFile(path) });
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
      }
    }
    const client = ctx.client();
    const check = flag(input, 'check') === true;
    // Refused as a whole before anything is read: each item would be refused alike.
    if (client.readOnly && !check) throw ApiError.readOnly('import', ctx.connectionVariables?.baseUrl ?? 'given');
    const index = ModelIndex.fromServiceModels(
      await client.listModels({ includeModelDefinitions: true }, { signal: ctx.signal }),
    );
    const parsed = await Promise.all(sources.map((source) => parseImportFile(source, index)));
    const plan = await planImport(parsed, { index, lookupTwins: serviceTwinLookup(client) });
    if (plan.errors.length) {
      for (const e of plan.errors) ctx.printLine?.(stripControl(`${e.file ?? ''}:${e.line}: ${e.message}`));
      return new PartialFailure(
        PRINTED,
        `${plan.errors.length} problem(s) in ${input.args.join(', ')}: nothing was sent`,
      );
    }
    if (plan.twins.length + plan.relationships.length === 0)
      throw new UsageError(`${input.args.join(', ')} holds no twin and no relationship: nothing was sent`);
    const summary = {
      twins: plan.twins.length,
      relationships: plan.relationships.length,
      twinsByModel: plan.twinCountsByModel,
      relationshipsByName: plan.relationshipCountsByName,
    };
    if (check) return summary;
    const report = stringOption(input, 'report') ?? reportPathFor(input.args[0]);
    const result = await runImport(plan, client, {
      concurrency,
      signal: ctx.signal,
      report: fileReportStore(report),
    });
    const failures = result.outcomes
      .filter((o) => o.status === 'failed')
      .map((o) => ({ file: o.file, line: o.line, kind: o.kind, error: o.error }));
    const printed = {
      ...summary,
      done: result.done,
      skipped: result.skipped,
      failed: result.failed,
      pending: result.pending,
      report,
      failures,
    };
    if (result.failed || result.pending)
      return new PartialFailure(
        printed,
        `${result.failed} item(s) failed${result.pending ? `, ${result.pending} not sent (cancelled)` : ''}: run the same command again to send only those (${report} records what is done)`,
      );
    return printed;
  },
};
