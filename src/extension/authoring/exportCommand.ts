import { createWriteStream, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { exportTwins } from '../../core/bulk/twinExport';
import type { BuildingTwinsContext } from '../extensionContext';
import { notifyResult, targetConnection } from '../tree/commandTarget';
import { describeFilter, toTwinFilters } from '../tree/twinFilter';
import { TwinModelGroupNode } from '../tree/twinsNode';
import { asUri } from './jsonSource';

export interface ExportCommandResult { connection: string; file: string; twins: number; relationships: number; filter: string }

/**
 * "Export twins to JSON…": the twins the explorer shows (its active filter; a model group of the tree
 * narrows to that model) and their outgoing relationships, streamed page by page into one JSON array in
 * the import format, with progress and cancellation. Written to a temporary file renamed at the end, so
 * an existing file is only replaced by a complete export.
 */
export async function exportToFile(ctx: BuildingTwinsContext, node?: unknown, target?: unknown): Promise<ExportCommandResult | undefined> {
  const { connection, client } = await targetConnection(ctx, node);
  const filter = ctx.tree.filter;
  const model = node instanceof TwinModelGroupNode ? { modelId: node.modelId, exact: true } : undefined;
  const filters = toTwinFilters(filter, model);
  const uri = asUri(target) ?? await ctx.input.saveFile({
    title: 'Export twins and relationships',
    defaultUri: vscode.Uri.file(path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir(), 'twins-export.json')),
    filters: { JSON: ['json'] },
  });
  if (uri.scheme !== 'file') throw new Error('Export writes files on this machine only.');
  const file = uri.fsPath;
  const described = [filter ? describeFilter(filter) : undefined, model ? `model ${model.modelId} (exactly)` : undefined].filter(Boolean).join(', ') || 'all twins';
  const partial = `${file}.partial`;
  const counts = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Exporting twins of "${connection}" (${described})`, cancellable: true }, async (progress, token) => {
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort(new Error('Export cancelled')));
    try {
      return await exportTwins(client, createWriteStream(partial), {
        filter: filters,
        signal: abort.signal,
        onProgress: (p) => progress.report({ message: `${p.twins} twins, ${p.relationships} relationships` }),
      });
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw new Error(`Export to ${path.basename(file)} ${abort.signal.aborted ? 'cancelled' : `failed: ${errorText(err)}`}; the file was not written.`);
    } finally {
      cancel.dispose();
    }
  });
  await fs.rename(partial, file);
  const message = `Exported ${counts.twins} twins and ${counts.relationships} relationships of "${connection}" (${described}) to ${path.basename(file)}.`;
  ctx.log.info(message);
  notifyResult(ctx, message);
  return { connection, file, ...counts, filter: described };
}
