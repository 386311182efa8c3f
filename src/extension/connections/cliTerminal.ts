import { chmod } from 'node:fs/promises';
import { delimiter } from 'node:path';
import * as vscode from 'vscode';
import { stripControl } from '../../core/untrusted/controlCharacters';
import { ENV_CLIENT_ID, ENV_READ_ONLY, ENV_URL } from '../../cli/connection';
import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { connection, type ConnectionTarget, connectionName } from './connectionCommands';

/** A path quoted for sh: inside single quotes nothing is expanded. */
const shQuoted = (path: string): string => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * Writes the folder the connection terminals put first on PATH: `building-twins` runs this extension's CLI
 * (dist/cli.js) with the extension host's own Node (Electron runs as Node with ELECTRON_RUN_AS_NODE). Written on each
 * use, so it follows an updated extension.
 */
async function launcherFolder(ctx: Pick<ExtensionServices, 'vscodeContext'>): Promise<vscode.Uri> {
  const folder = vscode.Uri.joinPath(ctx.vscodeContext.globalStorageUri, 'cli-launcher');
  await vscode.workspace.fs.createDirectory(folder);
  const cli = ctx.vscodeContext.asAbsolutePath('dist/cli.js');
  const node = process.execPath;
  if (process.platform === 'win32') {
    const text = `@echo off\r\nset ELECTRON_RUN_AS_NODE=1\r\n"${node}" "${cli}" %*\r\n`;
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, 'building-twins.cmd'),
      new TextEncoder().encode(text),
    );
  } else {
    const launcher = vscode.Uri.joinPath(folder, 'building-twins');
    const text = `#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec ${shQuoted(node)} ${shQuoted(cli)} "$@"\n`;
    await vscode.workspace.fs.writeFile(launcher, new TextEncoder().encode(text));
    await chmod(launcher.fsPath, 0o755);
  }
  return folder;
}

/**
 * "Open Terminal for Connection": a terminal named after the connection, with `building-twins` on PATH and the
 * connection's URL and client id (and read-only, when it is) in its environment. The client secret is never put
 * there: the CLI asks for it at the terminal (the local emulator's well-known one it knows).
 */
async function openTerminal(
  ctx: Pick<ExtensionServices, 'connections' | 'input' | 'vscodeContext'>,
  arg?: ConnectionTarget,
): Promise<vscode.Terminal> {
  const name = await connectionName(ctx, arg, vscode.l10n.t('Open terminal for connection'));
  const profile = ctx.connections.require(name);
  const folder = await launcherFolder(ctx);
  const env: Record<string, string> = {
    PATH: [folder.fsPath, process.env.PATH].filter(Boolean).join(delimiter),
    [ENV_URL]: profile.baseUrl,
    [ENV_CLIENT_ID]: profile.clientId,
    ...(ctx.connections.isReadOnly(name) ? { [ENV_READ_ONLY]: '1' } : {}),
  };
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('Building Twins: {0}', stripControl(name)),
    env,
    iconPath: new vscode.ThemeIcon('plug'),
  });
  terminal.show();
  return terminal;
}

export const cliTerminalCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.openTerminal': accepts(connection).run(openTerminal),
};
