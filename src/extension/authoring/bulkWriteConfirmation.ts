// The confirmation of a command that sends many requests (import, create from JSON, telemetry): a summary of what
// goes where, the requests by kind, and "Show Everything" with every request as it will be sent.
import * as vscode from 'vscode';
import { countText } from '../../shared/countText';
import { stripControl } from '../../core/untrusted/controlCharacters';
import type { SentRequest } from '../../core/writes/sentRequests';
import { requestLine } from '../../core/writes/writePreview';
import type { WriteConfirmation, WriteGate } from '../documents/writeGate';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ImportPlan } from '../../core/bulk/importPlan';

export interface BulkWrite {
  connection: string;
  /** e.g. `Import 12 twins, 3 relationships from a.csv into "Production"?` (localised by the caller). */
  question: string;
  /**
   * Each kind of request with its items, e.g. `PUT /twins` with the twins; `perItem`: each item is the body of a
   * request of its own (else the items go together, as an array).
   */
  requests: ReadonlyArray<{ method: string; path: string; items: readonly unknown[]; perItem?: boolean }>;
  /** Lines after the requests (counts per model, the report file, …). */
  notes?: readonly string[];
  /** What the "Not sent" error says on Cancel. */
  cancelled: string;
}

/** The requests of an import plan, as a confirmation lists them: one PUT per twin, then one per relationship. */
export function importPlanRequests(plan: Pick<ImportPlan, 'twins' | 'relationships'>): BulkWrite['requests'] {
  return [
    { method: 'PUT', path: '/twins', items: plan.twins.map((t) => t.twin), perItem: true },
    {
      method: 'PUT',
      path: '/twins/relationships',
      items: plan.relationships.map((r) => r.relationship),
      perItem: true,
    },
  ];
}

/** Asks before the writes of a bulk command (buildingTwins.confirmWrites); Cancel throws "Not sent". */
export async function confirmBulkWrite(
  ctx: { connections: Pick<ConnectionManager, 'require'>; writes: Pick<WriteGate, 'confirm'> },
  write: BulkWrite,
): Promise<void> {
  await ctx.writes.confirm(
    write.connection,
    bulkWriteConfirmation(write, ctx.connections.require(write.connection).baseUrl),
  );
}

export function bulkWriteConfirmation(write: BulkWrite, baseUrl: string): WriteConfirmation {
  const requests = write.requests.filter((r) => r.items.length > 0);
  const detail = [
    ...requests.map((r) => `${requestLine(r.method, baseUrl, r.path)}: ${itemCount(r.items.length)}`),
    ...(write.notes?.length ? ['', ...write.notes.map((note) => stripControl(note))] : []),
  ].join('\n');
  const sent = requests.flatMap((r): SentRequest[] =>
    r.perItem
      ? r.items.map((body) => ({ title: requestLine(r.method, baseUrl, r.path), body }))
      : [{ title: requestLine(r.method, baseUrl, r.path), body: r.items }],
  );
  return { question: write.question, detail, sent, cancelled: write.cancelled };
}

/** "1 item", "12 items". */
function itemCount(count: number): string {
  return countText(count, { one: vscode.l10n.t('{0} item'), other: vscode.l10n.t('{0} items') });
}
