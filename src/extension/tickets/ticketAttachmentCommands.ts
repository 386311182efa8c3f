import * as vscode from 'vscode';
import { file, rowOf } from '../shell/argGuards';
import { type Guarded, oneOf, options } from '../shell/commandArgs';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { safeFileName } from './attachmentFileName';
import { countNumber } from '../../shared/countText';

interface AttachmentTarget {
  connection: string;
  ticketId: string;
  attachmentId: string;
  fileName: string;
}

/** `{ ticketId, attachmentId }` (and optionally `connection`, `fileName`), as tests and other commands pass it. */
type AttachmentIds = Pick<AttachmentTarget, 'ticketId' | 'attachmentId'> & Partial<AttachmentTarget>;
const attachmentIds = (value: unknown): value is AttachmentIds =>
  options(value) &&
  typeof value.ticketId === 'string' &&
  typeof value.attachmentId === 'string' &&
  ['connection', 'fileName'].every((field) => value[field] === undefined || typeof value[field] === 'string');

/** An attachment: its row, or its ids. */
const attachment = oneOf(rowOf('ticketAttachments'), attachmentIds);
type Attachment = Guarded<typeof attachment>;

function attachmentTarget(ctx: Pick<ExtensionServices, 'connections'>, arg: Attachment | undefined): AttachmentTarget {
  if (arg && 'ids' in arg) {
    if (arg.connection && arg.value) {
      const [ticketId, attachmentId] = arg.ids;
      return { connection: arg.connection, ticketId, attachmentId, fileName: arg.value.fileName };
    }
  } else if (arg) {
    return {
      connection: arg.connection ?? ctx.connections.activeName(),
      ticketId: arg.ticketId,
      attachmentId: arg.attachmentId,
      fileName: arg.fileName ?? '',
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
  arg?: Attachment,
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
  arg?: Attachment,
  target?: Guarded<typeof file>,
): Promise<vscode.Uri | undefined> {
  const source = attachmentTarget(ctx, arg);
  const { content, fileName } = await download(ctx, source);
  const uri =
    target instanceof vscode.Uri
      ? target
      : target
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
    vscode.l10n.t('Saved {0} ({1} bytes).', fileName, countNumber(content.byteLength)),
  );
  return uri;
}

export const attachmentCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.tickets.openAttachment': accepts(attachment).run(openAttachment),
  // (attachment, file to save to)
  'buildingTwins.tickets.saveAttachment': accepts(attachment, file).run(saveAttachment),
};
