import * as vscode from 'vscode';
import type { HelpLinks } from './helpLinks';

interface HelpRow {
  /** Stable in every display language: the row's id. */
  key: string;
  label: string;
  icon: string;
  tooltip: string;
  command: vscode.Command;
}

/** The "Help and Feedback" view: documentation, the walkthrough, the emulator's documentation, issues. */
export class HelpTreeProvider implements vscode.TreeDataProvider<HelpRow> {
  private readonly rows: HelpRow[];

  constructor(links: HelpLinks) {
    const open = (url: string): vscode.Command => ({
      command: 'vscode.open',
      title: vscode.l10n.t('Open'),
      arguments: [vscode.Uri.parse(url)],
    });
    const run = (command: string, title: string): vscode.Command => ({ command, title });
    this.rows = [
      {
        key: 'documentation',
        label: vscode.l10n.t('Documentation'),
        icon: 'book',
        tooltip: vscode.l10n.t('The README: install, quick start, features, settings'),
        command: open(links.documentation),
      },
      {
        key: 'walkthrough',
        label: vscode.l10n.t('Get Started'),
        icon: 'mortar-board',
        tooltip: vscode.l10n.t('The walkthrough: from the local emulator to your own instance'),
        command: run('buildingTwins.openWalkthrough', vscode.l10n.t('Get Started')),
      },
      {
        key: 'emulatorDocumentation',
        label: vscode.l10n.t('Local Emulator Documentation'),
        icon: 'vm',
        tooltip: vscode.l10n.t('What the bundled emulator serves, its options and where it differs from the service'),
        command: open(links.emulatorDocumentation),
      },
      {
        key: 'issues',
        label: vscode.l10n.t('Review Issues'),
        icon: 'issues',
        tooltip: vscode.l10n.t('Known problems and requests'),
        command: open(links.issues),
      },
      {
        key: 'reportIssue',
        label: vscode.l10n.t('Report an Issue'),
        icon: 'comment',
        tooltip: vscode.l10n.t(
          'A new issue, prefilled with the versions of the extension, VS Code and the service (no secrets, no instance addresses)',
        ),
        command: run('buildingTwins.reportIssue', vscode.l10n.t('Report an Issue')),
      },
    ];
  }

  getTreeItem(row: HelpRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `help/${row.key}`;
    item.iconPath = new vscode.ThemeIcon(row.icon);
    item.tooltip = row.tooltip;
    item.command = row.command;
    item.contextValue = 'helpLink';
    return item;
  }

  getChildren(row?: HelpRow): HelpRow[] {
    return row ? [] : this.rows;
  }
}
