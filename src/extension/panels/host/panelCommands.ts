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
import { type Guarded, listOf, oneOf, text } from '../../shell/commandArgs';
import { panelRow, twinDocument } from '../../shell/argGuards';
import { parseResourceUri } from '../../documents/resourceUri';
import type { RowSubject } from '../../explorer/rowSubject';

/** What a panel opens on: a row, an open twin document (its editor title), or a twin id or ids; then the selected rows. */
const shown = oneOf(panelRow, twinDocument, text, listOf(text));
const selected = listOf(panelRow);
type Shown = Guarded<typeof shown>;
type Selection = Guarded<typeof selected>;

export const panelCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.showTimeSeries': accepts(shown, selected).run(showTimeSeries),
  'buildingTwins.showInsights': accepts(shown, selected).run(showInsights),
  'buildingTwins.showTwinGraph': accepts(shown, selected).run(showTwinGraph),
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

/** An open twin document stands for its twin, as its row in the explorer does. */
function fromDocument(arg: Shown | undefined): Exclude<Shown, vscode.Uri> | undefined {
  if (!(arg instanceof vscode.Uri)) return arg;
  const { connection, ids } = parseResourceUri(arg);
  const row: RowSubject<'twins'> = { connection, kind: 'twins', ids, value: undefined };
  return row;
}
