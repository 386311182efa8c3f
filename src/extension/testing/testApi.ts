// The integration tests' view of the extension. Built into its own bundle (dist/testApi.js, development builds
// only) and loaded by testApiLoader.ts in ExtensionMode.Test alone: the shipped extension exports nothing, so no
// other extension can read its context, secrets or tokens, or script its confirmations.
import * as vscode from 'vscode';
import type { BuildingTwinsContext } from '../extensionContext';
import type { ConnectionStatusBar } from '../connections/connectionStatusBar';
import { ScriptedUserInput, type ScriptedAnswer } from './scriptedUserInput';
import type { ExplorerTreeProvider } from '../explorer/explorerTreeProvider';
import type { TreeNode } from '../explorer/treeNode';
import { VsCodeUserInput } from '../shell/userInput';

export interface TreeSnapshotItem {
  id: string;
  label: string;
  description?: string;
  contextValue?: string;
  tooltip?: string;
  children?: TreeSnapshotItem[];
}

/** What `activate()` returns in ExtensionMode.Test only: a small surface for integration tests. */
export interface TestApi {
  readonly context: BuildingTwinsContext;
  /** Answers the next prompts from a script instead of showing UI; returns the script to inspect. */
  useScriptedInput(answers: ScriptedAnswer[]): ScriptedUserInput;
  useVsCodeInput(): void;
  /** The last error a command reported, then forgets it. */
  takeLastError(): Error | undefined;
  /** Children of a node (or the roots), expanded `depth` levels. */
  treeSnapshot(node?: TreeNode, depth?: number): Promise<TreeSnapshotItem[]>;
  /** The tree node reached from the roots by following these labels (loading children on the way). */
  findNode(labels: string[]): Promise<TreeNode>;
  /** What the connection's status bar item shows now (text, background colour id, tooltip). */
  statusBar(): ReturnType<ConnectionStatusBar['shown']>;
}

export function createTestApi(ctx: BuildingTwinsContext): TestApi {
  return {
    context: ctx,
    useScriptedInput(answers) {
      const scripted = new ScriptedUserInput(answers);
      ctx.input = scripted;
      return scripted;
    },
    useVsCodeInput() {
      ctx.input = new VsCodeUserInput();
    },
    takeLastError() {
      const err = ctx.lastError;
      ctx.lastError = undefined;
      return err;
    },
    async treeSnapshot(node, depth = 0) {
      return snapshot(ctx.tree, await ctx.tree.getChildren(node), depth);
    },
    statusBar() {
      if (!ctx.statusBar) throw new Error('The status bar item is created when the extension starts');
      return ctx.statusBar.shown();
    },
    async findNode(labels) {
      let children = await ctx.tree.getChildren();
      let found: TreeNode | undefined;
      for (const label of labels) {
        found = undefined;
        for (const child of children) {
          if (labelOf(await child.getTreeItem()) === label) {
            found = child;
            break;
          }
        }
        if (!found) throw new Error(`No tree node labelled "${label}" (path ${labels.join(' > ')})`);
        children = await found.getChildren();
      }
      if (!found) throw new Error('findNode needs at least one label');
      return found;
    },
  };
}

/** The rows as the view shows them: through the tree's getTreeItem (which marks a read-only connection's rows). */
async function snapshot(
  tree: Pick<ExplorerTreeProvider, 'getTreeItem'>,
  nodes: TreeNode[],
  depth: number,
): Promise<TreeSnapshotItem[]> {
  const out: TreeSnapshotItem[] = [];
  for (const node of nodes) {
    const item = await tree.getTreeItem(node);
    const entry: TreeSnapshotItem = {
      id: node.id,
      label: labelOf(item),
      description: typeof item.description === 'string' ? item.description : undefined,
      contextValue: item.contextValue,
      tooltip: typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value,
    };
    if (depth > 0 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) {
      entry.children = await snapshot(tree, await node.getChildren(), depth - 1);
    }
    out.push(entry);
  }
  return out;
}

function labelOf(item: vscode.TreeItem): string {
  const label = item.label;
  return typeof label === 'string' ? label : (label?.label ?? '');
}
