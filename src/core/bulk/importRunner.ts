import { errorText } from '../api/apiError';
import { systemClock, type Clock } from '../api/clock';
import { mapWithConcurrency } from '../api/concurrency';
import type { BuildingTwinsApi } from '../api/types';
import type { ImportPlan, PlannedRelationship, PlannedTwin } from './importPlan';
import { ThrottledSaver } from './reportSaver';
import { upsertRelationship } from './upsertRelationship';
import {
  doneInReport,
  itemHash,
  newReport,
  type ImportReport,
  type ReportEntry,
  type ReportStore,
} from './importReport';

export interface ImportProgress {
  phase: 'twins' | 'relationships';
  done: number;
  failed: number;
  skipped: number;
  /** Items in the plan (twins + relationships). */
  total: number;
}

export interface ImportOutcome {
  key: string;
  kind: 'twin' | 'relationship';
  file?: string;
  line: number;
  /** `skipped`: already done in the report; `pending`: not reached because the run was cancelled. */
  status: 'done' | 'failed' | 'skipped' | 'pending';
  error?: string;
  /** What the service answered for an item sent in this run: the twin or relationship as written. */
  written?: unknown;
  /** A relationship sent with `upsertRelationships` was there already (an idempotent repeat). */
  existed?: boolean;
}

export interface ImportResult {
  outcomes: ImportOutcome[];
  done: number;
  failed: number;
  skipped: number;
  pending: number;
  aborted: boolean;
  report: ImportReport;
}

export interface ImportOptions {
  /** Items in flight at once (the client's own limiter and retries still apply). Default 16. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Report of earlier runs to resume from, updated as items finish. */
  report?: ReportStore;
  /** Minimum time between report saves while running (it is always saved at the end). Default 1000 ms. */
  saveIntervalMs?: number;
  /**
   * Send each relationship as an upsert that tells a new one from one already there (upsertRelationship.ts: one
   * more read per relationship), without its id; else it is sent as planned.
   */
  upsertRelationships?: boolean;
  /** The report's times (the system clock by default). */
  clock?: Pick<Clock, 'now'>;
}

/** What runImport sends with. */
export type ImportClient = Pick<BuildingTwinsApi, 'putTwin' | 'putRelationship'> &
  Partial<Pick<BuildingTwinsApi, 'listOutgoingRelationships'>>;

/** What an item's send answered. */
type Sent = Pick<ImportOutcome, 'written' | 'existed'>;

type Work =
  (PlannedTwin & { kind: 'twin'; hash: string }) | (PlannedRelationship & { kind: 'relationship'; hash: string });

/**
 * Sends a validated plan: all twins first, then relationships, with bounded concurrency. Items
 * already `done` in the report (and unchanged since) are skipped; a relationship whose twin failed in this run fails
 * without being sent. Every item ends as done, failed or skipped (pending only when cancelled).
 */
export async function runImport(
  plan: ImportPlan,
  client: ImportClient,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (plan.errors.length)
    throw new Error(`The import plan has ${plan.errors.length} error(s); fix them first (nothing was sent).`);
  if (options.upsertRelationships && !client.listOutgoingRelationships)
    throw new Error('upsertRelationships needs a client that lists relationships'); // a programming error
  const { signal } = options;
  const clock = options.clock ?? systemClock;
  const report = (await options.report?.load()) ?? newReport(new Date(clock.now()));
  const outcomes = new Map<string, ImportOutcome>();
  const counts = { done: 0, failed: 0, skipped: 0 };
  const total = plan.twins.length + plan.relationships.length;
  const saver = new ThrottledSaver(options.report, report, options.saveIntervalMs ?? 1000, clock);
  let phase: ImportProgress['phase'] = 'twins';
  const progress = (): void => options.onProgress?.({ phase, ...counts, total });

  const finish = (item: Work, status: 'done' | 'failed', error?: string, sent?: Sent): void => {
    counts[status]++;
    outcomes.set(item.key, {
      key: item.key,
      kind: item.kind,
      file: item.file,
      line: item.line,
      status,
      ...(error ? { error } : {}),
      ...(sent ?? {}),
    });
    const previous = report.items[item.key];
    const entry: ReportEntry = {
      kind: item.kind,
      line: item.line,
      status,
      attempts: (previous?.attempts ?? 0) + 1,
      hash: item.hash,
      at: new Date(clock.now()).toISOString(),
      ...(item.file ? { file: item.file } : {}),
      ...(error ? { error } : {}),
    };
    report.items[item.key] = entry;
    saver.changed();
    progress();
  };

  const pendingOf = (items: Work[]): Work[] =>
    items.filter((item) => {
      if (!doneInReport(report, item.key, item.hash)) return true;
      counts.skipped++;
      outcomes.set(item.key, { key: item.key, kind: item.kind, file: item.file, line: item.line, status: 'skipped' });
      return false;
    });

  const run = async (items: Work[], send: (item: Work) => Promise<Sent>): Promise<boolean> => {
    try {
      await mapWithConcurrency(
        items,
        options.concurrency ?? 16,
        async (item) => {
          const blocked = blockedBy(item);
          if (blocked) return finish(item, 'failed', blocked);
          try {
            finish(item, 'done', undefined, await send(item));
          } catch (error) {
            if (signal?.aborted) throw error;
            finish(item, 'failed', errorText(error));
          }
        },
        signal,
      );
      return false;
    } catch (error) {
      if (signal?.aborted) return true;
      throw error;
    }
  };

  const failedTwins = new Set<string>();
  const blockedBy = (item: Work): string | undefined => {
    if (item.kind !== 'relationship') return undefined;
    const { sourceId, targetId } = item.relationship;
    if (failedTwins.has(sourceId)) return `source twin ${sourceId} failed to import`;
    if (failedTwins.has(targetId)) return `target twin ${targetId} failed to import`;
    return undefined;
  };

  let aborted = false;
  try {
    const twins = pendingOf(plan.twins.map((t) => ({ ...t, kind: 'twin' as const, hash: itemHash(t.twin) })));
    progress();
    aborted = await run(twins, async (item) => ({
      written: await client.putTwin((item as PlannedTwin).twin, { signal }),
    }));
    for (const t of plan.twins) if (outcomes.get(t.key)?.status === 'failed') failedTwins.add(t.twin.id);
    if (!aborted) {
      phase = 'relationships';
      const relationships = pendingOf(
        plan.relationships.map((r) => ({ ...r, kind: 'relationship' as const, hash: itemHash(r.relationship) })),
      );
      progress();
      aborted = await run(relationships, async (item) => {
        const { relationship } = item as PlannedRelationship;
        if (!options.upsertRelationships) return { written: await client.putRelationship(relationship, { signal }) };
        const upserted = await upsertRelationship(client as Required<ImportClient>, relationship, signal);
        return { written: upserted.relationship, existed: upserted.existed };
      });
    }
  } finally {
    await saver.flush();
  }

  const ordered: ImportOutcome[] = [...plan.twins, ...plan.relationships].map(
    (item) =>
      outcomes.get(item.key) ?? {
        key: item.key,
        kind: 'twin' in item ? 'twin' : 'relationship',
        file: item.file,
        line: item.line,
        status: 'pending',
      },
  );
  return {
    outcomes: ordered,
    ...counts,
    pending: ordered.filter((o) => o.status === 'pending').length,
    aborted,
    report,
  };
}
