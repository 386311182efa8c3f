import * as vscode from 'vscode';
import type { ExtensionLog } from '../shell/extensionLog';
import { type ConnectionProfile, LOCAL_CONNECTION_NAME, isLocalConnection, parseProfiles } from './connectionProfile';
import { type ConnectionSecrets, originOf } from './connectionSecrets';

/** The local emulator's profile and its well-known secret, computed from the settings given / the running emulator. */
export type LocalProfileSource = (settings: vscode.WorkspaceConfiguration) => {
  profile: ConnectionProfile;
  clientSecret: string;
};

interface SettingsRead {
  read: vscode.WorkspaceConfiguration;
  profiles?: readonly ConnectionProfile[];
}

/**
 * The user's list of connections: profiles in the `buildingTwins.connections` user setting, their client secrets in
 * SecretStorage, the local emulator first. Nothing here holds a client or a token (ConnectionClients does).
 */
export class ConnectionProfiles {
  private reportedProblems = '';
  /**
   * The buildingTwins.* settings as read, and the connections parsed from them: the status bar redraws on every
   * request, and each redraw asks for the active connection and its profile.
   */
  private settings: SettingsRead | undefined;

  constructor(
    readonly secrets: ConnectionSecrets,
    private readonly log: ExtensionLog,
    private readonly localProfile: LocalProfileSource,
  ) {}

  /** Forgets the settings as read (one of buildingTwins.* changed). */
  settingsChanged(): void {
    this.settings = undefined;
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
  private settingsRead(): SettingsRead {
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
    this.log.info(`Updated connection "${profile.name}"`);
  }

  /** Makes a configured connection read-only or writable. */
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
    this.log.info(`Removed connection "${name}"`);
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

  private async writeConfigured(profiles: ConnectionProfile[]): Promise<void> {
    await config().update('connections', profiles, vscode.ConfigurationTarget.Global);
  }
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('buildingTwins');
}
