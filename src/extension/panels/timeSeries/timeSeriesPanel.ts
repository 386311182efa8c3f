// Host of the time series panel (its uPlot app is in app/).
import * as vscode from 'vscode';
import {
  TIME_SERIES_VIEW_TYPE,
  type TimeSeriesMethods,
  type TimeSeriesPanelState,
} from '../../../webviews/timeSeries/timeSeriesProtocol';
import type { ExtensionServices } from '../../shell/services';
import { saveViewAsRequest } from '../../requestFiles/saveAsRequest';
import { attachPanel, connectionApi, createPanel, type PanelHost } from '../host/panelHost';
import { createTimeSeriesHandlers } from './timeSeriesHandlers';

export type TimeSeriesPanelHost = PanelHost<TimeSeriesMethods>;

export function openTimeSeriesPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
  connection: string,
  twinIds: string[],
  panel?: vscode.WebviewPanel,
): TimeSeriesPanelHost {
  if (twinIds.length === 0) throw new Error(vscode.l10n.t('The time series panel needs at least one capability twin'));
  const title =
    twinIds.length === 1
      ? vscode.l10n.t('Time series: {0}', twinIds[0])
      : vscode.l10n.t('Time series: {0} capabilities', twinIds.length);
  panel ??= createPanel(ctx, TIME_SERIES_VIEW_TYPE, title);
  const handlers = createTimeSeriesHandlers({
    connection,
    twinIds,
    api: connectionApi(ctx, connection),
    models: () => ctx.models.getIndex(connection),
    chooseCsvPath: async (suggestedName) => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const uri = await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, suggestedName) : undefined,
        filters: { CSV: ['csv'] },
        title: vscode.l10n.t('Export time series to CSV'),
      });
      return uri?.fsPath;
    },
    writeFile: async (path, content) => {
      await vscode.workspace.fs.writeFile(vscode.Uri.file(path), Buffer.from(content, 'utf8'));
      ctx.log.info(`Exported time series to ${path}`);
    },
    saveAsRequest: (draft) => saveViewAsRequest(ctx, draft),
  });
  return attachPanel(ctx, panel, 'timeSeries', handlers, { load: 'range' });
}

export function restoreTimeSeriesPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
  panel: vscode.WebviewPanel,
  state: unknown,
): TimeSeriesPanelHost {
  const s = (state ?? {}) as Partial<TimeSeriesPanelState>;
  const twinIds = Array.isArray(s.twinIds) ? s.twinIds.filter((id): id is string => typeof id === 'string') : [];
  if (!twinIds.length) throw new Error('The saved time series panel names no twins'); // l10n-exempt: logged when a restore fails
  return openTimeSeriesPanel(
    ctx,
    typeof s.connection === 'string' ? s.connection : ctx.connections.activeName(),
    twinIds,
    panel,
  );
}
