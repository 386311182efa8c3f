import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { ClientBudget } from '../../core/api/client';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ExtensionLog, RequestLogEntry } from '../shell/extensionLog';
import { type ConnectionProfile, LOCAL_CONNECTION_NAME, isLocalConnection, parseProfiles } from './connectionProfile';
import { type ConnectionSecrets, originOf } from './connectionSecrets';
import { connectionStateAfter } from './requestOutcome';

export type ConnectionState =
  { kind: 'idle' } | { kind: 'signingIn' } | { kind: 'connected' } | { kind: 'error'; message: string };

/** What the manager needs to build an API client for a profile (the real one wraps BuildingTwinsClient). */
export type ClientFactory = (args: {
  profile: ConnectionProfile;
  clientSecret: string;
  secrets: ConnectionSecrets;
  onRequest: (e: RequestLogEntry) => void;
  /** Fires when the connection is removed or changed: the client's calls and retries end. */
  signal: AbortSignal;
}) => BuildingTwinsApi;

/** The local emulator's profile and its well-known secret, computed from the settings given / the running emulator. */
export type LocalProfileSource = (settings: vscode.WorkspaceConfiguration) => {
  profile: ConnectionProfile;
  clientSecret: string;
};

interface ClientEntry {
  key: string;
  client: BuildingTwinsApi;
  lifetime: AbortController;
}

/**
 * Connection profiles (settings), their secrets (SecretStorage), the active connection, one API client
 * per connection and each connection's state (shown by the status bar and the tree).
 */
export class ConnectionManager implements vscode.Disposable {
  private readonly clients = new Map<string, ClientEntry>();
  private readonly states = new Map<string, ConnectionState>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Profiles, the active connection or the local emulator's URL changed. */
  readonly onDidChange = this.changed.event;
  private readonly stateChanged = new vscode.EventEmitter<string>();
  /** A connection's state changed (connected, signing in, error). */
  readonly onDidChangeState = this.stateChanged.event;
  private readonly requested = new vscode.EventEmitter<string>();
  /** A connection's client sent a request (or an attempt failed): its request budget changed. */
  readonly onDidRequest = this.requested.event;
  private readonly subscription: vscode.Disposable;
  private reportedProblems = '';
  /**
   * The buildingTwins.* settings as read, and the connections parsed from them: the status bar redraws on every
   * request, and each redraw asks for the active connection and its profile.
   */
  private settings: { read: vscode.WorkspaceConfiguration; profiles?: readonly ConnectionProfile[] } | undefined;

  constructor(
    readonly secrets: ConnectionSecrets,
    private readonly log: ExtensionLog,
    private readonly createClient: ClientFactory,
    private readonly localProfile: LocalProfileSource,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('buildingTwins')) this.settings = undefined;
      // Another port is another emulator: its client and state start afresh (dropClient fires the change).
      if (e.affectsConfiguration('buildingTwins.emulator.port')) this.dropClient(LOCAL_CONNECTION_NAME);
      else if (
        e.affectsConfiguration('buildingTwins.connections') ||
        e.affectsConfiguration('buildingTwins.activeConnection')
      )
        this.changed.fire();
    });
  }

  /** Every connection: the local emulator first, then the configured ones. */
  list(): ConnectionProfile[] {
    return [this.localProfile(this.settingsRead().read).profile, ...this.configured()];
  }

  configured(): ConnectionProfile[] {
    const settings = this.settingsRead();
    if (!settings.profiles) {
      const { profiles, problems } = parseProfiles(settings.read.get('connections'));
      const reported = problems.join('\n');
      if (reported && reported !== this.reportedProblems) for (const p of problems) this.log.warn(p);
      this.reportedProblems = reported;
      settings.profiles = profiles.map((p) => Object.freeze(p));
    }
    return [...settings.profiles];
  }

  /** The settings as last read, kept until one of buildingTwins.* changes (VS Code applies a change before update() returns). */
  private settingsRead(): { read: vscode.WorkspaceConfiguration; profiles?: readonly ConnectionProfile[] } {
    return (this.settings ??= { read: config() });
  }

  get(name: string): ConnectionProfile | undefined {
    return this.list().find((p) => p.name === name);
  }

  require(name: string): ConnectionProfile {
    const profile = this.get(name);
    if (!profile)
      throw new Error(
        vscode.l10n.t(
          'No connection named "{0}". Known: {1}',
          name,
          this.list()
            .map((p) => p.name)
            .join(', '),
        ),
      );
    return profile;
  }

  /** Whether the connection refuses writes (an unknown name is not read-only: using it fails on its own). */
  isReadOnly(name: string): boolean {
    return this.get(name)?.readOnly === true;
  }

  activeName(): string {
    const name = this.settingsRead().read.get<string>('activeConnection');
    return name && this.get(name) ? name : LOCAL_CONNECTION_NAME;
  }

  async setActive(name: string): Promise<void> {
    this.require(name);
    await config().update('activeConnection', name, vscode.ConfigurationTarget.Global);
    this.changed.fire();
  }

  async add(profile: ConnectionProfile, clientSecret: string): Promise<void> {
    if (this.get(profile.name))
      throw new Error(vscode.l10n.t('A connection named "{0}" already exists.', profile.name));
    await this.secrets.setClientSecret(profile.name, clientSecret, profile.baseUrl);
    await this.writeConfigured([...this.configured(), profile]);
    this.log.info(`Added connection "${profile.name}" (${profile.baseUrl}, client ${profile.clientId})`);
  }

  /** Replaces a configured profile; a new secret is optional (undefined keeps the stored one). */
  async update(oldName: string, profile: ConnectionProfile, clientSecret?: string): Promise<void> {
    if (isLocalConnection(oldName))
      throw new Error(
        vscode.l10n.t(
          '"{0}" follows the buildingTwins.emulator.port setting and cannot be edited.',
          LOCAL_CONNECTION_NAME,
        ),
      );
    const current = this.configured();
    const index = current.findIndex((p) => p.name === oldName);
    if (index < 0) throw new Error(vscode.l10n.t('No connection named "{0}".', oldName));
    if (profile.name !== oldName && this.get(profile.name))
      throw new Error(vscode.l10n.t('A connection named "{0}" already exists.', profile.name));
    const old = current[index]!;
    if (clientSecret === undefined && originOf(old.baseUrl) !== originOf(profile.baseUrl)) {
      throw new Error(
        vscode.l10n.t(
          'The service of "{0}" changed from {1} to {2}: enter the client secret again (it is never sent to another host than the one it was entered for).',
          oldName,
          originOf(old.baseUrl),
          originOf(profile.baseUrl),
        ),
      );
    }
    const kept = clientSecret ?? (await this.secrets.getClientSecret(oldName, old.baseUrl));
    const secret = typeof kept === 'string' ? kept : kept.kind === 'found' ? kept.secret : undefined;
    if (profile.name !== oldName) await this.secrets.forget(oldName);
    else await this.secrets.clearToken(oldName);
    if (secret !== undefined) await this.secrets.setClientSecret(profile.name, secret, profile.baseUrl);
    current[index] = profile;
    await this.writeConfigured(current);
    if (config().get<string>('activeConnection') === oldName && profile.name !== oldName)
      await this.setActive(profile.name);
    this.dropClient(oldName);
    this.log.info(`Updated connection "${profile.name}"`);
  }

  /** Makes a configured connection read-only or writable; its client is rebuilt with the new flag. */
  async setReadOnly(name: string, readOnly: boolean): Promise<ConnectionProfile> {
    if (isLocalConnection(name))
      throw new Error(
        vscode.l10n.t('"{0}" is the emulator on this machine and is always writable.', LOCAL_CONNECTION_NAME),
      );
    const current = this.configured();
    const index = current.findIndex((p) => p.name === name);
    if (index < 0) throw new Error(vscode.l10n.t('No connection named "{0}".', name));
    const { readOnly: _was, ...rest } = current[index]!;
    const profile: ConnectionProfile = readOnly ? { ...rest, readOnly: true } : rest;
    current[index] = profile;
    await this.writeConfigured(current);
    this.dropClient(name);
    this.log.info(`Connection "${name}" is now ${readOnly ? 'read-only' : 'writable'}`);
    return profile;
  }

  async remove(name: string): Promise<void> {
    if (isLocalConnection(name))
      throw new Error(vscode.l10n.t('"{0}" is built in and cannot be removed.', LOCAL_CONNECTION_NAME));
    const current = this.configured();
    if (!current.some((p) => p.name === name)) throw new Error(vscode.l10n.t('No connection named "{0}".', name));
    await this.writeConfigured(current.filter((p) => p.name !== name));
    await this.secrets.forget(name);
    if (config().get<string>('activeConnection') === name) {
      await config().update('activeConnection', undefined, vscode.ConfigurationTarget.Global);
    }
    this.dropClient(name);
    this.log.info(`Removed connection "${name}"`);
  }

  async getClient(name: string): Promise<BuildingTwinsApi> {
    const profile = this.require(name);
    const key = `${profile.baseUrl}\n${profile.clientId}\n${profile.readOnly === true}`;
    const cached = this.clients.get(name);
    if (cached && cached.key === key) return cached.client;
    const clientSecret = await this.clientSecret(name);
    this.log.addSecret(clientSecret);
    const lifetime = new AbortController();
    const client = this.createClient({
      profile,
      clientSecret,
      secrets: this.secrets,
      onRequest: (e) => this.onRequest(name, e),
      signal: lifetime.signal,
    });
    if (cached) {
      cached.lifetime.abort(new Error(vscode.l10n.t('The connection "{0}" changed.', name)));
      this.states.delete(name);
    }
    this.clients.set(name, { key, client, lifetime });
    return client;
  }

  /**
   * The client secret a connection signs in with: the emulator's well-known one, or the stored secret (refused when
   * it was entered for another host). Only for handing to a client or a server process, never to be shown or stored.
   */
  async clientSecret(name: string): Promise<string> {
    const profile = this.require(name);
    return isLocalConnection(name)
      ? this.localProfile(this.settingsRead().read).clientSecret
      : this.storedSecret(name, profile.baseUrl);
  }

  /** The stored secret of a custom connection, refused when it was entered for another host. */
  private async storedSecret(name: string, baseUrl: string): Promise<string> {
    const found = await this.secrets.getClientSecret(name, baseUrl);
    if (found.kind === 'found' && found.secret) return found.secret;
    if (found.kind === 'otherOrigin') {
      throw new Error(
        vscode.l10n.t(
          'The client secret of "{0}" was entered for {1}, but the connection now points to {2}: edit the connection and enter the secret again.',
          name,
          found.storedFor,
          originOf(baseUrl),
        ),
      );
    }
    throw new Error(vscode.l10n.t('No client secret stored for "{0}". Edit the connection to enter it again.', name));
  }

  getActiveClient(): Promise<BuildingTwinsApi> {
    return this.getClient(this.activeName());
  }

  /** The request budget of the connection's client as spent now; undefined before its first use. */
  budget(name: string): ClientBudget | undefined {
    const client = this.clients.get(name)?.client as Partial<{ budget(): ClientBudget }> | undefined;
    return typeof client?.budget === 'function' ? client.budget() : undefined;
  }

  state(name: string): ConnectionState {
    return this.states.get(name) ?? { kind: 'idle' };
  }

  /** Signs in unless already connected (the tree does this before listing a connection's groups). */
  async ensureSignedIn(name: string): Promise<void> {
    if (this.state(name).kind !== 'connected') await this.signIn(name);
  }

  /** Requests a fresh token (the client caches it for later calls) and returns it. */
  async signIn(name: string): Promise<string> {
    const client = await this.getClient(name);
    this.setState(name, { kind: 'signingIn' });
    try {
      const token = await client.getToken();
      this.log.addSecret(token.access_token);
      this.setState(name, { kind: 'connected' });
      return token.access_token;
    } catch (err) {
      // A connection removed or changed meanwhile has no state to report to.
      if (this.clients.get(name)?.client === client) this.reportError(name, err);
      throw err;
    }
  }

  /** Forgets a connection's state (its service was started or stopped): the next use signs in again. */
  resetState(name: string): void {
    if (this.states.delete(name)) this.stateChanged.fire(name);
  }

  /** Something the profiles depend on changed (e.g. the local emulator's URL). */
  notifyChanged(): void {
    this.changed.fire();
  }

  reportError(name: string, err: unknown): void {
    this.setState(name, { kind: 'error', message: errorText(err) });
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
    this.stateChanged.dispose();
    this.requested.dispose();
  }

  private onRequest(name: string, e: RequestLogEntry): void {
    this.log.request(name, e);
    const next = connectionStateAfter(e);
    if (next) this.setState(name, next);
    this.requested.fire(name);
  }

  private setState(name: string, state: ConnectionState): void {
    const before = this.states.get(name);
    if (
      before &&
      before.kind === state.kind &&
      (before.kind !== 'error' || (state.kind === 'error' && before.message === state.message))
    )
      return;
    this.states.set(name, state);
    this.stateChanged.fire(name);
  }

  private dropClient(name: string): void {
    this.clients
      .get(name)
      ?.lifetime.abort(new Error(vscode.l10n.t('The connection "{0}" was removed or changed.', name)));
    this.clients.delete(name);
    this.states.delete(name);
    this.changed.fire();
  }

  private async writeConfigured(profiles: ConnectionProfile[]): Promise<void> {
    await config().update('connections', profiles, vscode.ConfigurationTarget.Global);
  }
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('buildingTwins');
}
