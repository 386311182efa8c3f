// What "Create from JSON" and "Import from file…" do before they ask anything: parse what was read, check every
// item against the connection's models, and refuse with the problems on their lines. Nothing is sent on a refusal.
import * as vscode from 'vscode';
import type { BuildingTwinsApi } from '../../core/api/types';
import { planImport, serviceTwinLookup, withTwinsRefusedByModel, type ImportPlan } from '../../core/bulk/importPlan';
import type { ImportIssue, ParsedImport } from '../../core/bulk/importTypes';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { targetConnection } from '../explorer/commandTarget';
import type { ExtensionServices } from '../shell/services';
import { issueLines } from './authoringDiagnostics';
import { problemCount } from '../shell/countWords';
import type { SourceText } from '../shell/sourceText';

export interface PlanSources {
  /** The command as the log names it before each problem ("Import"). */
  command: string;
  /** What a refusal names first: the sources, or the import of them. */
  subject: string;
  /** What the command read; their problems show on their lines in the Problems panel. */
  sources: readonly SourceText[];
  /** One source's items, read with the connection's models. */
  parse(source: SourceText, index: ModelIndex): ParsedImport | Promise<ParsedImport>;
  /**
   * Asked when values the twins' models refuse are the plan's only problems: returning sends those twins anyway (the
   * service checks them again), declining throws "Not sent". Without it such a plan is refused like any other.
   */
  confirmDespiteModelProblems?(problems: readonly ImportIssue[]): Promise<void>;
}

export interface CheckedImportPlan {
  connection: string;
  client: BuildingTwinsApi;
  /** Without errors, holding at least one twin or relationship. */
  plan: ImportPlan;
  /** The sources' names, as messages show them. */
  names: string;
}

/**
 * The plan of `from` for the connection of `target` (a clicked row, else the active connection): parsed, checked
 * against its models, the twins it names looked up. A plan with problems (shown in the Problems panel and the log)
 * or with nothing in it is refused with an error saying so; nothing was sent either way.
 */
export async function checkedImportPlan(
  ctx: Pick<ExtensionServices, 'authoring' | 'connections' | 'log' | 'models'>,
  target: unknown,
  from: PlanSources,
): Promise<CheckedImportPlan> {
  const { connection, client } = await targetConnection(ctx, target);
  const index = await ctx.models.getIndex(connection);
  const names = from.sources.map((s) => s.name).join(', ');
  const plan = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking {0}…', names) },
    async () =>
      planImport(await Promise.all(from.sources.map((source) => from.parse(source, index))), {
        index,
        lookupTwins: serviceTwinLookup(client),
      }),
  );
  ctx.authoring.diagnostics.show(from.sources, plan.errors);
  const despite = from.confirmDespiteModelProblems && withTwinsRefusedByModel(plan);
  if (despite) {
    await from.confirmDespiteModelProblems!(plan.errors);
    return { connection, client, plan: despite, names };
  }
  if (plan.errors.length) {
    for (const line of issueLines(plan.errors, 1000)) ctx.log.warn(`${from.command}: ${line}`);
    throw new Error(
      vscode.l10n.t(
        '{0}: {1}, nothing was sent (see the Problems panel). {2}',
        from.subject,
        problemCount(plan.errors.length),
        issueLines(plan.errors, 3).join('; '),
      ),
    );
  }
  if (plan.twins.length + plan.relationships.length === 0)
    throw new Error(vscode.l10n.t('{0} holds no twin and no relationship. Nothing was sent.', names));
  return { connection, client, plan, names };
}
