import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseImportFile } from '../../core/bulk/importFile';
import { planImport, serviceTwinLookup, type ImportPlan } from '../../core/bulk/importPlan';
import { fileReportStore, itemHash } from '../../core/bulk/importReport';
import { runImport, type ImportResult } from '../../core/bulk/importRunner';
import { countNoun } from '../../shared/countNoun';
import { resourceUri } from '../documents/resourceUri';
import type { BuildingTwinsContext } from '../extensionContext';
import { notifyResult, targetConnection } from '../tree/commandTarget';
import { TwinsNode } from '../tree/twinsNode';
import { issueLines } from './authoringDiagnostics';
import { authoring } from './authoringServices';
import { pickFiles, readSourceUri, requireExtensions, type SourceText } from './jsonSource';

export interface ImportCommandResult extends Omit<ImportResult, 'report' | 'outcomes'> {
  connection: string;
  reportFile: string;
  failures: string[];
}

/** `<folder>/<name without extension>.import-report.json` next to the (first) input file. */
export function reportPathFor(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.import-report.json`);
}

/** The plan as lines: counts per model and per relationship name, and what the report says is done already. */
export function planSummary(plan: ImportPlan, alreadyDone: number): string[] {
  const lines = [`${countNoun(plan.twins.length, 'twin')}, ${countNoun(plan.relationships.length, 'relationship')}`];
  for (const [model, n] of Object.entries(plan.twinCountsByModel).sort()) lines.push(`  ${n} × ${model}`);
  for (const [name, n] of Object.entries(plan.relationshipCountsByName).sort()) lines.push(`  ${n} × ${name}`);
  if (alreadyDone) lines.push(`${alreadyDone} already imported (report): skipped`);
  return lines;
}

/**
 * "Import twins and relationships from file…" (.json / .csv; several files form one plan). Every item is
 * validated before anything is sent: problems go to the Problems panel with their lines and stop the
 * import. Otherwise the summary (counts per model) is shown for confirmation, then the items are sent with
 * progress and cancellation. The report `<name>.import-report.json` is written next to the input; running
 * again resumes (items done are skipped).
 */
export async function importFromFiles(ctx: BuildingTwinsContext, clicked?: unknown, selection?: unknown): Promise<ImportCommandResult | undefined> {
  const uris = await pickFiles(ctx.input, clicked, selection, 'Import twins and relationships', ['json', 'csv'], true);
  requireExtensions(uris, ['json', 'csv'], 'Import');
  if (uris.some((u) => u.scheme !== 'file')) throw new Error('Import reads files on this machine only (the report is written next to the input).');
  const { connection, client } = await targetConnection(ctx, clicked);
  const index = await ctx.models.getIndex(connection);
  const sources: SourceText[] = await Promise.all(uris.map(readSourceUri));
  const names = sources.map((s) => s.name).join(', ');
  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Checking ${names}…` }, async () =>
    planImport(sources.map((s) => parseImportFile(s.text, s.name, index)), { index, lookupTwins: serviceTwinLookup(client) }));
  const { diagnostics } = authoring(ctx);
  diagnostics.show(sources, plan.errors);
  if (plan.errors.length) {
    for (const line of issueLines(plan.errors, 1000)) ctx.log.warn(`Import: ${line}`);
    throw new Error(`Import of ${names}: ${countNoun(plan.errors.length, 'problem')}, nothing was sent (see the Problems panel). ${issueLines(plan.errors, 3).join('; ')}`);
  }
  if (plan.twins.length + plan.relationships.length === 0) throw new Error(`${names} holds no twin and no relationship. Nothing was sent.`);

  const reportFile = reportPathFor(uris[0].fsPath);
  const store = fileReportStore(reportFile);
  const previous = await store.load();
  const done = (key: string, item: unknown): boolean => previous?.items[key]?.status === 'done' && previous.items[key].hash === itemHash(item);
  const alreadyDone = plan.twins.filter((t) => done(t.key, t.twin)).length + plan.relationships.filter((r) => done(r.key, r.relationship)).length;
  const summary = planSummary(plan, alreadyDone);
  for (const line of summary) ctx.log.info(`Import ${names}: ${line}`);
  const proceed = await ctx.input.confirm(`Import ${summary[0]} from ${names} into "${connection}"?`, {
    detail: `${summary.slice(1).join('\n')}\nReport: ${path.basename(reportFile)}`,
    confirmLabel: 'Import',
  });
  if (!proceed) {
    ctx.log.info(`Import of ${names} declined; nothing was sent.`);
    return undefined;
  }

  const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Importing ${names} into "${connection}"`, cancellable: true }, async (progress, token) => {
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort(new Error('Import cancelled')));
    let reported = 0;
    try {
      return await runImport(plan, client, {
        report: store,
        signal: abort.signal,
        onProgress: (p) => {
          const finished = p.done + p.failed + p.skipped;
          const percent = p.total ? (100 * finished) / p.total : 100;
          progress.report({ message: `${p.phase}: ${finished} of ${p.total}${p.failed ? ` (${p.failed} failed)` : ''}`, increment: percent - reported });
          reported = percent;
        },
      });
    } finally {
      cancel.dispose();
    }
  });

  const failed = result.outcomes.filter((o) => o.status === 'failed');
  diagnostics.show(sources, failed.map((o) => ({ file: o.file, line: o.line, message: `not imported: ${o.error ?? 'failed'}` })));
  const failures = failed.map((o) => `${o.file ? `${o.file} ` : ''}line ${o.line}: ${o.error ?? 'failed'}`);
  const twinsNode = ctx.tree.connectionNode(connection)?.group(TwinsNode);
  if (twinsNode) ctx.tree.refresh(twinsNode);
  // Open documents of imported twins show them as the service now holds them.
  await Promise.all(plan.twins.map((t) => ctx.documents.reloadOpen(resourceUri(connection, 'twins', t.twin.id))));
  const message = `Import of ${names} into "${connection}": ${result.done} sent, ${result.skipped} skipped (already done), ${result.failed} failed${result.pending ? `, ${result.pending} not reached (cancelled)` : ''}. Report: ${path.basename(reportFile)}`;
  ctx.log.info(message);
  for (const f of failures) ctx.log.warn(`Import: ${f}`);
  notifyResult(ctx, message, result.failed > 0 || result.aborted);
  const { report: _report, outcomes: _outcomes, ...counts } = result;
  return { ...counts, connection, reportFile, failures };
}
