import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { noIcons } from '../shell/iconText';
import type { ExtensionServices } from '../shell/services';
import type { ConnectionProfile } from './connectionProfile';
import { promptClientSecret, promptReadOnly } from './readOnlyChoice';
import { parseSharedConnections, sharedConnectionsText, sharedStatus } from './sharedConnections';

type SharingServices = Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree' | 'suggestedConnections'>;

/**
 * Offers shared connections one by one: the user picks which to add and types each one's client secret; a
 * connection the sharer marked read-only is added read-only, one not marked asks (read-only first). Returns what
 * was added; nothing is added or used unless picked.
 */
async function addShared(
  ctx: SharingServices,
  shared: readonly ConnectionProfile[],
  title: string,
): Promise<ConnectionProfile[]> {
  const mine = ctx.connections.configured();
  for (const s of shared.filter((c) => sharedStatus(c, mine) === 'nameTaken'))
    ctx.log.info(`Not offered: you have another connection named "${s.name}" (${s.baseUrl}, client ${s.clientId})`);
  const offered = shared.filter((c) => sharedStatus(c, mine) === 'new');
  if (offered.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0}: every connection offered is in your list already.', title),
    );
    return [];
  }
  const picked = await ctx.input.pickMany(
    offered.map((c) => ({
      label: noIcons(c.name),
      description: noIcons(c.baseUrl),
      detail: c.readOnly
        ? vscode.l10n.t('client {0} · read-only', noIcons(c.clientId))
        : vscode.l10n.t('client {0}', noIcons(c.clientId)),
      profile: c,
    })),
    { title, placeHolder: vscode.l10n.t('Choose the connections to add (each asks for its client secret)') },
  );
  const added: ConnectionProfile[] = [];
  for (const { profile } of picked) {
    const secret = await promptClientSecret(ctx, `${title}: ${profile.name}`, profile);
    const readOnly = profile.readOnly === true || (await promptReadOnly(ctx, `${title}: ${profile.name}`));
    const { readOnly: _marked, ...rest } = profile;
    const chosen: ConnectionProfile = readOnly ? { ...rest, readOnly: true } : rest;
    await ctx.connections.add(chosen, secret);
    added.push(chosen);
  }
  ctx.tree.relist();
  return added;
}

/** "Add Suggested Connections…": the connections this workspace suggests (trusted workspaces only). */
async function addSuggestedConnections(ctx: SharingServices): Promise<ConnectionProfile[]> {
  if (!vscode.workspace.isTrusted)
    throw new Error(
      vscode.l10n.t(
        'This workspace is in Restricted Mode: its suggested connections are offered once you trust it (their read-only marks apply already).',
      ),
    );
  const suggested = await ctx.suggestedConnections.load();
  if (suggested.length === 0)
    throw new Error(
      vscode.l10n.t(
        'This workspace suggests no connections (buildingTwins.suggestedConnections or .vscode/building-twins.connections.json).',
      ),
    );
  return addShared(ctx, suggested, vscode.l10n.t('Connections this workspace suggests'));
}

/** "Import Connections…": profiles from a file an export wrote (or a teammate's suggestions file). */
async function importConnections(ctx: SharingServices): Promise<ConnectionProfile[]> {
  const title = vscode.l10n.t('Import connections');
  const [file] = await ctx.input.openFiles({ title, openLabel: vscode.l10n.t('Import'), filters: { JSON: ['json'] } });
  if (!file) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
  } catch (err) {
    throw new Error(vscode.l10n.t('Cannot read {0}: {1}', file.fsPath, errorText(err)));
  }
  const { connections, problems } = parseSharedConnections(raw, file.fsPath);
  for (const p of problems) ctx.log.warn(p);
  if (connections.length === 0)
    throw new Error(vscode.l10n.t('{0} holds no connection to import. {1}', file.fsPath, problems.join(' ')));
  return addShared(ctx, connections, title);
}

/** "Export Connections…": the profiles of the user's connections, never a secret or token. */
async function exportConnections(ctx: Pick<ExtensionServices, 'connections' | 'input'>): Promise<vscode.Uri> {
  const profiles = ctx.connections.configured();
  if (profiles.length === 0) throw new Error(vscode.l10n.t('There are no connections to export; add one first.'));
  const file = await ctx.input.saveFile({
    title: vscode.l10n.t('Export connections (without secrets)'),
    openLabel: vscode.l10n.t('Export'),
    filters: { JSON: ['json'] },
    defaultUri: vscode.Uri.file('building-twins.connections.json'),
  });
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(sharedConnectionsText(profiles)));
  return file;
}

export const sharedConnectionCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.addSuggestedConnections': accepts().run(addSuggestedConnections),
  'buildingTwins.importConnections': accepts().run(importConnections),
  'buildingTwins.exportConnections': accepts().run(exportConnections),
};

/**
 * Says once per window that the workspace suggests connections the user does not have yet (trusted workspaces only);
 * "Review" runs Add Suggested Connections.
 */
export async function announceSuggestions(
  ctx: Pick<ExtensionServices, 'connections'>,
  suggested: readonly ConnectionProfile[],
): Promise<void> {
  if (!vscode.workspace.isTrusted) return;
  const mine = ctx.connections.configured();
  const fresh = suggested.filter((c) => sharedStatus(c, mine) === 'new');
  if (fresh.length === 0) return;
  const review = vscode.l10n.t('Review…');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('This workspace suggests Building Twins connections: {0}.', fresh.map((c) => c.name).join(', ')),
    review,
  );
  if (answer === review) await vscode.commands.executeCommand('buildingTwins.addSuggestedConnections');
}
