import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { checkTelemetryTargets, type TelemetryTargetProblem } from '../../core/api/telemetryTargets';
import type { ImportIssue } from '../../core/bulk/importTypes';
import { parseTelemetryFile, sendTelemetry, type ParsedTelemetry } from '../../core/bulk/telemetryFile';
import { withCancellableProgress } from '../shell/cancellableProgress';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import { confirmBulkWrite } from './bulkWriteConfirmation';
import { issueLines } from './authoringDiagnostics';
import { rowCount } from '../shell/countWords';
import { pickFiles, readSourceUri, requireExtensions, type SourceText } from '../shell/sourceText';

export interface TelemetryCommandResult {
  connection: string;
  sent: number;
  rejected: ImportIssue[];
}

/** Parses the file; when rows lack a connectorId, asks for a default connector and parses again. */
async function parseWithConnector(ctx: Pick<ExtensionServices, 'input'>, source: SourceText): Promise<ParsedTelemetry> {
  const parsed = parseTelemetryFile(source.text, source.name);
  if (!parsed.errors.length) return parsed;
  const probe = parseTelemetryFile(source.text, source.name, { defaultConnectorId: 'default' });
  if (probe.errors.length === parsed.errors.length) return parsed;
  const missing = parsed.errors.length - probe.errors.length;
  const connectorId = (
    await ctx.input.input({
      title: vscode.l10n.t('Send telemetry: default connector'),
      prompt:
        missing === 1
          ? vscode.l10n.t(
              '1 row of {0} names no connectorId. Connector id to use for them (empty: report them as errors)',
              source.name,
            )
          : vscode.l10n.t(
              '{0} rows of {1} name no connectorId. Connector id to use for them (empty: report them as errors)',
              missing,
              source.name,
            ),
    })
  ).trim();
  return connectorId ? parseTelemetryFile(source.text, source.name, { defaultConnectorId: connectorId }) : parsed;
}

/**
 * "Send telemetry from file…" (.json / .csv, see docs/import-formats.md): parses every row, checks with one
 * client call that the twins exist and are Capability twins, reports the rows that cannot be sent (line
 * and reason, in the Problems panel) and asks before sending the others; then sends in batches with
 * progress and cancellation. The check matters: the service accepts rows for unknown or non-Capability
 * twins and drops them without a word.
 */
export async function sendTelemetryFromFile(
  ctx: Pick<ExtensionServices, 'authoring' | 'connections' | 'input' | 'log' | 'models' | 'writes'>,
  clicked?: vscode.Uri | string,
  selection?: Array<vscode.Uri | string>,
): Promise<TelemetryCommandResult | undefined> {
  const uris = await pickFiles(
    ctx.input,
    clicked,
    selection,
    vscode.l10n.t('Send telemetry from file'),
    ['json', 'csv'],
    false,
  );
  if (uris.length > 1) throw new Error(vscode.l10n.t('Send telemetry reads one file at a time. Nothing was sent.'));
  requireExtensions(uris, ['json', 'csv'], (name) =>
    vscode.l10n.t('Send telemetry reads .json and .csv files only; "{0}" is neither. Nothing was sent.', name),
  );
  const source = await readSourceUri(uris[0]);
  const parsed = await parseWithConnector(ctx, source);
  const { connection, client } = await targetConnection(ctx);
  const index = await ctx.models.getIndex(connection);
  const targets = parsed.rows.length
    ? await checkTelemetryTargets(
        client,
        parsed.rows.map((r) => r.entry),
        { models: index },
      )
    : { problems: [] };
  const { rows, rejected } = sortRows(source.name, parsed, targets.problems);
  const { diagnostics } = ctx.authoring;
  diagnostics.show([source], rejected);
  for (const line of issueLines(rejected, 1000)) ctx.log.warn(`Telemetry: ${line}`);
  if (rows.length === 0)
    throw new Error(
      vscode.l10n.t(
        'No row of {0} can be sent ({1} rejected, see the Problems panel). {2}',
        source.name,
        rejected.length,
        issueLines(rejected, 3).join('; '),
      ),
    );
  if (rejected.length) {
    const send = await ctx.input.confirm(
      vscode.l10n.t(
        '{0} of {1} cannot be sent. Send the other {2} to "{3}"?',
        rowCount(rejected.length),
        source.name,
        rows.length,
        connection,
      ),
      {
        detail: issueLines(rejected, 10).join('\n'),
        confirmLabel: vscode.l10n.t('Send'),
      },
    );
    if (!send) {
      ctx.log.info(`Telemetry from ${source.name} declined; nothing was sent.`);
      return undefined;
    }
  }
  await confirmBulkWrite(ctx, {
    connection,
    question: vscode.l10n.t('Send {0} from {1} to "{2}"?', rowCount(rows.length), source.name, connection),
    requests: [{ method: 'POST', path: '/time-series', items: rows.map((r) => r.entry) }],
    cancelled: vscode.l10n.t('Not sent: sending telemetry from {0} to "{1}" was cancelled.', source.name, connection),
  });
  await sendWithProgress(client, rows, source.name, connection);
  const message = rejected.length
    ? vscode.l10n.t(
        'Telemetry from {0} to "{1}": {2} sent, {3} rejected (see the Problems panel).',
        source.name,
        connection,
        rowCount(rows.length),
        rejected.length,
      )
    : vscode.l10n.t('Telemetry from {0} to "{1}": {2} sent.', source.name, connection, rowCount(rows.length));
  ctx.log.info(message);
  notifyResult(ctx, message, rejected.length > 0);
  return { connection, sent: rows.length, rejected };
}

/** The rows that can be sent, and why the others cannot (parse errors, the targets' problems), by line. */
function sortRows(
  file: string,
  parsed: ParsedTelemetry,
  problems: readonly TelemetryTargetProblem[],
): { rows: ParsedTelemetry['rows']; rejected: ImportIssue[] } {
  const bad = new Set<number>();
  const rejected: ImportIssue[] = [...parsed.errors];
  for (const problem of problems) {
    for (const i of problem.indexes) {
      bad.add(i);
      rejected.push({ file, line: parsed.rows[i].line, message: problem.message });
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  const rows = parsed.rows.filter((_, i) => !bad.has(i));
  return { rows, rejected };
}

/** Sends the rows in batches under a cancellable progress notification; a failure or Cancel says how far it got. */
async function sendWithProgress(
  client: Parameters<typeof sendTelemetry>[1],
  rows: ParsedTelemetry['rows'],
  file: string,
  connection: string,
): Promise<void> {
  await withCancellableProgress(
    vscode.l10n.t('Sending telemetry from {0} to "{1}"', file, connection),
    async (progress, signal) => {
      let reported = 0;
      try {
        return await sendTelemetry(rows, client, {
          signal,
          onProgress: (sent, total) => {
            progress.report({
              message: vscode.l10n.t('{0} of {1} rows', sent, total),
              increment: (100 * (sent - reported)) / total,
            });
            reported = sent;
          },
        });
      } catch (err) {
        throw new Error(
          signal.aborted
            ? vscode.l10n.t(
                'Sending telemetry from {0} stopped after {1} of {2} rows: cancelled',
                file,
                reported,
                rows.length,
              )
            : vscode.l10n.t(
                'Sending telemetry from {0} stopped after {1} of {2} rows: {3}',
                file,
                reported,
                rows.length,
                errorText(err),
              ),
        );
      }
    },
    new Error(vscode.l10n.t('Sending cancelled')),
  );
}
