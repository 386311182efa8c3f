import * as vscode from 'vscode';
import { errorText } from '../../core/api/apiError';
import type { ClientBudget } from '../../core/api/client';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ExtensionLog, RequestLogEntry } from '../shell/extensionLog';
import type { ConnectionProfile } from './connectionProfile';
import type { ConnectionSecrets } from './connectionSecrets';
import { connectionStateAfter } from './requestOutcome';

export type ConnectionState =
  { kind: 'idle' } | { kind: 'signingIn' } | { kind: 'connected' } | { kind: 'error'; message: string };

/** What the clients need to build an API client for a profile (the real one wraps BuildingTwinsClient). */
export type ClientFactory = (args: {
  profile: ConnectionProfile;
  clientSecret: string;
  secrets: ConnectionSecrets;
  onRequest: (e: RequestLogEntry) => void;
  /** Fires when the connection is removed or changed: the client's calls and retries end. */
  signal: AbortSignal;
}) => BuildingTwinsApi;

/** Where the clients read a connection's profile and secret (ConnectionProfiles). */
export interface ProfileSource {
  require(name: string): ConnectionProfile;
  clientSecret(name: string): Promise<string>;
}

interface ClientEntry {
  key: string;
  client: BuildingTwinsApi;
  lifetime: AbortController;
}

/**
 * The live side of the connections: one API client per connection in use (rebuilt when its profile changes), its
 * tokens (through the client) and its state (shown by the status bar and the tree). The profiles live elsewhere.
 */
export class ConnectionClients implements vscode.Disposable {
  private readonly clients = new Map<string, ClientEntry>();
  private readonly states = new Map<string, ConnectionState>();
  private readonly stateChanged = new vscode.EventEmitter<string>();
  /** A connection's state changed (connected, signing in, error). */
  readonly onDidChangeState = this.stateChanged.event;
  private readonly requested = new vscode.EventEmitter<string>();
  /** A connection's client sent a request (or an attempt failed): its request budget changed. */
  readonly onDidRequest = this.requested.event;

  constructor(
    private readonly profiles: ProfileSource,
    private readonly secrets: ConnectionSecrets,
    private readonly log: ExtensionLog,
    private readonly createClient: ClientFactory,
  ) {}

  async getClient(name: string): Promise<BuildingTwinsApi> {
    const profile = this.profiles.require(name);
    const key = `${profile.baseUrl}\n${profile.clientId}\n${profile.readOnly === true}`;
    const cached = this.clients.get(name);
    if (cached && cached.key === key) return cached.client;
    const clientSecret = await this.profiles.clientSecret(name);
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

  /** The request budget of the connection's client as spent now; undefined before its first use. */
  budget(name: string): ClientBudget | undefined {
    const client = this.clients.get(name)?.client as Partial<{ budget(): ClientBudget }> | undefined;
    return typeof client?.budget === 'function' ? client.budget() : undefined;
  }

  state(name: string): ConnectionState {
    return this.states.get(name) ?? { kind: 'idle' };
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

  reportError(name: string, err: unknown): void {
    this.setState(name, { kind: 'error', message: errorText(err) });
  }

  /** Ends the connection's client (its calls and retries stop) and forgets its state: its profile went or changed. */
  drop(name: string): void {
    this.clients
      .get(name)
      ?.lifetime.abort(new Error(vscode.l10n.t('The connection "{0}" was removed or changed.', name)));
    this.clients.delete(name);
    this.states.delete(name);
  }

  dispose(): void {
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
}
