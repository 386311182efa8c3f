// Runs requests of a request file in the editor: against the connection the file pins (else the active one),
// after checking the whole file, with progress and cancellation, writes only after the confirmation that
// buildingTwins.confirmWrites asks for; each outcome goes to the results panel as it arrives. A request that uses an
// earlier request's result (`${@name#/pointer}`) gets it filled in from this file's latest results just before it
// is sent; such a write is confirmed then, with the values it will send.

import * as vscode from 'vscode';
import type { Json } from '../../core/api/types';
import { problemText, type RequestEntry } from '../../core/requestFiles/requestFileModel';
import { parseRequestFile } from '../../core/requestFiles/requestFileParser';
import type { EarlierResults } from '../../core/requestFiles/earlierResults';
import { runRequest, withEarlierResults, type RequestOutcome } from '../../core/requestFiles/requestRunner';
import { stripControl } from '../../core/untrusted/controlCharacters';
import type { Handlers } from '../../webviews/shared/bridgeProtocol';
import type { RequestResultsMethods } from '../../webviews/requestResults/requestResultsProtocol';
import type { RequestResultsStore } from '../panels/requestResults/requestResultsStore';
import { WriteNotSentError } from '../shell/writeNotSent';
import { withCancellableProgress } from '../shell/cancellableProgress';
import type { RequestFileServices } from './requestFileServices';
import type { RequestRunHistory } from './requestRunHistory';
import { fileLabel } from '../shell/fileLabel';

/** One request's run, as the results panel receives it. */
export interface RequestRun {
  entry: RequestEntry;
  connection: string;
  /** The document it came from. */
  uri: vscode.Uri;
  outcome: RequestOutcome;
  /** Epoch ms the request was sent and answered (the panel shows how long it took). */
  startedAt: number;
  finishedAt: number;
}

/** Where outcomes go (the results panel). */
export interface RequestResultsSink {
  /** A run of these requests starts: the panel opens (beside the editor) and shows them as pending. */
  begin(uri: vscode.Uri, connection: string, entries: readonly RequestEntry[]): void;
  add(run: RequestRun): void;
  /** The latest outcome of each request of each file, for the requests that use it (memory only). */
  readonly earlier: EarlierResults;
}

/** The results panel as the window's services hold it (the panel itself lives in src/extension/panels). */
export interface RequestResultsTarget extends RequestResultsSink, vscode.Disposable {
  readonly store: RequestResultsStore;
  /** The open panel's handlers (tests drive them), or undefined while it is closed. */
  readonly handlers: Handlers<RequestResultsMethods> | undefined;
  /** The runs of each file, kept in the workspace's state ("Rerun last"). */
  readonly history: RequestRunHistory;
}

export interface RunReport {
  /** The request file run. */
  uri: vscode.Uri;
  connection: string;
  runs: RequestRun[];
  /** The user declined the write confirmation, or cancelled the progress. */
  cancelled: boolean;
}

async function requestDocument(uri: vscode.Uri | undefined): Promise<vscode.TextDocument> {
  if (uri) return vscode.workspace.openTextDocument(uri);
  const active = vscode.window.activeTextEditor?.document;
  if (active && /\.twinq\.json$/i.test(active.uri.path)) return active;
  throw new Error(vscode.l10n.t('Open a twin request file (*.twinq.json) to run its requests.'));
}

/** The connection a file runs against: the one it pins (which must exist), else the active one. */
function runConnection(services: Pick<RequestFileServices, 'connections'>, pinned: string | undefined): string {
  if (pinned === undefined) return services.connections.activeName();
  if (!services.connections.get(pinned))
    throw new Error(
      vscode.l10n.t(
        'The file runs against the connection "{0}", which is not configured: add it, or remove "connection" from the file.',
        stripControl(pinned),
      ),
    );
  return pinned;
}

/**
 * The run's writes, asked about once when buildingTwins.confirmWrites asks for this connection: the question names
 * them, "Show Everything" opens each with its arguments and whole body. False when declined (nothing is sent).
 */
async function confirmWrites(
  services: Pick<RequestFileServices, 'writes'>,
  connection: string,
  baseUrl: string,
  writes: readonly RequestEntry[],
): Promise<boolean> {
  if (!writes.length || !services.writes.needsConfirmation(connection)) return true;
  const list = writes.map((w) => `${stripControl(w.name)}: ${w.operation}`).join('\n');
  try {
    await services.writes.confirm(connection, {
      question:
        writes.length === 1
          ? vscode.l10n.t('Run the write "{0}" on "{1}"?', stripControl(writes[0]!.name), stripControl(connection))
          : vscode.l10n.t('Run {0} writes on "{1}"?', writes.length, stripControl(connection)),
      detail: `${stripControl(baseUrl)}\n\n${list}`,
      sent: writes.map((w) => ({
        title: `${stripControl(JSON.stringify(w.name))}: ${w.operation} → ${stripControl(baseUrl)}`,
        ...(w.query ? { args: w.query } : {}),
        ...(w.body !== undefined ? { body: w.body } : {}),
      })),
      cancelled: vscode.l10n.t(
        'Not sent: the writes of the request file on "{0}" were cancelled.',
        stripControl(connection),
      ),
    });
    return true;
  } catch (error) {
    if (error instanceof WriteNotSentError) return false;
    throw error;
  }
}

/**
 * Runs the named requests of a file (all when `names` is empty). A file with a problem in them (or in the
 * file as a whole) is refused before anything is sent, naming the line.
 */
export async function runFileRequests(
  services: Pick<RequestFileServices, 'connections' | 'input' | 'log' | 'writes'>,
  sink: RequestResultsSink,
  uri: vscode.Uri | undefined,
  names: readonly string[] = [],
): Promise<RunReport> {
  const document = await requestDocument(uri);
  const pinned = parseRequestFile(document.getText()).file.connection;
  const connection = runConnection(services, pinned);
  const profile = services.connections.get(connection);
  const { file, problems } = parseRequestFile(document.getText(), {
    connectionName: connection,
    baseUrl: profile?.baseUrl ?? '',
    clientId: profile?.clientId ?? '',
  });
  const missing = names.filter((n) => !file.requests.some((r) => r.name === n));
  if (missing.length) throw new Error(vscode.l10n.t('The file has no request named "{0}".', stripControl(missing[0]!)));
  const entries = names.length ? file.requests.filter((r) => names.includes(r.name)) : file.requests;
  const blocking = problems.filter((p) => p.request === undefined || entries.some((e) => e.index === p.request));
  if (blocking.length) {
    const fileName = fileLabel(document.uri);
    throw new Error(
      vscode.l10n.t(
        'Nothing was sent: {0}',
        blocking
          .slice(0, 3)
          .map((p) => problemText(p, fileName))
          .join('; ') + (blocking.length > 3 ? vscode.l10n.t(' (and {0} more)', blocking.length - 3) : ''),
      ),
    );
  }
  if (!entries.length) throw new Error(vscode.l10n.t('The file has no requests to run.'));
  const writes = entries.filter((e) => e.write);
  if (writes.length && services.connections.isReadOnly(connection)) {
    // Refused before the confirmation: answering "Send" could only be refused afterwards.
    throw new Error(
      vscode.l10n.t(
        'Nothing was sent: "{0}" is read-only and refuses the write "{1}". Allow writes on the connection, or run the reads alone.',
        connection,
        writes.map((w) => stripControl(w.name)).join('", "'),
      ),
    );
  }
  const report: RunReport = { uri: document.uri, connection, runs: [], cancelled: false };
  const baseUrl = profile?.baseUrl ?? connection;
  // A write whose values come from earlier results is confirmed when they are known, just before it is sent.
  const known = writes.filter((w) => !w.chained?.length);
  if (!(await confirmWrites(services, connection, baseUrl, known))) {
    report.cancelled = true;
    return report;
  }
  const fileKey = document.uri.toString();
  sink.begin(document.uri, connection, entries);
  // Confirmed above: the client does not ask about each write again.
  await services.writes.sendConfirmed(connection, () =>
    withCancellableProgress(
      vscode.l10n.t('Running requests on "{0}"', connection),
      async (progress, signal) => {
        const client = await services.connections.getClient(connection);
        for (const [i, entry] of entries.entries()) {
          if (signal.aborted) {
            report.cancelled = true;
            return;
          }
          progress.report({
            message: `${i + 1}/${entries.length} ${stripControl(entry.name)}`,
            increment: 100 / entries.length,
          });
          const ready = withEarlierResults(entry, sink.earlier.of(fileKey));
          if (ready.ok && ready.entry.write && entry.chained?.length) {
            if (!(await confirmWrites(services, connection, baseUrl, [ready.entry]))) {
              report.cancelled = true;
              return;
            }
          }
          const startedAt = Date.now();
          const outcome: RequestOutcome = ready.ok
            ? await runRequest(ready.entry, { client: () => client, signal })
            : { ok: false, error: ready.error };
          sink.earlier.record(fileKey, entry.name, outcome);
          const run: RequestRun = {
            entry: ready.ok ? ready.entry : entry,
            connection,
            uri: document.uri,
            outcome,
            startedAt,
            finishedAt: Date.now(),
          };
          services.log.info(
            `request "${entry.name}" (${entry.operation}) on ${connection}: ${outcome.ok ? 'ok' : outcome.error} in ${run.finishedAt - startedAt} ms`,
          );
          report.runs.push(run);
          sink.add(run);
        }
      },
      new Error(vscode.l10n.t('Cancelled')),
    ),
  );
  return report;
}

/** The next page of a result (the panel's "Load more"). */
export async function runNextPage(
  services: Pick<RequestFileServices, 'connections'>,
  previous: Pick<RequestRun, 'entry' | 'connection'>,
  query: Record<string, Json>,
  signal?: AbortSignal,
): Promise<RequestOutcome> {
  const client = await services.connections.getClient(previous.connection);
  return runRequest(previous.entry, { client: () => client, signal: signal ?? new AbortController().signal }, query);
}
