// Restores the panels after a window reload: one WebviewPanelSerializer per viewType (activation
// event `onWebviewPanel:<viewType>` in package.json). The webview's saved state says what to show.
import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { INSIGHTS_VIEW_TYPE } from '../../shared/protocol/insightsProtocol';
import { TIME_SERIES_VIEW_TYPE } from '../../shared/protocol/timeSeriesProtocol';
import { TWIN_GRAPH_VIEW_TYPE } from '../../shared/protocol/twinGraphProtocol';
import type { BuildingTwinsContext } from '../extensionContext';
import { restoreInsightsPanel } from './insightsPanel';
import { restoreTimeSeriesPanel } from './timeSeriesPanel';
import { restoreTwinGraphPanel } from './twinGraphPanel';

/** What tests need of a restored panel, whatever its protocol. */
export interface RestoredPanel { panel: vscode.WebviewPanel; bridge: { handle(message: unknown): Promise<unknown> } }
type Restore = (ctx: BuildingTwinsContext, panel: vscode.WebviewPanel, state: unknown) => RestoredPanel;

export const PANEL_RESTORERS: ReadonlyArray<[string, Restore]> = [
  [TIME_SERIES_VIEW_TYPE, restoreTimeSeriesPanel],
  [INSIGHTS_VIEW_TYPE, restoreInsightsPanel],
  [TWIN_GRAPH_VIEW_TYPE, restoreTwinGraphPanel],
];

/** The host restored last, per viewType (integration tests inspect it). */
export const restoredPanels = new Map<string, RestoredPanel>();

export function registerPanelSerializers(ctx: BuildingTwinsContext): void {
  for (const [viewType, restore] of PANEL_RESTORERS) {
    ctx.vscodeContext.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(viewType, {
        async deserializeWebviewPanel(panel, state) {
          try {
            restoredPanels.set(viewType, restore(ctx, panel, state));
          } catch (error) {
            ctx.log.warn(`Could not restore ${viewType}: ${errorText(error)}`);
            panel.dispose();
          }
        },
      }),
    );
  }
}
