import * as vscode from 'vscode';
import type { ExtensionServices } from '../shell/services';
import { targetConnection } from '../explorer/commandTarget';
import { pickModel } from './authoringPickers';
import { openDraft } from '../shell/draftDocument';
import { twinDraft, twinDraftText } from './twinDraft';
import { isRow } from '../explorer/rowSubject';
import type { TreeNode } from '../explorer/treeNode';

/**
 * "New twin JSON from model…": an untitled `<id>.twin.json` document pre-filled from a model (picked in
 * hierarchy order, or the model node / model id given). The twin schema checks it as you type; "Create
 * twins and relationships from JSON" (editor title) sends it.
 */
export async function newTwinDraft(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'models'>,
  arg?: TreeNode | string,
): Promise<vscode.TextDocument> {
  const { connection } = await targetConnection(ctx, arg);
  const index = await ctx.models.getIndex(connection);
  const modelId =
    typeof arg === 'string' && arg
      ? arg
      : isRow(arg, 'models', 'twinGroup')
        ? arg.ids[0]
        : await pickModel(ctx, index, vscode.l10n.t('New twin: model'));
  const draft = twinDraft(index, modelId);
  const doc = await openDraft(`${draft.id}.twin.json`, twinDraftText(draft));
  ctx.log.info(`New twin draft ${draft.id} of ${modelId} on "${connection}"`);
  return doc;
}
