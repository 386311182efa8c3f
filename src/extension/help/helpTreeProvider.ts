import * as vscode from 'vscode';
import type { HelpLinks } from './helpLinks';

interface HelpRow {
  label: string;
  icon: string;
  tooltip: string;
  command: vscode.Command;
}

/** The "Help and Feedback" view: documentation, the walkthrough, the emulator's documentation, issues. */
export class HelpTreeProvider implements vscode.TreeDataProvider<HelpRow> {
  private readonly rows: HelpRow[];

  constructor(links: HelpLinks) {
    const open = (url: string): vscode.Command => ({ command: 'vscode.open', title: 'Open', arguments: [vscode.Uri.parse(url)] });
    this.rows = [
      { label: 'Documentation', icon: 'book', tooltip: 'The README: install, quick start, features, settings', command: open(links.documentation) },
      { label: 'Get Started', icon: 'mortar-board', tooltip: 'The walkthrough: from the local emulator to your own instance', command: { command: 'buildingTwins.openWalkthrough', title: 'Get Started' } },
      { label: 'Local Emulator Documentation', icon: 'vm', tooltip: 'What the bundled emulator serves, its options and where it differs from the service', command: open(links.emulatorDocumentation) },
      { label: 'Review Issues', icon: 'issues', tooltip: 'Known problems and requests', command: open(links.issues) },
      { label: 'Report an Issue', icon: 'comment', tooltip: 'A new issue, prefilled with the versions of the extension, VS Code and the service (no secrets, no instance addresses)', command: { command: 'buildingTwins.reportIssue', title: 'Report an Issue' } },
    ];
  }

  getTreeItem(row: HelpRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `help/${row.label}`;
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
