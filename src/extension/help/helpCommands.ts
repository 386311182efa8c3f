import * as vscode from 'vscode';
import { accepts, type CommandTable } from '../shell/commandTypes';
import { isLocalConnection } from '../connections/connectionProfile';
import type { ExtensionServices } from '../shell/services';
import { helpLinks } from './helpLinks';
import { issueReportUrl } from './issueReport';
import { WALKTHROUGH_ID } from '../shell/walkthroughProgress';

/** Opens the extension's walkthrough (Welcome page). */
async function openWalkthrough(ctx: Pick<ExtensionServices, 'vscodeContext'>): Promise<void> {
  await vscode.commands.executeCommand(
    'workbench.action.openWalkthrough',
    `${ctx.vscodeContext.extension.id}#${WALKTHROUGH_ID}`,
    false,
  );
}

/**
 * Opens GitHub's new-issue form prefilled with the versions of the extension, VS Code and the service; returns
 * the URL. Nothing about connections goes in but whether the active one is the local emulator, and how many exist.
 * When no browser opens (declined, or none can be opened from here) the link goes to the clipboard instead.
 */
async function reportIssue(ctx: Pick<ExtensionServices, 'connections' | 'log' | 'vscodeContext'>): Promise<string> {
  const manifest = ctx.vscodeContext.extension.packageJSON as Parameters<typeof helpLinks>[0] & { version: string };
  const url = issueReportUrl(helpLinks(manifest).issues, {
    extensionVersion: manifest.version,
    vscodeVersion: vscode.version,
    appName: vscode.env.appName,
    uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop',
    platform: process.platform,
    arch: process.arch,
    activeService: isLocalConnection(ctx.connections.activeName()) ? 'local emulator' : 'service instance',
    customConnections: ctx.connections.configured().length,
  });
  const opened = await vscode.env.openExternal(vscode.Uri.parse(url)).then(
    (ok) => ok,
    (err: unknown) => {
      ctx.log.warn(`Report an Issue: the browser did not open (${err instanceof Error ? err.message : String(err)})`);
      return false;
    },
  );
  if (!opened) {
    await vscode.env.clipboard.writeText(url);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('The link to a new, prefilled issue is on the clipboard: paste it into your browser.'),
    );
  }
  return url;
}

export const helpCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.openWalkthrough': accepts().run(openWalkthrough),
  'buildingTwins.reportIssue': accepts().run(reportIssue),
};
