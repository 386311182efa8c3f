// Sends a bulk patch: one question listing every request first (declined, nothing is sent), then one PATCH per
// twin through the client (its rate limiter, retries and patch-path fallback), a bounded number at a time. The
// import's report records each twin as it finishes, so a run again skips what is done.
import { ApiError, errorText } from '../api/apiError';
import { systemClock, type Clock } from '../api/clock';
import { mapWithConcurrency } from '../api/concurrency';
import type { BuildingTwinsApi, JsonPatchOperation } from '../api/types';
import { doneInReport, itemHash, newReport, type ImportReport, type ReportStore } from './importReport';
import type { PatchPlan, PlannedPatch } from './patchPlan';
import { ThrottledSaver } from './reportSaver';

/** One request of the run, as the question shows it and the client sends it. */
export interface PatchRequest {
  method: 'PATCH';
  /** Below the base URL: `/twins/<id, URL-encoded>`. */
  path: string;
  twinId: string;
  body: JsonPatchOperation[];
}

export interface PatchQuestion {
  /** Every request the run will send, in order. */
  requests: PatchRequest[];
  /** Twins the report holds as done with this very patch: not sent again. */
  alreadyDone: number;
  plan: PatchPlan;
}

export type PatchStatus = 'done' | 'failed' | 'skipped' | 'pending' | 'declined' | 'refused' | 'unchanged';

export interface PatchOutcome {
  twinId: string;
  status: PatchStatus;
  /** Why it failed (the service's answer) or was refused before sending (the plan's reason). */
  error?: string;
}

export interface BulkPatchResult {
  /** False when the question was declined: nothing was sent. */
  confirmed: boolean;
  /** How many questions were asked: one, or none when there was nothing to send. */
  questions: number;
  /** Requests sent in this run (the client's retries aside). */
  sent: number;
  outcomes: PatchOutcome[];
  counts: Record<PatchStatus, number>;
  aborted: boolean;
  report: ImportReport;
}

export interface BulkPatchOptions {
  /** The connection's name, for the refusal of a read-only client. */
  connection: string;
  /** The one question: every request is in it. Resolves true to send. */
  confirm(question: PatchQuestion): Promise<boolean>;
  /** A report of earlier runs to resume from, updated as twins finish. */
  report?: ReportStore;
  /** PATCH requests in flight at once (the client's rate limiter still paces them). Default 8. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?(progress: { finished: number; failed: number; total: number }): void;
  /** Minimum time between report saves while running (it is always saved at the end). Default 1000 ms. */
  saveIntervalMs?: number;
  clock?: Pick<Clock, 'now'>;
}

export function patchRequests(patches: readonly PlannedPatch[]): PatchRequest[] {
  return patches.map((p) => ({
    method: 'PATCH',
    path: `/twins/${encodeURIComponent(p.twinId)}`,
    twinId: p.twinId,
    body: p.patch,
  }));
}

export async function runTwinPatches(
  plan: PatchPlan,
  client: Pick<BuildingTwinsApi, 'patchTwin' | 'readOnly'>,
  options: BulkPatchOptions,
): Promise<BulkPatchResult> {
  if (client.readOnly) throw ApiError.readOnly('patchTwin', options.connection);
  const { signal } = options;
  const clock = options.clock ?? systemClock;
  const report = (await options.report?.load()) ?? newReport(new Date(clock.now()));
  const hashes = new Map(plan.patches.map((p) => [p.key, itemHash(p.patch)]));
  const toSend = plan.patches.filter((p) => !doneInReport(report, p.key, hashes.get(p.key)!));
  const sending = new Set(toSend);
  const status = new Map<string, PatchOutcome>();
  for (const p of plan.patches) if (!sending.has(p)) status.set(p.key, { twinId: p.twinId, status: 'skipped' });

  let questions = 0;
  let confirmed = true;
  if (toSend.length) {
    questions++;
    confirmed = await options.confirm({
      requests: patchRequests(toSend),
      alreadyDone: plan.patches.length - toSend.length,
      plan,
    });
  }
  let sent = 0;
  let aborted = false;
  if (confirmed && toSend.length) {
    const saver = new ThrottledSaver(options.report, report, options.saveIntervalMs ?? 1000, clock);
    let finished = 0;
    let failed = 0;
    const finish = (p: PlannedPatch, error?: string): void => {
      status.set(p.key, { twinId: p.twinId, status: error ? 'failed' : 'done', ...(error ? { error } : {}) });
      report.items[p.key] = {
        kind: 'twin',
        line: p.position,
        status: error ? 'failed' : 'done',
        attempts: (report.items[p.key]?.attempts ?? 0) + 1,
        hash: hashes.get(p.key),
        at: new Date(clock.now()).toISOString(),
        ...(error ? { error } : {}),
      };
      finished++;
      if (error) failed++;
      saver.changed();
      options.onProgress?.({ finished, failed, total: toSend.length });
    };
    try {
      options.onProgress?.({ finished, failed, total: toSend.length });
      await mapWithConcurrency(
        toSend,
        options.concurrency ?? 8,
        async (p) => {
          sent++;
          try {
            await client.patchTwin(p.twinId, p.patch, { signal });
            finish(p);
          } catch (error) {
            if (signal?.aborted) throw error;
            finish(p, errorText(error));
          }
        },
        signal,
      );
    } catch (error) {
      if (!signal?.aborted) throw error;
      aborted = true;
    } finally {
      await saver.flush();
    }
  }

  const outcomes: PatchOutcome[] = [
    ...plan.patches.map(
      (p) =>
        status.get(p.key) ?? { twinId: p.twinId, status: confirmed ? ('pending' as const) : ('declined' as const) },
    ),
    ...plan.refused.map((r) => ({ twinId: r.twinId, status: 'refused' as const, error: r.reason })),
    ...plan.unchanged.map((twinId) => ({ twinId, status: 'unchanged' as const })),
  ];
  const counts: Record<PatchStatus, number> = {
    done: 0,
    failed: 0,
    skipped: 0,
    pending: 0,
    declined: 0,
    refused: 0,
    unchanged: 0,
  };
  for (const o of outcomes) counts[o.status]++;
  return { confirmed, questions, sent, outcomes, counts, aborted, report };
}
