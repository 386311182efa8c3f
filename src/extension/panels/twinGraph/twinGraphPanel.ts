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
import { UserCancelledError } from '../../shell/userInput';
import { twinLabelProperty } from '../../twins/twinLabelSetting';
import type { ExtensionServices } from '../../shell/services';
import { openResource } from '../insights/insightsPanel';
import { attachPanel, connectionApi, createPanel, type PanelHost } from '../host/panelHost';
import { createTwinGraphHandlers } from './twinGraphHandlers';

export type TwinGraphPanelHost = PanelHost<TwinGraphMethods>;

const DEFAULT_HOPS: GraphHopOptions = { relationshipNames: [], direction: 'IncomingOrOutgoing', depth: 1 };

export function openTwinGraphPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
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
    modelDefinitions: async (modelIds) => {
      const index = await ctx.models.getIndex(connection);
      const needed = new Set(modelIds.flatMap((id) => [id, ...index.ancestors(id)]));
      return [...needed].flatMap((id): Array<Record<string, unknown>> => {
        const definition = index.get(id)?.definition;
        return definition ? [definition] : [];
      });
    },
    saveFile: (kind, suggestedName, content) => saveExport(ctx, kind, suggestedName, content),
    labelProperty: twinLabelProperty,
  });
  return attachPanel(ctx, panel, 'twinGraph', handlers);
}

/** Asks where to save an export (the only path ever written) and writes it; false when the dialog was cancelled. */
async function saveExport(
  ctx: Pick<ExtensionServices, 'input' | 'log'>,
  kind: 'json' | 'png',
  suggestedName: string,
  content: Uint8Array,
): Promise<boolean> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  let uri: vscode.Uri;
  try {
    uri = await ctx.input.saveFile({
      title:
        kind === 'json'
          ? vscode.l10n.t('Export the twin graph for ADT Explorer')
          : vscode.l10n.t('Export the twin graph as a picture'),
      filters: kind === 'json' ? { JSON: ['json'] } : { PNG: ['png'] },
      defaultUri: folder ? vscode.Uri.joinPath(folder, suggestedName) : undefined,
    });
  } catch (error) {
    if (error instanceof UserCancelledError) return false;
    throw error;
  }
  await vscode.workspace.fs.writeFile(uri, content);
  ctx.log.info(`Exported the twin graph to ${uri.toString()}`);
  return true;
}

export function restoreTwinGraphPanel(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models' | 'vscodeContext'>,
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
