import { createWriteStream, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { BuildingTwinsApi } from '../../core/api/types';
import { exportTwins } from '../../core/bulk/twinExport';
import { withCancellableProgress } from '../shell/cancellableProgress';
import type { ExtensionServices } from '../shell/services';
import { notifyResult, targetConnection } from '../explorer/commandTarget';
import { describeFilter, toTwinFilters } from '../twins/twinFilter';
import { relationshipCount, twinCount, twinsAndRelationships } from '../shell/countWords';
import { asUri } from '../shell/sourceText';
import { isRow } from '../explorer/rowSubject';
import type { TreeNode } from '../explorer/treeNode';

export interface ExportCommandResult {
  connection: string;
  file: string;
  twins: number;
  relationships: number;
  filter: string;
}

/** The twin rows to export: the selection when the clicked twin row is part of it, else the clicked twin row. */
function selectedTwinIds(node: TreeNode | undefined, selection: readonly TreeNode[]): string[] | undefined {
  if (!isRow(node, 'twins')) return undefined;
  const rows = selection.length > 1 && selection.includes(node) ? selection.filter((r) => isRow(r, 'twins')) : [node];
  return [...new Set(rows.map((r) => r.ids[0]))];
}

/** A client whose twin listing yields exactly these twins (read again in one request, so the export is current). */
function selectedTwinsClient(
  client: BuildingTwinsApi,
  ids: string[],
): Pick<BuildingTwinsApi, 'iterateTwins' | 'listOutgoingRelationships'> {
  return {
    async *iterateTwins(_req, o) {
      yield* (await client.getTwinsByIds(ids, {}, o)).twins;
    },
    listOutgoingRelationships: (twinId, q, o) => client.listOutgoingRelationships(twinId, q, o),
  };
}

/**
 * "Export twins to JSON…": the twins the explorer shows (its active filter; a model group of the tree
 * narrows to that model), or the selected twin rows, and their outgoing relationships, streamed page by page into
 * one JSON array in the import format, with progress and cancellation. Written to a temporary file renamed at the
 * end, so an existing file is only replaced by a complete export.
 */
export async function exportToFile(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree'>,
  node?: TreeNode,
  target?: vscode.Uri | string | TreeNode[],
): Promise<ExportCommandResult | undefined> {
  const { connection, client: connectionClient } = await targetConnection(ctx, node);
  const selected = selectedTwinIds(node, Array.isArray(target) ? target : []);
  const chosen = Array.isArray(target) ? undefined : target;
  const client = selected ? selectedTwinsClient(connectionClient, selected) : connectionClient;
  const filter = selected ? undefined : ctx.tree.filter;
  const model = isRow(node, 'twinGroup') ? { modelId: node.ids[0], exact: true } : undefined;
  const filters = toTwinFilters(filter, model);
  const uri =
    asUri(chosen) ??
    (await ctx.input.saveFile({
      title: vscode.l10n.t('Export twins and relationships'),
      defaultUri: vscode.Uri.file(
        path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir(), 'twins-export.json'),
      ),
      filters: { JSON: ['json'] },
    }));
  if (uri.scheme !== 'file') throw new Error(vscode.l10n.t('Export writes files on this machine only.'));
  const file = uri.fsPath;
  const described = selected
    ? vscode.l10n.t('{0} selected', twinCount(selected.length))
    : [
        filter ? describeFilter(filter) : undefined,
        model ? vscode.l10n.t('model {0} (exactly)', model.modelId) : undefined,
      ]
        .filter(Boolean)
        .join(', ') || vscode.l10n.t('all twins');
  const partial = `${file}.partial`;
  const counts = await withCancellableProgress(
    vscode.l10n.t('Exporting twins of "{0}" ({1})', connection, described),
    async (progress, signal) => {
      try {
        return await exportTwins(client, createWriteStream(partial), {
          filter: filters,
          signal,
          onProgress: (p) => progress.report({ message: twinsAndRelationships(p.twins, p.relationships) }),
        });
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw new Error(
          signal.aborted
            ? vscode.l10n.t('Export to {0} cancelled; the file was not written.', path.basename(file))
            : vscode.l10n.t(
                'Export to {0} failed: {1}; the file was not written.',
                path.basename(file),
                errorText(err),
              ),
        );
      }
    },
    new Error(vscode.l10n.t('Export cancelled')),
  );
  await fs.rename(partial, file);
  const message = vscode.l10n.t(
    'Exported {0} and {1} of "{2}" ({3}) to {4}.',
    twinCount(counts.twins),
    relationshipCount(counts.relationships),
    connection,
    described,
    path.basename(file),
  );
  ctx.log.info(message);
  notifyResult(ctx, message);
  return { connection, file, ...counts, filter: described };
}
