// Host of the insights panel (its table app is in app/).
import * as vscode from 'vscode';
import {
  INSIGHTS_VIEW_TYPE,
  type InsightsMethods,
  type InsightsPanelState,
} from '../../../webviews/insights/insightsProtocol';
import { resourceUri } from '../../documents/resourceUri';
import type { ExtensionServices } from '../../shell/services';
import { saveViewAsRequest } from '../../requestFiles/saveAsRequest';
import { createInsightsHandlers } from './insightsHandlers';
import { attachPanel, connectionApi, createPanel, type PanelHost } from '../host/panelHost';

export type InsightsPanelHost = PanelHost<InsightsMethods>;

export interface InsightsScope {
  twinId?: string;
  label?: string;
  focusInsightId?: string;
}

export function openInsightsPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'vscodeContext'>,
  connection: string,
  scope: InsightsScope = {},
  panel?: vscode.WebviewPanel,
): InsightsPanelHost {
  const scopeLabel = scope.twinId ? (scope.label ?? scope.twinId) : vscode.l10n.t('all of {0}', connection);
  panel ??= createPanel(
    ctx,
    INSIGHTS_VIEW_TYPE,
    scope.twinId ? vscode.l10n.t('Insights: {0}', scopeLabel) : vscode.l10n.t('Insights'),
  );
  const handlers = createInsightsHandlers({
    connection,
    api: connectionApi(ctx, connection),
    scopeTwinId: scope.twinId,
    scopeLabel,
    focusInsightId: scope.focusInsightId,
    openTwin: (twinId) => openResource(resourceUri(connection, 'twins', twinId)),
    openTicket: (ticketId) => openResource(resourceUri(connection, 'tickets', ticketId)),
    saveAsRequest: (draft) => saveViewAsRequest(ctx, draft),
  });
  return attachPanel(ctx, panel, 'insights', handlers, { list: 'filter' });
}

export function restoreInsightsPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'vscodeContext'>,
  panel: vscode.WebviewPanel,
  state: unknown,
): InsightsPanelHost {
  const s = (state ?? {}) as Partial<InsightsPanelState>;
  const connection = typeof s.connection === 'string' ? s.connection : ctx.connections.activeName();
  const twinId = typeof s.scopeTwinId === 'string' ? s.scopeTwinId : undefined;
  return openInsightsPanel(
    ctx,
    connection,
    { twinId, label: typeof s.scopeLabel === 'string' ? s.scopeLabel : undefined },
    panel,
  );
}

/** Opens a remote document through the extension's FileSystemProvider (twins, tickets). */
export async function openResource(uri: vscode.Uri): Promise<void> {
  await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}
