// Host of the twin graph panel (its cytoscape app is in app/).
import * as vscode from 'vscode';
import {
  type GraphHopOptions,
  MAX_GRAPH_ROOTS,
  TWIN_GRAPH_VIEW_TYPE,
  type TwinGraphMethods,
  type TwinGraphPanelState,
} from '../../../webviews/twinGraph/twinGraphProtocol';
import { resourceUri } from '../../documents/resourceUri';
import type { ExtensionServices } from '../../shell/services';
import { openResource } from '../insights/insightsPanel';
import { attachPanel, connectionApi, createPanel, type PanelHost } from '../host/panelHost';
import { createTwinGraphHandlers } from './twinGraphHandlers';

export type TwinGraphPanelHost = PanelHost<TwinGraphMethods>;

const DEFAULT_HOPS: GraphHopOptions = { relationshipNames: [], direction: 'IncomingOrOutgoing', depth: 1 };

export function openTwinGraphPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'log' | 'models' | 'vscodeContext'>,
  connection: string,
  rootId: string,
  hops: GraphHopOptions = DEFAULT_HOPS,
  panel?: vscode.WebviewPanel,
  otherRootIds: readonly string[] = [],
): TwinGraphPanelHost {
  const others = [...new Set(otherRootIds.filter((id) => id !== rootId))].slice(0, MAX_GRAPH_ROOTS - 1);
  panel ??= createPanel(
    ctx,
    TWIN_GRAPH_VIEW_TYPE,
    others.length
      ? vscode.l10n.t('Twin graph: {0} and {1} more', rootId, others.length)
      : vscode.l10n.t('Twin graph: {0}', rootId),
  );
  const handlers = createTwinGraphHandlers({
    connection,
    rootId,
    otherRootIds: others,
    hops,
    api: connectionApi(ctx, connection),
    models: () => ctx.models.getIndex(connection),
    openTwin: (twinId) => openResource(resourceUri(connection, 'twins', twinId)),
  });
  return attachPanel(ctx, panel, 'twinGraph', handlers);
}

export function restoreTwinGraphPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'log' | 'models' | 'vscodeContext'>,
  panel: vscode.WebviewPanel,
  state: unknown,
): TwinGraphPanelHost {
  const s = (state ?? {}) as Partial<TwinGraphPanelState>;
  if (typeof s.rootId !== 'string' || !s.rootId) throw new Error('The saved twin graph panel names no root twin'); // l10n-exempt: logged when a restore fails
  const connection = typeof s.connection === 'string' ? s.connection : ctx.connections.activeName();
  const others = Array.isArray(s.otherRootIds)
    ? s.otherRootIds.filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
  return openTwinGraphPanel(ctx, connection, s.rootId, s.hops ?? DEFAULT_HOPS, panel, others);
}
