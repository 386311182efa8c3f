// Commands that open the webview panels. Each takes an optional tree node, twin id or ids (and the
// tree's multi-selection) and returns the panel host, so tests and other commands can drive it.
import * as vscode from 'vscode';
import { accepts, type CommandTable } from '../../shell/commandTypes';
import type { ExtensionServices } from '../../shell/services';
import { openInsightsPanel } from '../insights/insightsPanel';
import { panelTarget } from './panelTargets';
import { pickTwin } from '../../twins/twinPicker';
import { capabilityTwinIds } from '../timeSeries/timeSeriesHandlers';
import { openTimeSeriesPanel } from '../timeSeries/timeSeriesPanel';
import { openTwinGraphPanel } from '../twinGraph/twinGraphPanel';
import { openModelGraphPanel } from '../modelGraph/modelGraphPanel';
import { type Guarded, listOf, oneOf, text } from '../../shell/commandArgs';
import { panelRow, twinDocument, uri } from '../../shell/argGuards';
import { parseResourceUri } from '../../documents/resourceUri';
import type { RowSubject } from '../../explorer/rowSubject';

/** What a panel opens on: a row, an open twin document (its editor title), or a twin id or ids; then the selected rows. */
const shown = oneOf(panelRow, twinDocument, text, listOf(text));
const selected = listOf(panelRow);
type Shown = Guarded<typeof shown>;
type Selection = Guarded<typeof selected>;
/** What a model graph opens on: a model row (that model), another row of a connection (all its models), a folder, a model id. */
const modelGraphOn = oneOf(panelRow, uri, text);

export const panelCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.showTimeSeries': accepts(shown, selected).run(showTimeSeries),
  'buildingTwins.showInsights': accepts(shown, selected).run(showInsights),
  'buildingTwins.showTwinGraph': accepts(shown, selected).run(showTwinGraph),
  'buildingTwins.showModelGraph': accepts(modelGraphOn, selected).run(showModelGraph),
};

async function showTimeSeries(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
  arg?: Shown,
  selection?: Selection,
) {
  const target = panelTarget(fromDocument(arg), selection);
  const connection = target.connection ?? ctx.connections.activeName();
  const api = await ctx.connections.getClient(connection);
  const index = await ctx.models.getIndex(connection).catch(() => undefined);
  // A capability, or equipment or a space to chart its capabilities.
  const twinIds = target.twinIds.length
    ? target.twinIds
    : [
        (
          await pickTwin(ctx.input, api, {
            title: vscode.l10n.t(
              'Time series of which twin (a capability, or equipment or a space to chart its capabilities)?',
            ),
            models: Promise.resolve(index),
          })
        ).id,
      ];
  const ids = await capabilityTwinIds(api, (modelId) => !!index?.has(modelId) && index.isCapability(modelId), twinIds);
  return openTimeSeriesPanel(ctx, connection, ids);
}

async function showInsights(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'vscodeContext'>,
  arg?: Shown,
  selection?: Selection,
) {
  const target = panelTarget(fromDocument(arg), selection);
  const connection = target.connection ?? ctx.connections.activeName();
  const twinId = target.twinIds[0];
  return openInsightsPanel(ctx, connection, { twinId, focusInsightId: target.insightId });
}

async function showTwinGraph(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
  arg?: Shown,
  selection?: Selection,
) {
  const target = panelTarget(fromDocument(arg), selection);
  const connection = target.connection ?? ctx.connections.activeName();
  const rootId =
    target.twinIds[0] ??
    (
      await pickTwin(ctx.input, await ctx.connections.getClient(connection), {
        title: vscode.l10n.t('Graph around which twin?'),
        models: ctx.models.getIndex(connection).catch(() => undefined),
      })
    ).id;
  return openTwinGraphPanel(ctx, connection, rootId, undefined, undefined, target.twinIds.slice(1));
}

async function showModelGraph(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
  arg?: Guarded<typeof modelGraphOn>,
  selection?: Selection,
) {
  if (arg instanceof vscode.Uri) {
    if (arg.scheme !== 'file') throw new Error(vscode.l10n.t('The model graph reads DTDL files from a folder on disk'));
    return openModelGraphPanel(ctx, { folder: arg.fsPath });
  }
  if (typeof arg === 'string') return openModelGraphPanel(ctx, { connection: ctx.connections.activeName() }, [arg]);
  if (arg === undefined) return openModelGraphPanel(ctx, await pickModelSource(ctx));
  const rows = selection && selection.length > 1 ? selection : [arg];
  const connection = rows[0]?.connection ?? ctx.connections.activeName();
  const modelIds = rows.filter((r) => r.kind === 'models' && r.connection === connection).map((r) => r.ids[0]);
  return openModelGraphPanel(ctx, { connection }, modelIds);
}

/** From the palette: the active connection's models, or those of a workspace folder (asked when there is one). */
async function pickModelSource(
  ctx: Pick<ExtensionServices, 'connections' | 'input'>,
): Promise<{ connection: string } | { folder: string }> {
  const connection = ctx.connections.activeName();
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (!folders.length) return { connection };
  const picked = await ctx.input.pick(
    [
      { label: connection, description: vscode.l10n.t('the models of the connection'), connection },
      ...folders.map((f) => ({
        label: f.name,
        description: vscode.l10n.t('the DTDL files of the workspace folder'),
        folder: f.uri.fsPath,
      })),
    ],
    { title: vscode.l10n.t('Model graph of which models?') },
  );
  return 'folder' in picked ? { folder: picked.folder } : { connection: picked.connection };
}

/** An open twin document stands for its twin, as its row in the explorer does. */
function fromDocument(arg: Shown | undefined): Exclude<Shown, vscode.Uri> | undefined {
  if (!(arg instanceof vscode.Uri)) return arg;
  const { connection, ids } = parseResourceUri(arg);
  const row: RowSubject<'twins'> = { connection, kind: 'twins', ids, value: undefined };
  return row;
}
