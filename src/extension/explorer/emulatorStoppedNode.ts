import * as vscode from 'vscode';
import { childId, nodeItem, TreeNode } from './treeNode';

/**
 * The one row under the Local emulator connection when its sign-in was refused because nothing listens on the
 * port: "Local emulator is not running — Start". Clicking it starts the bundled emulator; the tree fills once it runs.
 */
export class EmulatorStoppedNode extends TreeNode {
  constructor(
    parent: TreeNode,
    private readonly url: string,
    private readonly reason: string,
  ) {
    super(parent, childId(parent, '~emulatorStopped'));
  }

  getTreeItem(): vscode.TreeItem {
    return nodeItem(
      this,
      vscode.l10n.t('Local emulator is not running — Start'),
      vscode.TreeItemCollapsibleState.None,
      {
        iconPath: new vscode.ThemeIcon('play'),
        contextValue: 'emulatorStopped',
        tooltip: vscode.l10n.t(
          'Nothing answers at {0} ({1}).\nClick to start the bundled local emulator.',
          this.url,
          this.reason,
        ),
        command: { command: 'buildingTwins.startEmulator', title: vscode.l10n.t('Start local emulator') },
      },
    );
  }
}
