// How a run of a request file's history is named: in the "Rerun last" lens and in the Run History picker.
import * as l10n from '@vscode/l10n';
import { stripControl } from '../../core/untrusted/controlCharacters';
import type { RequestHistoryRun } from './requestRunHistory';

/** "all requests", or the requests by name. */
export function historyRunRequests(run: Pick<RequestHistoryRun, 'names'>): string {
  return run.names.length ? run.names.map((n) => `"${stripControl(n)}"`).join(', ') : l10n.t('all requests');
}

/** What a run did: "3 ok, 1 failed on "Local emulator"". */
export function historyRunOutcome(run: Pick<RequestHistoryRun, 'ok' | 'failed' | 'connection'>): string {
  return l10n.t('{0} ok, {1} failed on "{2}"', run.ok, run.failed, stripControl(run.connection));
}

/** The picker's row for a run; `at` is the time it started, as the user reads times. */
export function historyRunItem(
  run: RequestHistoryRun,
  at: (epochMs: number) => string = (ms) => new Date(ms).toLocaleString(),
): { label: string; description: string; detail: string } {
  return { label: historyRunRequests(run), description: at(run.at), detail: historyRunOutcome(run) };
}
