import * as vscode from 'vscode';
import type { ConnectionProfile } from '../connections/connectionProfile';
import { promptClientSecret, promptReadOnly } from '../connections/readOnlyChoice';
import { sameService } from '../connections/sharedConnections';
import { resourceUri } from '../documents/resourceUri';
import { runCommand } from '../shell/commandRunner';
import { noIcons } from '../shell/iconText';
import type { ExtensionServices } from '../shell/services';
import { openTwinDocument } from '../twins/twinCommands';
import { type DeepLink, parseDeepLink } from './deepLink';

type LinkServices = Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'tree' | 'lastError' | 'writes'>;

/** What a link did: the document or panel it opened, the connection it added; undefined when the user declined. */
export type DeepLinkResult = vscode.Uri | ConnectionProfile | undefined;

/**
 * Opens a link from outside VS Code. Nothing is used or written before the user agrees: the question names what the
 * link asks for and on which connection; a connection the user does not have is never used, only offered to add.
 */
async function openDeepLink(ctx: LinkServices, uri: vscode.Uri): Promise<DeepLinkResult> {
  const link = parseDeepLink(uri.path, uri.query);
  ctx.log.info(`Link received: ${link.action}`);
  if (link.action === 'addConnection') return offerConnection(ctx, link);
  const profile = ctx.connections.get(link.connection);
  if (!profile)
    throw new Error(
      vscode.l10n.t(
        'The link opens something on the connection "{0}", which you do not have. Add it first (a teammate can send a link that offers it).',
        link.connection,
      ),
    );
  const what =
    link.action === 'twin'
      ? vscode.l10n.t('Open the twin "{0}"', link.twinId)
      : link.action === 'model'
        ? vscode.l10n.t('Open the model "{0}"', link.modelId)
        : vscode.l10n.t('Chart the time series of "{0}"', link.twinId);
  const ok = await ctx.input.confirm(vscode.l10n.t('{0} on "{1}"?', noIcons(what), noIcons(profile.name)), {
    detail: vscode.l10n.t(
      'A link from outside VS Code asks for this. It reads from {0} and changes nothing.',
      profile.baseUrl,
    ),
    confirmLabel: vscode.l10n.t('Open'),
  });
  if (!ok) return undefined;
  switch (link.action) {
    case 'twin':
      return (await openTwinDocument(profile.name, link.twinId)).document.uri;
    case 'model': {
      const doc = await vscode.workspace.openTextDocument(resourceUri(profile.name, 'models', link.modelId));
      return (await vscode.window.showTextDocument(doc, { preview: true })).document.uri;
    }
    case 'timeSeries':
      // The twin's document address names its connection, so the panel opens there whatever is active.
      await vscode.commands.executeCommand(
        'buildingTwins.showTimeSeries',
        resourceUri(profile.name, 'twins', link.twinId),
      );
      return resourceUri(profile.name, 'twins', link.twinId);
  }
}

/** An add-connection link: asked, then the user types the secret (the link has none) and chooses read-only. */
async function offerConnection(
  ctx: LinkServices,
  link: Extract<DeepLink, { action: 'addConnection' }>,
): Promise<DeepLinkResult> {
  const { action: _action, readOnly, ...offered } = link;
  const mine = ctx.connections.get(offered.name);
  if (mine && sameService(mine, offered)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('You have the connection "{0}" already.', mine.name));
    return mine;
  }
  if (mine) throw new Error(vscode.l10n.t('A connection named "{0}" already exists.', offered.name));
  const title = vscode.l10n.t('Add connection from a link');
  const ok = await ctx.input.confirm(
    vscode.l10n.t(
      'Add the connection "{0}" ({1}, client {2})?',
      noIcons(offered.name),
      offered.baseUrl,
      noIcons(offered.clientId),
    ),
    {
      detail: vscode.l10n.t(
        'A link from outside VS Code offers it. Add it only if you expected it: you type its client secret next, and the link carries none.',
      ),
      confirmLabel: vscode.l10n.t('Add'),
    },
  );
  if (!ok) return undefined;
  const secret = await promptClientSecret(ctx, title, offered);
  const profile: ConnectionProfile =
    readOnly || (await promptReadOnly(ctx, title)) ? { ...offered, readOnly: true } : offered;
  await ctx.connections.add(profile, secret);
  ctx.tree.relist();
  return profile;
}

/** Opens a link as a command runs: errors shown with "Show log" and kept as the last error. */
export function handleDeepLink(ctx: LinkServices, uri: vscode.Uri): Promise<DeepLinkResult> {
  return runCommand(ctx, 'link', (s, u) => openDeepLink(s, u as vscode.Uri), [uri]) as Promise<DeepLinkResult>;
}

/** Registers the window's handler of vscode://<publisher>.<name>/… links. */
export function registerDeepLinks(ctx: LinkServices): vscode.Disposable {
  return vscode.window.registerUriHandler({ handleUri: (uri) => void handleDeepLink(ctx, uri) });
}
