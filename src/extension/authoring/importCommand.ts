import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../explorer/treeNode';
import { IMPORT_EXTENSIONS, parseImportFile } from '../../core/bulk/importFile';
import type { ImportPlan } from '../../core/bulk/importPlan';
import { fileReportStore, itemHash, reportPathFor, type ReportStore } from '../../core/bulk/importReport';
import { runImport, type ImportProgress, type ImportResult } from '../../core/bulk/importRunner';
import { resourceUri } from '../documents/resourceUri';
import { bulkWriteConfirmation, importPlanRequests } from './bulkWriteConfirmation';
import type { ExtensionServices } from '../shell/services';
import { withCancellableProgress } from '../shell/cancellableProgress';
import { notifyResult } from '../explorer/commandTarget';
import { TwinsNode } from '../twins/twinsNode';
import { issueLines } from './authoringDiagnostics';
import { twinsAndRelationships } from '../shell/countWords';
import { pickFiles, readBinarySourceUri, readSourceUri, requireExtensions } from '../shell/sourceText';
import { checkedImportPlan } from './checkedImportPlan';

export interface ImportCommandResult extends Omit<ImportResult, 'report' | 'outcomes'> {
  connection: string;
  reportFile: string;
  failures: string[];
}

/** The plan as lines: counts per model and per relationship name, and what the report says is done already. */
function planSummary(plan: ImportPlan, alreadyDone: number): string[] {
  const lines = [twinsAndRelationships(plan.twins.length, plan.relationships.length)];
  for (const [model, n] of Object.entries(plan.twinCountsByModel).sort()) lines.push(`  ${n} × ${model}`);
  for (const [name, n] of Object.entries(plan.relationshipCountsByName).sort()) lines.push(`  ${n} × ${name}`);
  if (alreadyDone) lines.push(vscode.l10n.t('{0} already imported (report): skipped', alreadyDone));
  return lines;
}

/** The progress of the import's phase: "twins: 40 of 120 (2 failed)". */
function progressText(phase: ImportProgress['phase'], finished: number, total: number, failed: number): string {
  if (phase === 'twins')
    return failed
      ? vscode.l10n.t('twins: {0} of {1} ({2} failed)', finished, total, failed)
      : vscode.l10n.t('twins: {0} of {1}', finished, total);
  return failed
    ? vscode.l10n.t('relationships: {0} of {1} ({2} failed)', finished, total, failed)
    : vscode.l10n.t('relationships: {0} of {1}', finished, total);
}

/**
 * "Import twins and relationships from file…" (.json / .csv / .xlsx, also Azure Digital Twins Explorer's graph export and
 * import sheet: core/bulk/importFile.ts tells them apart; several files form one plan). Every item is
 * validated before anything is sent: problems go to the Problems panel with their lines and stop the
 * import. Otherwise the summary (counts per model) is shown for confirmation, then the items are sent with
 * progress and cancellation. The report `<name>.import-report.json` is written next to the input; running
 * again resumes (items done are skipped).
 */
export async function importFromFiles(
  ctx: Pick<
    ExtensionServices,
    'authoring' | 'connections' | 'documents' | 'input' | 'log' | 'models' | 'tree' | 'writes'
  >,
  clicked?: vscode.Uri | string | TreeNode,
  selection?: Array<vscode.Uri | string>,
): Promise<ImportCommandResult | undefined> {
  const uris = await pickFiles(
    ctx.input,
    clicked,
    selection,
    vscode.l10n.t('Import twins and relationships'),
    IMPORT_EXTENSIONS,
    true,
  );
  requireExtensions(uris, IMPORT_EXTENSIONS, (name) =>
    vscode.l10n.t('Import reads .json, .csv and .xlsx files only; "{0}" is none of them. Nothing was sent.', name),
  );
  if (uris.some((u) => u.scheme !== 'file'))
    throw new Error(
      vscode.l10n.t('Import reads files on this machine only (the report is written next to the input).'),
    );
  // A workbook is read as bytes; text files as their editors show them (unsaved edits included).
  const sources = await Promise.all(
    uris.map((uri) => (/\.xlsx$/i.test(uri.path) ? readBinarySourceUri(uri) : readSourceUri(uri))),
  );
  const { connection, client, plan, names } = await checkedImportPlan(ctx, clicked, {
    command: 'Import',
    subject: vscode.l10n.t('Import of {0}', sources.map((s) => s.name).join(', ')),
    sources,
    parse: (source, index) =>
      parseImportFile(
        source.bytes ? { name: source.name, bytes: source.bytes } : { name: source.name, text: source.text },
        index,
      ),
  });

  const reportFile = reportPathFor(uris[0].fsPath);
  const store = fileReportStore(reportFile);
  const confirmed = await askToImport(ctx, { connection, plan, names, store, reportFile });
  if (!confirmed) {
    ctx.log.info(`Import of ${names} declined; nothing was sent.`);
    return undefined;
  }
  const result = await withCancellableProgress(
    vscode.l10n.t('Importing {0} into "{1}"', names, connection),
    async (progress, signal) => {
      let reported = 0;
      return runImport(plan, client, {
        report: store,
        signal,
        onProgress: (p) => {
          const finished = p.done + p.failed + p.skipped;
          const percent = p.total ? (100 * finished) / p.total : 100;
          progress.report({
            message: progressText(p.phase, finished, p.total, p.failed),
            increment: percent - reported,
          });
          reported = percent;
        },
      });
    },
    new Error(vscode.l10n.t('Import cancelled')),
  );

  const failed = result.outcomes.filter((o) => o.status === 'failed');
  const failedIssues = failed.map((o) => ({ file: o.file, line: o.line, message: o.error ?? vscode.l10n.t('failed') }));
  ctx.authoring.diagnostics.show(
    sources,
    failedIssues.map((issue) => ({ ...issue, message: vscode.l10n.t('not imported: {0}', issue.message) })),
  );
  const failures = issueLines(failedIssues, failedIssues.length);
  const twinsNode = ctx.tree.connectionNode(connection)?.group(TwinsNode);
  if (twinsNode) ctx.tree.refresh(twinsNode);
  // Open documents of imported twins show them as the service now holds them.
  await Promise.all(plan.twins.map((t) => ctx.documents.reloadOpen(resourceUri(connection, 'twins', t.twin.id))));
  const message = resultMessage(names, connection, result, path.basename(reportFile));
  ctx.log.info(message);
  for (const f of failures) ctx.log.warn(`Import: ${f}`);
  notifyResult(ctx, message, result.failed > 0 || result.aborted);
  const { report: _report, outcomes: _outcomes, ...counts } = result;
  return { ...counts, connection, reportFile, failures };
}

/** Asks before sending: the counts per model, what the report says is done already, the report's name. */
async function askToImport(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'writes'>,
  {
    connection,
    plan,
    names,
    store,
    reportFile,
  }: { connection: string; plan: ImportPlan; names: string; store: ReportStore; reportFile: string },
): Promise<boolean> {
  const previous = await store.load();
  const done = (key: string, item: unknown): boolean =>
    previous?.items[key]?.status === 'done' && previous.items[key].hash === itemHash(item);
  const alreadyDone =
    plan.twins.filter((t) => done(t.key, t.twin)).length +
    plan.relationships.filter((r) => done(r.key, r.relationship)).length;
  const summary = planSummary(plan, alreadyDone);
  for (const line of summary) ctx.log.info(`Import ${names}: ${line}`);
  const question = vscode.l10n.t('Import {0} from {1} into "{2}"?', summary[0], names, connection);
  const notes = [...summary.slice(1), vscode.l10n.t('Report: {0}', path.basename(reportFile))];
  // buildingTwins.confirmWrites: the gate's question shows the requests too, with the first items on demand.
  const gated = bulkWriteConfirmation(
    {
      connection,
      question,
      notes,
      requests: importPlanRequests(plan),
      cancelled: vscode.l10n.t('Not sent: the import of {0} into "{1}" was cancelled.', names, connection),
    },
    ctx.connections.require(connection).baseUrl,
  );
  return ctx.writes.confirmInstead(connection, gated, () =>
    ctx.input.confirm(question, { detail: notes.join('\n'), confirmLabel: vscode.l10n.t('Import') }),
  );
}

/** "Import of a.csv into "Production": 12 sent, 0 skipped (already done), 1 failed. Report: a.import-report.json" */
function resultMessage(names: string, connection: string, result: ImportResult, report: string): string {
  return result.pending
    ? vscode.l10n.t(
        'Import of {0} into "{1}": {2} sent, {3} skipped (already done), {4} failed, {5} not reached (cancelled). Report: {6}',
        names,
        connection,
        result.done,
        result.skipped,
        result.failed,
        result.pending,
        report,
      )
    : vscode.l10n.t(
        'Import of {0} into "{1}": {2} sent, {3} skipped (already done), {4} failed. Report: {5}',
        names,
        connection,
        result.done,
        result.skipped,
        result.failed,
        report,
      );
}
