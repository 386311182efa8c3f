import { createWriteStream, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { BuildingTwinsApi } from '../../core/api/types';
import {
  EXPORT_EXTENSIONS,
  exportFileContent,
  exportFormatOfFile,
  type ExportFormat,
} from '../../core/bulk/exportFormats';
import { collectExport, exportTwins, type ExportOptions } from '../../core/bulk/twinExport';
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

/** The formats offered, as the picker shows them. */
function formatItems(): Array<vscode.QuickPickItem & { format: ExportFormat }> {
  return [
    {
      format: 'json',
      label: vscode.l10n.t('JSON (import format)'),
      detail: vscode.l10n.t('An array of twins and relationships that Import reads back'),
    },
    {
      format: 'adtJson',
      label: vscode.l10n.t('Azure Digital Twins Explorer graph (JSON)'),
      detail: vscode.l10n.t('The file ADT Explorer exports and imports: $dtId, $metadata and relationships'),
    },
    {
      format: 'adtExcel',
      label: vscode.l10n.t('Azure Digital Twins Explorer import sheet (Excel)'),
      detail: vscode.l10n.t('ModelId, ID, Relationship, Relationship name and Init data columns'),
    },
    {
      format: 'csv',
      label: vscode.l10n.t('CSV'),
      detail: vscode.l10n.t('A row per twin and relationship, a column per property; formula-like text defused'),
    },
  ];
}

/**
 * "Export twins…": the twins the explorer shows (its active filter; a model group of the tree
 * narrows to that model), or the selected twin rows, and their outgoing relationships, streamed page by page into
 * one JSON array in the import format, or written whole as an ADT Explorer graph, an ADT Explorer import sheet or CSV
 * (`format`: asked for when no file is given, else told by the file's extension), with progress and cancellation.
 * Written to a temporary file renamed at the end, so an existing file is only replaced by a complete export.
 */
export async function exportToFile(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree'>,
  node?: TreeNode,
  target?: vscode.Uri | string | TreeNode[],
  format?: ExportFormat,
): Promise<ExportCommandResult | undefined> {
  const { connection, client: connectionClient } = await targetConnection(ctx, node);
  const selected = selectedTwinIds(node, Array.isArray(target) ? target : []);
  const chosen = Array.isArray(target) ? undefined : target;
  const client = selected ? selectedTwinsClient(connectionClient, selected) : connectionClient;
  const filter = selected ? undefined : ctx.tree.filter;
  const model = isRow(node, 'twinGroup') ? { modelId: node.ids[0], exact: true } : undefined;
  const filters = toTwinFilters(filter, model);
  const given = asUri(chosen);
  const items = formatItems();
  const as =
    format ??
    (given
      ? exportFormatOfFile(given.path)
      : (await ctx.input.pick(items, { title: vscode.l10n.t('Export twins as…') })).format);
  const extension = EXPORT_EXTENSIONS[as];
  const uri =
    given ??
    (await ctx.input.saveFile({
      title: vscode.l10n.t('Export twins and relationships'),
      defaultUri: vscode.Uri.file(
        path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir(), `twins-export.${extension}`),
      ),
      filters: { [items.find((i) => i.format === as)!.label]: [extension] },
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
      const options: ExportOptions = {
        filter: filters,
        signal,
        onProgress: (p) => progress.report({ message: twinsAndRelationships(p.twins, p.relationships) }),
      };
      try {
        if (as === 'json') return await exportTwins(client, createWriteStream(partial), options);
        const graph = await collectExport(client, options);
        await fs.writeFile(partial, await exportFileContent(as, graph));
        return { twins: graph.twins.length, relationships: graph.relationships.length };
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
