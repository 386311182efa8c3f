import * as vscode from 'vscode';
import type { DigitalTwin, Relationship } from '../../core/api/types';
import { parseImportJson } from '../../core/bulk/importJson';
import { existingTwinIds, type ImportPlan } from '../../core/bulk/importPlan';
import { runImport, type ImportResult } from '../../core/bulk/importRunner';
import type { UpsertedRelationship } from '../../core/bulk/upsertRelationship';
import { confirmDespiteProblems } from '../documents/documentProblems';
import { showWritten } from '../documents/writtenResources';
import { confirmBulkWrite, importPlanRequests } from './bulkWriteConfirmation';
import type { ExtensionServices } from '../shell/services';
import { notifyResult } from '../explorer/commandTarget';
import { openTwinDocument, revealTwin } from '../twins/twinCommands';
import { TwinsNode } from '../twins/twinsNode';
import { checkedImportPlan } from './checkedImportPlan';
import { relationshipCount, twinCount, twinsAndRelationships } from '../shell/countWords';
import { readJsonSource } from '../shell/sourceText';
import { draftPlaceholders } from './twinDraft';
import { describeUpsert, relationshipDocumentUri, writtenRelationship } from './writtenRelationship';

/** Twins sent at once when a document holds several. */
const CREATE_CONCURRENCY = 4;

export interface CreateResult {
  connection: string;
  twins: DigitalTwin[];
  relationships: UpsertedRelationship[];
}

/**
 * "Create twins and relationships from JSON": the active editor, a .json file (URI or path) or JSON text
 * holding one twin, one relationship, an array mixing them, or `{ twins, relationships }`. Everything is
 * validated against the connection's models first (problems go to the Problems panel and nothing is
 * sent); twins that already exist are only replaced after confirmation. Then twins are created, then
 * relationships; one created twin is opened and revealed in the explorer, one relationship is opened.
 */
export async function createFromJson(
  ctx: Pick<
    ExtensionServices,
    'authoring' | 'connections' | 'documents' | 'input' | 'log' | 'models' | 'tree' | 'writes'
  >,
  arg?: vscode.Uri | string,
): Promise<CreateResult | undefined> {
  const source = await readJsonSource(arg);
  refusePlaceholders(source.name, source.text);
  // An editor's problems (the JSON schema's, and values the models refuse) are asked about once before anything is
  // sent: "Send anyway?". JSON text given to the command is refused with them instead.
  let asked = false;
  const { connection, client, plan } = await checkedImportPlan(ctx, undefined, {
    command: 'Create from JSON',
    subject: source.name,
    sources: [source],
    parse: (s) => parseImportJson(wrapSingle(s.text), s.name),
    confirmDespiteModelProblems: source.uri
      ? async (problems) => {
          asked = true;
          await confirmDespiteProblems(ctx.input, source.uri!, source.name, problems);
        }
      : undefined,
  });
  if (source.uri && !asked) await confirmDespiteProblems(ctx.input, source.uri, source.name);

  const existing = await askToReplace(ctx, connection, await existingTwinIds(plan, client));
  // Cancel throws "Not sent" (the write gate).
  await confirmBulkWrite(ctx, {
    connection,
    question: vscode.l10n.t(
      'Create or replace {0} from {1} on "{2}"?',
      twinsAndRelationships(plan.twins.length, plan.relationships.length),
      source.name,
      connection,
    ),
    requests: importPlanRequests(plan),
    cancelled: vscode.l10n.t('Not sent: creating from {0} on "{1}" was cancelled.', source.name, connection),
  });
  const result = await runImport(plan, client, { concurrency: CREATE_CONCURRENCY, upsertRelationships: true });
  const { twins, relationships, failures } = sortOutcomes(plan, result);

  // What shows these twins and relationships shows them as written: replaced twins' rows and documents, relationship lists.
  await showWritten(ctx, [
    ...twins.map((t) => ({ connection, kind: 'twins', ids: [t.id], value: t })),
    ...relationships.filter((r) => !r.existed).map((r) => writtenRelationship(connection, r.relationship)),
  ]);
  // New twins join their model's group (counted again, its page listed again; a group of a model that had none
  // appears), also the one twin revealed below: the view must list it before it can select it.
  const created = twins.filter((t) => !existing.includes(t.id));
  if (created.length) {
    const twinsNode = ctx.tree.connectionNode(connection)?.group(TwinsNode);
    if (twinsNode) ctx.tree.refresh(twinsNode);
  }
  const existed = relationships.filter((r) => r.existed).length;
  const twinsDone = twinCount(twins.length);
  const relationshipsDone = relationshipCount(relationships.length - existed);
  const summary = existed
    ? vscode.l10n.t(
        '"{0}": {1} created or replaced, {2} created, {3} already existed from {4}.',
        connection,
        twinsDone,
        relationshipsDone,
        existed,
        source.name,
      )
    : vscode.l10n.t(
        '"{0}": {1} created or replaced, {2} created from {3}.',
        connection,
        twinsDone,
        relationshipsDone,
        source.name,
      );
  ctx.log.info(summary);
  for (const r of relationships) ctx.log.info(describeUpsert(r));
  if (failures.length) {
    for (const f of failures) ctx.log.error(`Create from JSON: ${f}`);
    throw new Error(
      vscode.l10n.t('{0} The service refused {1}: {2}', summary, failures.length, failures.slice(0, 3).join('; ')),
    );
  }
  if (twins.length === 1 && relationships.length === 0) {
    await openTwinDocument(connection, twins[0].id);
    await revealTwin(ctx, connection, twins[0]);
  } else if (twins.length === 0 && relationships.length === 1) {
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(relationshipDocumentUri(connection, relationships[0].relationship)),
      { preview: true },
    );
  }
  notifyResult(ctx, relationships.length === 1 && twins.length === 0 ? describeUpsert(relationships[0]) : summary);
  return { connection, twins, relationships };
}

/** Asks before twins that exist are replaced (PUT sends the whole twin); declined, throws "Not created". */
async function askToReplace(
  ctx: Pick<ExtensionServices, 'input'>,
  connection: string,
  existing: readonly string[],
): Promise<readonly string[]> {
  if (!existing.length) return existing;
  const shown = `${existing.slice(0, 10).join(', ')}${existing.length > 10 ? ', …' : ''}`;
  const question =
    existing.length === 1
      ? vscode.l10n.t('1 twin already exists on "{0}" and would be replaced: {1}. Replace?', connection, shown)
      : vscode.l10n.t(
          '{0} twins already exist on "{1}" and would be replaced: {2}. Replace?',
          existing.length,
          connection,
          shown,
        );
  const replace = await ctx.input.confirm(question, {
    detail: vscode.l10n.t('PUT /twins replaces a twin with exactly the document sent.'),
    confirmLabel: vscode.l10n.t('Replace'),
  });
  if (replace) return existing;
  throw new Error(
    existing.length === 1
      ? vscode.l10n.t('Not created: {0} already exists and you chose not to replace. Nothing was sent.', existing[0])
      : vscode.l10n.t(
          'Not created: {0} already exist and you chose not to replace. Nothing was sent.',
          existing.join(', '),
        ),
  );
}

/** The twins and relationships written, and a line for each item the service refused. */
function sortOutcomes(
  plan: ImportPlan,
  result: ImportResult,
): { twins: DigitalTwin[]; relationships: UpsertedRelationship[]; failures: string[] } {
  const twins: DigitalTwin[] = [];
  const relationships: UpsertedRelationship[] = [];
  const failures: string[] = [];
  result.outcomes.forEach((outcome, i) => {
    if (outcome.kind === 'twin') {
      const { twin } = plan.twins[i];
      if (outcome.status === 'done') twins.push(outcome.written as DigitalTwin);
      else failures.push(vscode.l10n.t('line {0}: twin {1}: {2}', outcome.line, twin.id, outcome.error ?? ''));
      return;
    }
    const { relationship } = plan.relationships[i - plan.twins.length];
    if (outcome.status === 'done')
      relationships.push({ relationship: outcome.written as Relationship, existed: !!outcome.existed });
    else
      failures.push(
        vscode.l10n.t(
          'line {0}: relationship {1} {2} {3}: {4}',
          outcome.line,
          relationship.sourceId,
          relationship.name,
          relationship.targetId,
          outcome.error ?? '',
        ),
      );
  });
  return { twins, relationships, failures };
}

/** A new-twin draft still holding a placeholder would create it as a real value: refused, naming the properties. */
function refusePlaceholders(name: string, text: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return; // the import parser reports the JSON error with its line
  }
  const left = draftPlaceholders(value);
  if (left.length) {
    throw new Error(
      vscode.l10n.t(
        '{0} still holds placeholders to fill in or remove: {1}. Nothing was sent.',
        name,
        `${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}`,
      ),
    );
  }
}

/** The import parser reads arrays and `{ twins, relationships }`; a lone twin or relationship object becomes an array of one. */
function wrapSingle(text: string): string {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('{')) return text;
  try {
    const value = JSON.parse(trimmed) as Record<string, unknown>;
    if ('twins' in value || 'relationships' in value) return text;
  } catch {
    return text;
  }
  // No line break added: the line numbers of problems stay those of the document.
  return `[${text.replace(/^\uFEFF/, '')}]`;
}
