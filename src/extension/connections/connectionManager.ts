import * as vscode from 'vscode';
import type { ClientBudget } from '../../core/api/client';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ExtensionLog } from '../shell/extensionLog';
import { ActiveConnection } from './activeConnection';
import { type ClientFactory, ConnectionClients, type ConnectionState } from './connectionClients';
import { type ConnectionProfile, LOCAL_CONNECTION_NAME, isLocalConnection } from './connectionProfile';
import { ConnectionProfiles, type LocalProfileSource } from './connectionProfiles';
import type { ConnectionSecrets } from './connectionSecrets';
import { markedReadOnly } from './sharedConnections';

/**
 * What the features see of the connections: the user's profiles (ConnectionProfiles), this window's active
 * connection (ActiveConnection) and the live clients (ConnectionClients), kept in step: a profile changed or
 * removed ends its client, and every change is announced once.
 */
export class ConnectionManager implements vscode.Disposable {
  private readonly profiles: ConnectionProfiles;
  private readonly clients: ConnectionClients;
  private readonly active: ActiveConnection;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Profiles, the active connection or the local emulator's URL changed. */
  readonly onDidChange = this.changed.event;
  /** A connection's state changed (connected, signing in, error). */
  readonly onDidChangeState: vscode.Event<string>;
  /** A connection's client sent a request (or an attempt failed): its request budget changed. */
  readonly onDidRequest: vscode.Event<string>;
  private readonly subscription: vscode.Disposable;
  /** What this workspace suggests; its read-only marks apply to the user's connections here (never the reverse). */
  private workspaceSuggestions: readonly ConnectionProfile[] = [];

  constructor(
    readonly secrets: ConnectionSecrets,
    log: ExtensionLog,
    createClient: ClientFactory,
    localProfile: LocalProfileSource,
    /** The window's own storage (workspaceState), where its active connection is kept. */
    windowState: vscode.Memento,
  ) {
    this.profiles = new ConnectionProfiles(secrets, log, localProfile);
    this.clients = new ConnectionClients(this, secrets, log, createClient);
    this.active = new ActiveConnection(windowState);
    this.onDidChangeState = this.clients.onDidChangeState;
    this.onDidRequest = this.clients.onDidRequest;
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('buildingTwins')) this.profiles.settingsChanged();
      // Another port is another emulator: its client and state start afresh.
      if (e.affectsConfiguration('buildingTwins.emulator.port')) this.dropClient(LOCAL_CONNECTION_NAME);
      else if (e.affectsConfiguration('buildingTwins.connections')) this.changed.fire();
    });
  }

  /** Every connection: the local emulator first, then the configured ones. */
  list(): ConnectionProfile[] {
    return this.profiles.list().map((p) => this.asUsedHere(p));
  }

  configured(): ConnectionProfile[] {
    return this.profiles.configured().map((p) => this.asUsedHere(p));
  }

  get(name: string): ConnectionProfile | undefined {
    const profile = this.profiles.get(name);
    return profile && this.asUsedHere(profile);
  }

  require(name: string): ConnectionProfile {
    return this.asUsedHere(this.profiles.require(name));
  }

  /**
   * Applies this workspace's read-only marks (SuggestedConnections): a connection they mark is read-only in this
   * window whatever the user's setting says; its client is rebuilt read-only on its next use.
   */
  useWorkspaceMarks(suggested: readonly ConnectionProfile[]): void {
    this.workspaceSuggestions = suggested;
    this.changed.fire();
  }

  /** Whether the user's profile says writable but this workspace marks the connection read-only. */
  readOnlyByWorkspace(name: string): boolean {
    const profile = this.profiles.get(name);
    return profile !== undefined && !profile.readOnly && markedReadOnly(profile, this.workspaceSuggestions);
  }

  private asUsedHere(profile: ConnectionProfile): ConnectionProfile {
    return !profile.readOnly && !isLocalConnection(profile.name) && markedReadOnly(profile, this.workspaceSuggestions)
      ? Object.freeze({ ...profile, readOnly: true })
      : profile;
  }

  /** Whether the connection refuses writes (an unknown name is not read-only: using it fails on its own). */
  isReadOnly(name: string): boolean {
    return this.get(name)?.readOnly === true;
  }

  /** This window's connection; the local emulator when its choice names no connection (removed meanwhile). */
  activeName(): string {
    const name = this.active.name();
    return name && this.get(name) ? name : LOCAL_CONNECTION_NAME;
  }

  /** Makes a connection this window's active one (other windows keep theirs). */
  async setActive(name: string): Promise<void> {
    this.require(name);
    await this.active.choose(name);
    this.changed.fire();
  }

  add(profile: ConnectionProfile, clientSecret: string): Promise<void> {
    return this.profiles.add(profile, clientSecret);
  }

  /** Replaces a configured profile; a new secret is optional (undefined keeps the stored one). */
  async update(oldName: string, profile: ConnectionProfile, clientSecret?: string): Promise<void> {
    await this.profiles.update(oldName, profile, clientSecret);
    if (profile.name !== oldName && (await this.active.replaced(oldName, profile.name))) this.changed.fire();
    this.dropClient(oldName);
  }

  /** Makes a configured connection read-only or writable; its client is rebuilt with the new flag. */
  async setReadOnly(name: string, readOnly: boolean): Promise<ConnectionProfile> {
    const profile = await this.profiles.setReadOnly(name, readOnly);
    this.dropClient(name);
    return profile;
  }

  async remove(name: string): Promise<void> {
    await this.profiles.remove(name);
    await this.active.replaced(name, '');
    this.dropClient(name);
  }

  getClient(name: string): Promise<BuildingTwinsApi> {
    return this.clients.getClient(name);
  }

  /**
   * The client secret a connection signs in with: the emulator's well-known one, or the stored secret (refused when
   * it was entered for another host). Only for handing to a client or a server process, never to be shown or stored.
   */
  clientSecret(name: string): Promise<string> {
    return this.profiles.clientSecret(name);
  }

  getActiveClient(): Promise<BuildingTwinsApi> {
    return this.getClient(this.activeName());
  }

  /** The request budget of the connection's client as spent now; undefined before its first use. */
  budget(name: string): ClientBudget | undefined {
    return this.clients.budget(name);
  }

  state(name: string): ConnectionState {
    return this.clients.state(name);
  }

  /** Signs in unless already connected (the tree does this before listing a connection's groups). */
  async ensureSignedIn(name: string): Promise<void> {
    if (this.state(name).kind !== 'connected') await this.signIn(name);
  }

  /** Requests a fresh token (the client caches it for later calls) and returns it. */
  signIn(name: string): Promise<string> {
    return this.clients.signIn(name);
  }

  /** Forgets a connection's state (its service was started or stopped): the next use signs in again. */
  resetState(name: string): void {
    this.clients.resetState(name);
  }

  /** Something the profiles depend on changed (e.g. the local emulator's URL). */
  notifyChanged(): void {
    this.changed.fire();
  }

  reportError(name: string, err: unknown): void {
    this.clients.reportError(name, err);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
    this.clients.dispose();
  }

  private dropClient(name: string): void {
    this.clients.drop(name);
    this.changed.fire();
  }
}
