// Restores the panels after a window reload: one WebviewPanelSerializer per viewType (activation
// event `onWebviewPanel:<viewType>` in package.json). The webview's saved state says what to show.
import * as vscode from 'vscode';
import { errorText } from '../../../core/api/apiError';
import { INSIGHTS_VIEW_TYPE } from '../../../webviews/insights/insightsProtocol';
import { TIME_SERIES_VIEW_TYPE } from '../../../webviews/timeSeries/timeSeriesProtocol';
import { MODEL_GRAPH_VIEW_TYPE } from '../../../webviews/modelGraph/modelGraphProtocol';
import { TWIN_GRAPH_VIEW_TYPE } from '../../../webviews/twinGraph/twinGraphProtocol';
import type { ExtensionServices } from '../../shell/services';
import { restoreInsightsPanel } from '../insights/insightsPanel';
import { restoreTimeSeriesPanel } from '../timeSeries/timeSeriesPanel';
import { restoreModelGraphPanel } from '../modelGraph/modelGraphPanel';
import { restoreTwinGraphPanel } from '../twinGraph/twinGraphPanel';

/** What tests need of a restored panel, whatever its protocol. */
export interface RestoredPanel {
  panel: vscode.WebviewPanel;
  bridge: { handle(message: unknown): Promise<unknown> };
}
/** What restoring a panel uses: the connections and models its handlers read, the log, the extension's files. */
type PanelServices = Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>;
type Restore = (ctx: PanelServices, panel: vscode.WebviewPanel, state: unknown) => RestoredPanel;

export const PANEL_RESTORERS: ReadonlyArray<[string, Restore]> = [
  [TIME_SERIES_VIEW_TYPE, (ctx, panel, state) => restoreTimeSeriesPanel(ctx, panel, state)],
  [INSIGHTS_VIEW_TYPE, (ctx, panel, state) => restoreInsightsPanel(ctx, panel, state)],
  [TWIN_GRAPH_VIEW_TYPE, (ctx, panel, state) => restoreTwinGraphPanel(ctx, panel, state)],
  [MODEL_GRAPH_VIEW_TYPE, (ctx, panel, state) => restoreModelGraphPanel(ctx, panel, state)],
];

export function registerPanelSerializers(ctx: PanelServices): vscode.Disposable[] {
  return PANEL_RESTORERS.map(([viewType, restore]) =>
    vscode.window.registerWebviewPanelSerializer(viewType, {
      async deserializeWebviewPanel(panel, state) {
        try {
          restore(ctx, panel, state);
        } catch (error) {
          ctx.log.warn(`Could not restore ${viewType}: ${errorText(error)}`);
          panel.dispose();
        }
      },
    }),
  );
}
