// Host of the model graph panel (its cytoscape app is in src/webviews/modelGraph/app/): the models of a connection
// or of a folder of DTDL files in the workspace.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ModelIndex } from '../../../core/dtdl/modelIndex';
import {
  defaultModelGraphOptions,
  MAX_MODEL_GRAPH_ROOTS,
  MODEL_GRAPH_VIEW_TYPE,
  type ModelGraphMethods,
  type ModelGraphPanelState,
} from '../../../webviews/modelGraph/modelGraphProtocol';
import { resourceUri } from '../../documents/resourceUri';
import type { ExtensionServices } from '../../shell/services';
import { attachPanel, createPanel, type PanelHost } from '../host/panelHost';
import { openResource } from '../insights/insightsPanel';
import { checkedOptions, createModelGraphHandlers } from './modelGraphHandlers';

export type ModelGraphPanelHost = PanelHost<ModelGraphMethods>;
type PanelServices = Pick<ExtensionServices, 'log' | 'models' | 'vscodeContext'>;

/** Whose models: a connection's, or those of a folder of DTDL files (a path the host chose). */
export type ModelSource = { connection: string } | { folder: string };

export function openModelGraphPanel(
  ctx: PanelServices,
  source: ModelSource,
  rootIds: readonly string[] = [],
  panel?: vscode.WebviewPanel,
  options = defaultModelGraphOptions(rootIds),
): ModelGraphPanelHost {
  const roots = [...new Set(rootIds)].slice(0, MAX_MODEL_GRAPH_ROOTS);
  const name = 'connection' in source ? source.connection : path.basename(source.folder);
  panel ??= createPanel(
    ctx,
    MODEL_GRAPH_VIEW_TYPE,
    roots.length ? vscode.l10n.t('Model graph: {0}', roots[0]) : vscode.l10n.t('Model graph: {0}', name),
  );
  const handlers = createModelGraphHandlers({
    source: { kind: 'connection' in source ? 'connection' : 'folder', name, ...source },
    models: modelsOf(ctx, source),
    rootIds: roots,
    options,
    openModel: (modelId, models) =>
      'connection' in source
        ? openResource(resourceUri(source.connection, 'models', modelId))
        : openModelFile(source.folder, models.get(modelId)?.source),
  });
  return attachPanel(ctx, panel, 'modelGraph', handlers);
}

export function restoreModelGraphPanel(
  ctx: PanelServices & Pick<ExtensionServices, 'connections'>,
  panel: vscode.WebviewPanel,
  state: unknown,
): ModelGraphPanelHost {
  const s = (state ?? {}) as Partial<ModelGraphPanelState>;
  const rootIds = Array.isArray(s.rootIds)
    ? s.rootIds.filter((id): id is string => typeof id === 'string' && id.startsWith('dtmi:'))
    : [];
  let options;
  try {
    options = checkedOptions(s.options);
  } catch {
    options = defaultModelGraphOptions(rootIds);
  }
  if (typeof s.folder === 'string') {
    // The saved state is the webview's: a folder is read again only when it is in the workspace.
    if (!vscode.workspace.getWorkspaceFolder(vscode.Uri.file(s.folder)))
      throw new Error('The saved model graph names a folder outside the workspace'); // l10n-exempt: logged when a restore fails
    return openModelGraphPanel(ctx, { folder: s.folder }, rootIds, panel, options);
  }
  const connection = typeof s.connection === 'string' ? s.connection : ctx.connections.activeName();
  return openModelGraphPanel(ctx, { connection }, rootIds, panel, options);
}

function modelsOf(ctx: Pick<ExtensionServices, 'models'>, source: ModelSource): () => Promise<ModelIndex> {
  if ('connection' in source) return () => ctx.models.getIndex(source.connection);
  let read: Promise<ModelIndex> | undefined;
  return () => (read ??= ModelIndex.fromFolder(source.folder));
}

/** Opens a model's file, only inside the folder the graph was opened on. */
async function openModelFile(folder: string, source: string | undefined): Promise<void> {
  const file = source ? path.resolve(folder, source) : undefined;
  const inside = file ? path.relative(folder, file) : '..';
  if (!file || inside.startsWith('..') || path.isAbsolute(inside))
    throw new Error(vscode.l10n.t('The model has no file in {0}', path.basename(folder)));
  await openResource(vscode.Uri.file(file));
}
