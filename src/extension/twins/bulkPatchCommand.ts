// "Change Twins…": one change (a JSON Patch, or one property set to a value) to the selected twin rows, the twins a
// model group or the explorer's filter shows, or twin ids given by another command (a request's results). Every
// twin is read and checked against its model; one question lists every request; then they are sent with progress and
// Cancel. An unfinished run is recorded, so the same change on the same twins resumes it.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BuildingTwinsApi, DigitalTwin, JsonPatchOperation } from '../../core/api/types';
import { fileReportStore } from '../../core/bulk/importReport';
import { bulkChangeProblem, planTwinPatches, type BulkChange, type PatchPlan } from '../../core/bulk/patchPlan';
import { runTwinPatches, type BulkPatchResult, type PatchQuestion } from '../../core/bulk/patchRunner';
import { stripControl } from '../../core/untrusted/controlCharacters';
import { MAX_DETAIL_LINES, operationLine, requestLine } from '../../core/writes/writePreview';
import { resourceUri } from '../documents/resourceUri';
import { WriteNotSentError } from '../shell/writeNotSent';
import type { WriteConfirmation } from '../documents/writeGate';
import { isRow } from '../explorer/rowSubject';
import type { TreeNode } from '../explorer/treeNode';
import { type ProgressReport, withCancellableProgress } from '../shell/cancellableProgress';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { listOf, oneOf, options, text, type Options } from '../shell/commandArgs';
import { row } from '../shell/argGuards';
import { twinCount } from '../shell/countWords';
import type { ExtensionServices } from '../shell/services';
import { toTwinFilters } from './twinFilter';
import { TwinsNode } from './twinsNode';

type Services = Pick<
  ExtensionServices,
  'connections' | 'documents' | 'input' | 'log' | 'models' | 'tree' | 'vscodeContext' | 'writes'
>;

export interface BulkPatchCommandResult {
  connection: string;
  twins: number;
  sent: number;
  counts: BulkPatchResult['counts'];
  /** One line per twin that failed or was refused, with the reason. */
  problems: string[];
  /** The record an unfinished run leaves to resume from; undefined once everything is done. */
  reportFile?: string;
}

/** The twins to change, read already when a listing found them (not read again). */
interface Targets {
  connection: string;
  ids: string[];
  read?: DigitalTwin[];
  /** "3 selected twins", "the twins of model Room", "the filter's 12 twins". */
  described: string;
}

const SET_EXAMPLE = 'capacity';
const PATCH_EXAMPLE = '[{ "op": "replace", "path": "/capacity", "value": 12 }]';

/** A change given by another command or a test (`{ kind: 'set', property, value }` or `{ kind: 'patch', patch }`). */
function changeFrom(given: Options): BulkChange {
  const change =
    given.kind === 'set' && typeof given.property === 'string' && typeof given.value === 'string'
      ? { kind: 'set' as const, property: given.property, value: given.value }
      : given.kind === 'patch' && Array.isArray(given.patch)
        ? { kind: 'patch' as const, patch: given.patch as JsonPatchOperation[] }
        : undefined;
  const problem = change ? bulkChangeProblem(change) : vscode.l10n.t('not a change');
  if (!change || problem)
    throw new Error(vscode.l10n.t('The change cannot be sent: {0}. Nothing was sent.', problem ?? ''));
  return change;
}

/** Asks what to change: a property and its value, or a JSON Patch. */
async function askForChange(ctx: Pick<Services, 'input'>, described: string): Promise<BulkChange> {
  const set = {
    label: vscode.l10n.t('Set a Property…'),
    detail: vscode.l10n.t('One property to one value on every twin'),
  };
  const patch = {
    label: vscode.l10n.t('Apply a JSON Patch…'),
    detail: vscode.l10n.t("Operations on every twin, with paths from the twin's properties (/name)"),
  };
  const title = vscode.l10n.t('Change {0}', described);
  const chosen = await ctx.input.pick([set, patch], { title, placeHolder: vscode.l10n.t('What to change') });
  if (chosen === set) {
    const property = await ctx.input.input({
      title,
      prompt: vscode.l10n.t("The property to set (its name in the twins' models)"),
      placeHolder: SET_EXAMPLE,
      validate: (value) => bulkChangeProblem({ kind: 'set', property: value, value: '' }),
    });
    const value = await ctx.input.input({
      title,
      prompt: vscode.l10n.t(
        "The value of {0}, as you would type it in a CSV cell (read by the property's schema)",
        property,
      ),
    });
    return { kind: 'set', property: property.trim(), value };
  }
  const patchText = await ctx.input.input({
    title,
    prompt: vscode.l10n.t('A JSON Patch (an array of operations)'),
    placeHolder: PATCH_EXAMPLE,
    validate: (value) => {
      try {
        const parsed = JSON.parse(value) as unknown;
        return Array.isArray(parsed)
          ? bulkChangeProblem({ kind: 'patch', patch: parsed as JsonPatchOperation[] })
          : vscode.l10n.t('A JSON Patch is an array of operations');
      } catch (error) {
        return vscode.l10n.t('Not JSON: {0}', (error as Error).message);
      }
    },
  });
  return { kind: 'patch', patch: JSON.parse(patchText) as JsonPatchOperation[] };
}

/** Every twin a listing yields: the explorer's filter, narrowed to a model group's model when run on one. */
async function listedTwins(
  client: BuildingTwinsApi,
  request: Parameters<BuildingTwinsApi['iterateTwins']>[0],
): Promise<DigitalTwin[]> {
  const twins: DigitalTwin[] = [];
  for await (const twin of client.iterateTwins({ ...request, pageSize: 1000 })) twins.push(twin);
  return twins;
}

async function targetsOf(
  ctx: Services,
  node: TreeNode | string | undefined,
  selection: TreeNode[] | string[] | undefined,
): Promise<Targets> {
  if (typeof node === 'string') {
    const ids = (selection ?? []).filter((s): s is string => typeof s === 'string');
    if (!ids.length) throw new Error(vscode.l10n.t('Name the twins to change: no twin id was given.'));
    return { connection: node, ids, described: twinCount(ids.length) };
  }
  if (isRow(node, 'twins')) {
    const rows = (selection ?? []).filter((s): s is TreeNode => typeof s !== 'string');
    const chosen = rows.length > 1 && rows.includes(node) ? rows.filter((r) => isRow(r, 'twins')) : [node];
    const ids = [...new Set(chosen.map((r) => r.ids[0]))];
    return {
      connection: node.connection!,
      ids,
      described: ids.length === 1 ? ids[0] : vscode.l10n.t('{0} selected', twinCount(ids.length)),
    };
  }
  if (isRow(node, 'twinGroup') || node instanceof TwinsNode) {
    const connection = node.connection!;
    const model = isRow(node, 'twinGroup') ? { modelId: node.ids[0], exact: true } : undefined;
    const filters = toTwinFilters(ctx.tree.filter, model);
    const read = await listedTwins(await ctx.connections.getClient(connection), filters);
    return { connection, ids: read.map((t) => t.id), read, described: twinCount(read.length) };
  }
  throw new Error(
    vscode.l10n.t('Run "Change Twins…" on selected twin rows, a model group or Twins (the filter\'s twins).'),
  );
}

/**
 * A cancellable progress notification shown from `start()` until `end()`; its Cancel fires `signal`. Reports before
 * the start are kept for it.
 */
function laterProgress(title: string): {
  signal: AbortSignal;
  start(): void;
  report(message: string, percent: number): void;
  end(): void;
} {
  const controller = new AbortController();
  let shown: ProgressReport | undefined;
  let reported = 0;
  let last: { message: string; percent: number } | undefined;
  let end = (): void => undefined;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const report = (message: string, percent: number): void => {
    last = { message, percent };
    if (!shown) return;
    shown.report({ message, increment: percent - reported });
    reported = percent;
  };
  return {
    signal: controller.signal,
    start: () =>
      void withCancellableProgress(title, async (progress, signal) => {
        signal.addEventListener('abort', () => controller.abort(new Error(vscode.l10n.t('Change cancelled'))), {
          once: true,
        });
        shown = progress;
        if (last) report(last.message, last.percent);
        await ended;
      }),
    report,
    end: () => end(),
  };
}

/** Where an unfinished run of this change on this connection is recorded (in the extension's own storage). */
function reportPathFor(ctx: Pick<Services, 'vscodeContext'>, connection: string, change: BulkChange): string {
  const key = createHash('sha1')
    .update(JSON.stringify([connection, change]))
    .digest('hex')
    .slice(0, 16);
  return path.join(ctx.vscodeContext.globalStorageUri.fsPath, 'bulk-patches', `${key}.json`);
}

/** The one question: the requests (the first lines of each), refusals and notes; "Show Everything" has every byte. */
function confirmation(
  connection: string,
  baseUrl: string,
  question: PatchQuestion,
  described: string,
): WriteConfirmation {
  const { requests, plan } = question;
  const lines = requests.flatMap((r) => [
    requestLine(r.method, baseUrl, r.path),
    ...r.body.map((op) => `  ${operationLine(op)}`),
  ]);
  const kept = lines.slice(0, MAX_DETAIL_LINES);
  if (lines.length > kept.length) kept.push(vscode.l10n.t('… and {0} more lines', lines.length - kept.length));
  const notes = [
    ...Object.entries(plan.countsByModel)
      .sort()
      .map(([model, n]) => `${n} × ${stripControl(model)}`),
    ...(plan.refused.length
      ? [vscode.l10n.t('Not sent, refused before sending: {0} (reasons in the log)', twinCount(plan.refused.length))]
      : []),
    ...(plan.unchanged.length
      ? [vscode.l10n.t('Not sent, already have these values: {0}', twinCount(plan.unchanged.length))]
      : []),
    ...(question.alreadyDone
      ? [vscode.l10n.t('Not sent, done by an earlier run of this change: {0}', twinCount(question.alreadyDone))]
      : []),
  ];
  return {
    question: vscode.l10n.t('Change {0} on "{1}"?', twinCount(requests.length), connection),
    detail: [...kept, '', ...notes].join('\n'),
    sent: requests.map((r) => ({ title: requestLine(r.method, baseUrl, r.path), body: r.body })),
    cancelled: vscode.l10n.t('Not sent: the change of {0} on "{1}" was cancelled.', described, connection),
  };
}

function logPlan(ctx: Pick<Services, 'log'>, plan: PatchPlan): string[] {
  const lines = plan.refused.map((r) =>
    vscode.l10n.t('{0}: refused before sending: {1}', stripControl(r.twinId), stripControl(r.reason)),
  );
  for (const line of lines) ctx.log.warn(line);
  return lines;
}

/**
 * "Change Twins…": on twin rows (the selection when the clicked row is in it), a model group or Twins (every twin
 * the explorer's filter shows there), or (connection, twin ids). `given` is the change (else it is asked for).
 */
export async function changeTwins(
  ctx: Services,
  node?: TreeNode | string,
  selection?: TreeNode[] | string[],
  given?: Options,
): Promise<BulkPatchCommandResult | undefined> {
  const connectionName = typeof node === 'string' ? node : (node?.connection ?? ctx.connections.activeName());
  if (ctx.connections.isReadOnly(connectionName))
    throw new Error(
      vscode.l10n.t(
        '"{0}" is a read-only connection: twins cannot be changed through it. Nothing was sent.',
        connectionName,
      ),
    );
  const targets = await targetsOf(ctx, node, selection);
  const { connection, described } = targets;
  if (!targets.ids.length) throw new Error(vscode.l10n.t('There are no twins to change here. Nothing was sent.'));
  const change = given ? changeFrom(given) : await askForChange(ctx, described);
  const client = await ctx.connections.getClient(connection);
  const baseUrl = ctx.connections.require(connection).baseUrl;
  const plan = await withCancellableProgress(
    vscode.l10n.t('Checking {0} against their models', twinCount(targets.ids.length)),
    async (_progress, signal) =>
      planTwinPatches(targets.ids, change, {
        client,
        index: await ctx.models.getIndex(connection),
        signal,
        ...(targets.read ? { read: targets.read } : {}),
      }),
    new Error(vscode.l10n.t('Change cancelled')),
  );
  const problems = logPlan(ctx, plan);
  const reportFile = reportPathFor(ctx, connection, change);
  const store = fileReportStore(reportFile);
  // The progress notification (with Cancel) appears once the question is answered, not behind it.
  const progress = laterProgress(vscode.l10n.t('Changing {0} on "{1}"', described, connection));
  let result: BulkPatchResult;
  try {
    result = await runTwinPatches(plan, client, {
      connection,
      report: store,
      signal: progress.signal,
      confirm: async (question) => {
        try {
          await ctx.writes.confirmAlways(connection, confirmation(connection, baseUrl, question, described));
        } catch (error) {
          if (error instanceof WriteNotSentError) return false;
          throw error;
        }
        progress.start();
        return true;
      },
      onProgress: ({ finished, failed, total }) =>
        progress.report(
          failed
            ? vscode.l10n.t('{0} of {1} ({2} failed)', finished, total, failed)
            : vscode.l10n.t('{0} of {1}', finished, total),
          total ? (100 * finished) / total : 100,
        ),
    });
  } finally {
    progress.end();
  }
  for (const o of result.outcomes.filter((o) => o.status === 'failed')) {
    const line = vscode.l10n.t('{0}: failed: {1}', stripControl(o.twinId), stripControl(o.error ?? ''));
    ctx.log.warn(line);
    problems.push(line);
  }
  const unfinished = result.counts.failed + result.counts.pending > 0;
  if (result.confirmed && !unfinished) await fs.rm(reportFile, { force: true });
  const summary = { connection, twins: targets.ids.length, sent: result.sent, counts: result.counts, problems };
  if (!result.confirmed) {
    ctx.log.info(`Change of ${described} on "${connection}" declined; nothing was sent.`);
    return summary;
  }
  const changed = result.outcomes.filter((o) => o.status === 'done').map((o) => o.twinId);
  const twinsNode = ctx.tree.connectionNode(connection)?.group(TwinsNode);
  if (twinsNode && changed.length) ctx.tree.refresh(twinsNode);
  await Promise.all(changed.map((id) => ctx.documents.reloadOpen(resourceUri(connection, 'twins', id))));
  const message = resultMessage(connection, described, result);
  ctx.log.info(message);
  if (!unfinished && !plan.refused.length) {
    void vscode.window.showInformationMessage(message);
    return summary;
  }
  const resume = vscode.l10n.t('Resume');
  const showLog = vscode.l10n.t('Show log');
  void vscode.window.showWarningMessage(message, ...(unfinished ? [resume] : []), showLog).then((choice) => {
    if (choice === showLog) ctx.log.show();
    if (choice === resume)
      void vscode.commands.executeCommand('buildingTwins.changeTwins', connection, targets.ids, change);
  });
  return { ...summary, ...(unfinished ? { reportFile } : {}) };
}

/** "Changed 3 selected twins on "Production": 10 sent, 1 failed, 2 refused before sending, …". */
function resultMessage(connection: string, described: string, result: BulkPatchResult): string {
  const { counts } = result;
  const parts = [
    vscode.l10n.t('{0} changed', counts.done),
    ...(counts.failed ? [vscode.l10n.t('{0} failed', counts.failed)] : []),
    ...(counts.refused ? [vscode.l10n.t('{0} refused before sending', counts.refused)] : []),
    ...(counts.unchanged ? [vscode.l10n.t('{0} had the values already', counts.unchanged)] : []),
    ...(counts.skipped ? [vscode.l10n.t('{0} done by an earlier run', counts.skipped)] : []),
    ...(counts.pending ? [vscode.l10n.t('{0} not reached (cancelled): Resume sends them', counts.pending)] : []),
  ];
  return vscode.l10n.t('Change of {0} on "{1}": {2}.', described, connection, parts.join(', '));
}

/** The change given by another command: a property and value, or a JSON Patch. */
const change = options;

export const bulkPatchCommands: CommandTable<ExtensionServices> = {
  // (twin row, selected rows) or (model group / Twins row) or (connection, twin ids), then optionally the change
  'buildingTwins.changeTwins': accepts(oneOf(row, text), oneOf(listOf(row), listOf(text)), change).run(changeTwins),
};
