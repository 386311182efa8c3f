import * as vscode from 'vscode';
import { parseStoredToken, type StoredToken, type TokenStore } from '../../core/api/tokenStore';

/**
 * Client secrets and cached access tokens in VS Code's SecretStorage, one key per connection and kind.
 * Nothing secret is ever written to settings.
 */
export class ConnectionSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  static key(connection: string, kind: 'clientSecret' | 'token'): string {
    return `buildingTwins.connection.${encodeURIComponent(connection)}.${kind}`;
  }

  getClientSecret(connection: string): Thenable<string | undefined> {
    return this.storage.get(ConnectionSecrets.key(connection, 'clientSecret'));
  }

  setClientSecret(connection: string, secret: string): Thenable<void> {
    return this.storage.store(ConnectionSecrets.key(connection, 'clientSecret'), secret);
  }

  /**
   * The API client's token store for one connection: one cached token per connection (the client's key,
   * naming URL + client id, is kept with it so a changed profile never reuses a stale token).
   */
  tokenStore(connection: string): TokenStore {
    const secretKey = ConnectionSecrets.key(connection, 'token');
    return {
      get: async (key) => {
        const raw = await this.storage.get(secretKey);
        if (!raw) return undefined;
        try {
          const parsed = JSON.parse(raw) as { key?: unknown; token?: unknown };
          return parsed.key === key ? parseStoredToken(parsed.token) : undefined;
        } catch {
          return undefined;
        }
      },
      set: async (key, token: StoredToken) => {
        await this.storage.store(secretKey, JSON.stringify({ key, token }));
      },
      delete: async () => {
        await this.storage.delete(secretKey);
      },
    };
  }

  clearToken(connection: string): Thenable<void> {
    return this.storage.delete(ConnectionSecrets.key(connection, 'token'));
  }

  async forget(connection: string): Promise<void> {
    await this.storage.delete(ConnectionSecrets.key(connection, 'clientSecret'));
    await this.storage.delete(ConnectionSecrets.key(connection, 'token'));
  }
}
