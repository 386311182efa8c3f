// The local emulator's own operations, offered on the Local emulator connection's row and in the palette, never on
// another connection's: reload its models folder, delete a twin (with its relationships) or a relationship. They
// talk to the local emulator's address only, through its admin routes (the service's API has no delete).
import * as vscode from 'vscode';
import { EmulatorAdmin, type TwinDeletion } from '../../core/api/emulatorAdmin';
import { localEmulatorUrl } from '../../core/api/localEmulator';
import { modelReloadText } from '../../core/api/modelReloadText';
import { connectionRow } from '../shell/argGuards';
import { text } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { LOCAL_CONNECTION_NAME } from './connectionProfile';
import { emulatorPort } from './emulatorPort';

type AdminServices = Pick<ExtensionServices, 'connections' | 'emulator' | 'input' | 'log' | 'models' | 'tree'>;

/** Deleting changes the emulator's data: refused while its connection is read-only, as every write is. */
function refuseWhenReadOnly(ctx: AdminServices): void {
  if (ctx.connections.isReadOnly(LOCAL_CONNECTION_NAME))
    throw new Error(vscode.l10n.t('"{0}" is read-only: nothing was deleted.', LOCAL_CONNECTION_NAME));
}

function localAdmin(ctx: AdminServices): EmulatorAdmin {
  return new EmulatorAdmin(ctx.emulator.url ?? localEmulatorUrl(emulatorPort()));
}

const notEmpty = (value: string): string | undefined => (value.trim() ? undefined : vscode.l10n.t('Enter an id.'));

/**
 * The id a delete goes to, once the user agreed: refused while the Local emulator connection is read-only, asked
 * for when not given, then confirmed in a modal; undefined when declined.
 */
async function agreedId(
  ctx: AdminServices,
  given: string | undefined,
  ask: { title: string; prompt: string },
  question: (id: string) => string,
): Promise<string | undefined> {
  refuseWhenReadOnly(ctx);
  const id = given ?? (await ctx.input.input({ ...ask, validate: notEmpty })).trim();
  const sure = await ctx.input.confirm(question(id), { confirmLabel: vscode.l10n.t('Delete'), modal: true });
  return sure ? id : undefined;
}

async function reloadEmulatorModels(ctx: AdminServices): Promise<string> {
  const text = modelReloadText(await localAdmin(ctx).reloadModels(), vscode.l10n.t('the models folder'));
  ctx.models.invalidate(LOCAL_CONNECTION_NAME);
  ctx.tree.refresh();
  for (const line of [text.summary, ...text.details]) ctx.log.info(line);
  if (text.severity === 'error') throw new Error(text.summary);
  if (text.severity === 'warning') void vscode.window.showWarningMessage(text.summary);
  else void vscode.window.showInformationMessage(text.summary);
  return text.summary;
}

async function deleteEmulatorTwin(
  ctx: AdminServices,
  _row?: unknown,
  twinId?: string,
): Promise<TwinDeletion | undefined> {
  const id = await agreedId(
    ctx,
    twinId,
    {
      title: vscode.l10n.t('Delete Twin in the Local Emulator'),
      prompt: vscode.l10n.t('The id of the twin to delete, with every relationship from or to it'),
    },
    (twin) => vscode.l10n.t('Delete twin "{0}" and its relationships from the local emulator?', twin),
  );
  if (id === undefined) return undefined;
  const deleted = await localAdmin(ctx).deleteTwin(id);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Deleted twin "{0}" and {1} relationship(s) from the local emulator.',
      id,
      deleted.deletedRelationships.length,
    ),
  );
  return deleted;
}

async function deleteEmulatorRelationship(
  ctx: AdminServices,
  _row?: unknown,
  relationshipId?: string,
): Promise<string | undefined> {
  const id = await agreedId(
    ctx,
    relationshipId,
    {
      title: vscode.l10n.t('Delete Relationship in the Local Emulator'),
      prompt: vscode.l10n.t('The id of the relationship to delete'),
    },
    (relationship) => vscode.l10n.t('Delete relationship "{0}" from the local emulator?', relationship),
  );
  if (id === undefined) return undefined;
  await localAdmin(ctx).deleteRelationship(id);
  ctx.tree.refresh();
  void vscode.window.showInformationMessage(vscode.l10n.t('Deleted relationship "{0}" from the local emulator.', id));
  return id;
}

export const emulatorAdminCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.emulator.reloadModels': accepts(connectionRow).run(reloadEmulatorModels),
  'buildingTwins.emulator.deleteTwin': accepts(connectionRow, text).run(deleteEmulatorTwin),
  'buildingTwins.emulator.deleteRelationship': accepts(connectionRow, text).run(deleteEmulatorRelationship),
};
