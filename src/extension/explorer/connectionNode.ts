import * as vscode from 'vscode';
import type { BuildingTwinsApi } from '../../core/api/types';
import { unreachableCode } from '../../core/api/unreachable';
import type { ConnectionProfile } from '../connections/connectionProfile';
import { isLocalConnection } from '../connections/connectionProfile';
import { EmulatorStoppedNode } from './emulatorStoppedNode';
import type { ConnectionGroupFactory, ConnectionScope, ConnectionServices } from './explorerServices';
import { childId, errorNode, TreeNode } from './treeNode';

/** Top level: one connection. Its children are the groups the composition root lists (connectionGroups.ts). */
export class ConnectionNode extends TreeNode implements ConnectionScope {
  private groups: TreeNode[] | undefined;

  constructor(
    readonly services: ConnectionServices,
    readonly profile: ConnectionProfile,
    private readonly groupFactories: readonly ConnectionGroupFactory[],
  ) {
    super(undefined, childId(undefined, 'connection', profile.name));
  }

  override get connection(): string {
    return this.profile.name;
  }

  override get kind(): 'connection' {
    return 'connection';
  }

  override get ids(): readonly string[] {
    return [this.profile.name];
  }

  client(): Promise<BuildingTwinsApi> {
    return this.services.connections.getClient(this.connection);
  }

  sameProfile(p: ConnectionProfile): boolean {
    return p.name === this.profile.name && p.baseUrl === this.profile.baseUrl && p.clientId === this.profile.clientId;
  }

  /** The group of a given class (e.g. TwinsNode), creating the groups if needed. */
  group<T extends TreeNode>(kind: new (...args: never[]) => T): T | undefined {
    this.groups ??= this.groupFactories.map((create) => create(this));
    return this.groups.find((g): g is T => g instanceof kind);
  }

  /** Whether the last rendered item showed the error state. */
  shownInError = false;

  getTreeItem(): vscode.TreeItem {
    const active = this.services.connections.activeName() === this.connection;
    const state = this.services.connections.state(this.connection);
    const local = isLocalConnection(this.connection);
    const stopped = local && this.services.localEmulator.known === false;
    const readOnly = this.services.connections.isReadOnly(this.connection);
    this.shownInError = state.kind === 'error';
    const item = new vscode.TreeItem(
      this.connection,
      active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = this.id;
    item.description =
      [
        active ? vscode.l10n.t('active') : undefined,
        readOnly ? vscode.l10n.t('read-only') : undefined,
        stopped ? vscode.l10n.t('not running') : state.kind === 'error' ? vscode.l10n.t('error') : undefined,
      ]
        .filter(Boolean)
        .join(' · ') || undefined;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(
      `${this.connection}\n${this.profile.baseUrl}\n${vscode.l10n.t('Client id: {0}', this.profile.clientId)}`,
    );
    // The same words as the status bar's tooltip, for every connection, not only the active one.
    if (readOnly) tooltip.appendText(`\n${vscode.l10n.t('Read-only: every write is refused before it is sent.')}`);
    if (state.kind === 'error') tooltip.appendText(`\n${vscode.l10n.t('Error: {0}', state.message)}`);
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(
      stopped ? 'debug-disconnect' : state.kind === 'error' ? 'warning' : local ? 'vm' : 'plug',
    );
    item.contextValue = `connection${local ? '.local' : '.custom'}${active ? '.active' : ''}`;
    return item;
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      await this.services.connections.ensureSignedIn(this.connection);
    } catch (err) {
      const refused = isLocalConnection(this.connection) ? unreachableCode(err) : undefined;
      if (!refused) return [errorNode(this, err)];
      this.services.localEmulator.set(false);
      return [
        new EmulatorStoppedNode(
          this,
          this.profile.baseUrl,
          refused === 'ECONNREFUSED' ? vscode.l10n.t('connection refused') : refused,
        ),
      ];
    }
    if (isLocalConnection(this.connection)) this.services.localEmulator.set(true);
    this.groups ??= this.groupFactories.map((create) => create(this));
    return this.groups;
  }

  /** Reloads the twin lists (after the filter changed). */
  resetTwins(): void {
    for (const group of this.groups ?? []) group.twinFilterChanged();
  }

  override reset(): void {
    this.groups = undefined;
    this.services.models.invalidate(this.connection);
  }
}
