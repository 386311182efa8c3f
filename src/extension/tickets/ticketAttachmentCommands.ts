import * as vscode from 'vscode';
import type { CommandsFor } from '../shell/commandTypes';
import type { ticketAttachmentParameters } from './ticketParameters';
import type { ExtensionServices } from '../shell/services';
import { safeFileName } from './attachmentFileName';
import { isRow } from '../explorer/rowSubject';

interface AttachmentTarget {
  connection: string;
  ticketId: string;
  attachmentId: string;
  fileName: string;
}

function attachmentTarget(ctx: Pick<ExtensionServices, 'connections'>, arg: unknown): AttachmentTarget {
  if (isRow(arg, 'ticketAttachments') && arg.connection && arg.value) {
    const [ticketId, attachmentId] = arg.ids;
    return { connection: arg.connection, ticketId, attachmentId, fileName: arg.value.fileName };
  }
  const a = arg as Partial<AttachmentTarget> | undefined;
  if (a && typeof a.ticketId === 'string' && typeof a.attachmentId === 'string') {
    return {
      connection: a.connection ?? ctx.connections.activeName(),
      ticketId: a.ticketId,
      attachmentId: a.attachmentId,
      fileName: a.fileName ?? '',
    };
  }
  throw new Error(
    vscode.l10n.t('This command needs a ticket attachment in the explorer (or { ticketId, attachmentId }).'),
  );
}

async function download(
  ctx: Pick<ExtensionServices, 'connections'>,
  t: AttachmentTarget,
): Promise<{ content: Uint8Array; fileName: string }> {
  const client = await ctx.connections.getClient(t.connection);
  const got = await client.getTicketAttachment(t.ticketId, t.attachmentId);
  return {
    content: got.content,
    fileName: safeFileName(got.fileName || t.fileName, `attachment-${safeFileName(t.attachmentId, 'file')}`),
  };
}

/** Downloads an attachment into the extension's storage and opens it with VS Code's editor for its type. */
async function openAttachment(
  ctx: Pick<ExtensionServices, 'connections' | 'log' | 'vscodeContext'>,
  arg: unknown,
): Promise<vscode.Uri> {
  const target = attachmentTarget(ctx, arg);
  const { content, fileName } = await download(ctx, target);
  const folder = vscode.Uri.joinPath(
    ctx.vscodeContext.globalStorageUri,
    'attachments',
    safeFileName(target.ticketId, 'ticket'),
    safeFileName(target.attachmentId, 'attachment'),
  );
  await vscode.workspace.fs.createDirectory(folder);
  const uri = vscode.Uri.joinPath(folder, fileName);
  await vscode.workspace.fs.writeFile(uri, content);
  ctx.log.info(
    `Attachment ${target.attachmentId} of ticket ${target.ticketId} (${content.byteLength} bytes) opened from ${uri.fsPath}`,
  );
  await vscode.commands.executeCommand('vscode.open', uri, { preview: true });
  return uri;
}

/** Saves an attachment to a chosen file (`target` skips the save dialog). */
async function saveAttachment(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'log' | 'vscodeContext'>,
  arg: unknown,
  target?: unknown,
): Promise<vscode.Uri | undefined> {
  const source = attachmentTarget(ctx, arg);
  const { content, fileName } = await download(ctx, source);
  const uri =
    target instanceof vscode.Uri
      ? target
      : typeof target === 'string' && target
        ? vscode.Uri.file(target)
        : await ctx.input.saveFile({
            title: vscode.l10n.t('Save attachment'),
            openLabel: vscode.l10n.t('Save attachment'),
            filters: {},
            defaultUri: vscode.Uri.joinPath(
              vscode.workspace.workspaceFolders?.[0]?.uri ?? ctx.vscodeContext.globalStorageUri,
              fileName,
            ),
          });
  await vscode.workspace.fs.writeFile(uri, content);
  ctx.log.info(
    `Attachment ${source.attachmentId} of ticket ${source.ticketId} saved to ${uri.fsPath} (${content.byteLength} bytes)`,
  );
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Saved {0} ({1} bytes).', fileName, content.byteLength.toLocaleString('en-US')),
  );
  return uri;
}

export const attachmentCommands: CommandsFor<typeof ticketAttachmentParameters, ExtensionServices> = {
  'buildingTwins.tickets.openAttachment': openAttachment,
  'buildingTwins.tickets.saveAttachment': saveAttachment,
};
