// The one write pipeline of an import plan (importPlan.ts), for "Create from JSON" and "Import from file…": a
// validated plan, then the questions (replace the twins that exist? send?), then the sending (importRunner.ts). A
// question declined sends nothing. Each command chooses its options: the question about replacing, a report to
// resume from, the relationships told new from already there, progress and cancellation.
import type { BuildingTwinsApi } from '../api/types';
import type { ImportPlan } from './importPlan';
import type { ReportStore } from './importReport';
import { runImport, type ImportClient, type ImportProgress, type ImportResult } from './importRunner';

/** How the sending reports progress and is cancelled. */
export interface SendingControls {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
}

export interface WritePlanOptions {
  /**
   * Asked when twins of the plan exist already (their ids, in plan order): PUT replaces a twin with the document
   * sent. Without it, existing twins are not looked up and are replaced as any other.
   */
  confirmReplace?: (existing: readonly string[]) => PromiseLike<boolean>;
  /** The last question before anything is sent (the write confirmation); false sends nothing. */
  confirm: () => PromiseLike<boolean>;
  /** Runs the sending, e.g. inside a progress notification that can cancel it. Default: as it is. */
  sending?: (send: (controls: SendingControls) => Promise<ImportResult>) => PromiseLike<ImportResult>;
  /** Report of earlier runs to resume from (items done are skipped), updated as items finish. */
  report?: ReportStore;
  /** Items in flight at once. */
  concurrency?: number;
  /** Relationships sent as upserts that tell a new one from one already there (`existed` on their outcome). */
  upsertRelationships?: boolean;
}

export type WritePlanResult =
  | { sent: false; declined: 'replace' | 'confirm'; existing: readonly string[] }
  | { sent: true; existing: readonly string[]; result: ImportResult };

export async function writePlan(
  plan: ImportPlan,
  client: ImportClient & Partial<Pick<BuildingTwinsApi, 'getTwinsByIds'>>,
  options: WritePlanOptions,
): Promise<WritePlanResult> {
  if (plan.errors.length)
    throw new Error(`The import plan has ${plan.errors.length} error(s); fix them first (nothing was sent).`);
  let existing: readonly string[] = [];
  if (options.confirmReplace) {
    if (!client.getTwinsByIds) throw new Error('confirmReplace needs a client that reads twins by id'); // a programming error
    const ids = plan.twins.map((t) => t.twin.id);
    const found = new Set(ids.length ? (await client.getTwinsByIds(ids)).twins.map((t) => t.id) : []);
    existing = ids.filter((id) => found.has(id));
    if (existing.length && !(await options.confirmReplace(existing)))
      return { sent: false, declined: 'replace', existing };
  }
  if (!(await options.confirm())) return { sent: false, declined: 'confirm', existing };
  const send = (controls: SendingControls): Promise<ImportResult> =>
    runImport(plan, client, {
      ...controls,
      report: options.report,
      concurrency: options.concurrency,
      upsertRelationships: options.upsertRelationships,
    });
  const result = await (options.sending ? options.sending(send) : send({}));
  return { sent: true, existing, result };
}
