import type * as vscode from 'vscode';
import { parseStoredToken, type StoredToken, type TokenStore } from '../../core/api/tokenStore';

/**
 * Client secrets and cached access tokens in VS Code's SecretStorage, one key per connection and kind.
 * Nothing secret is ever written to settings.
 */
/** A client secret with the origin (scheme, host, port) of the service it was entered for. */
interface BoundSecret {
  v: 1;
  origin: string;
  secret: string;
}

export type SecretLookup =
  { kind: 'found'; secret: string } | { kind: 'missing' } | { kind: 'otherOrigin'; storedFor: string };

export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

function parseBoundSecret(raw: string): BoundSecret | undefined {
  if (!raw.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<BoundSecret>;
    return value.v === 1 && typeof value.origin === 'string' && typeof value.secret === 'string'
      ? (value as BoundSecret)
      : undefined;
  } catch {
    return undefined;
  }
}

export class ConnectionSecrets {
  /** `beforeStore` runs before anything is written to the storage (the keychain check: keychainCheck.ts). */
  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly beforeStore: () => void = () => undefined,
  ) {}

  static key(connection: string, kind: 'clientSecret' | 'token'): string {
    return `buildingTwins.connection.${encodeURIComponent(connection)}.${kind}`;
  }

  /**
   * The client secret stored for a connection, bound to the origin it was entered for: a connection whose URL
   * now names another host gets nothing, so a changed setting can never send the secret elsewhere. A secret
   * stored before binding existed is bound to the connection's current origin on first read.
   */
  async getClientSecret(connection: string, baseUrl: string): Promise<SecretLookup> {
    const raw = await this.storage.get(ConnectionSecrets.key(connection, 'clientSecret'));
    if (raw === undefined) return { kind: 'missing' };
    const bound = parseBoundSecret(raw);
    const origin = originOf(baseUrl);
    if (!bound) {
      await this.setClientSecret(connection, raw, baseUrl);
      return { kind: 'found', secret: raw };
    }
    return bound.origin === origin
      ? { kind: 'found', secret: bound.secret }
      : { kind: 'otherOrigin', storedFor: bound.origin };
  }

  setClientSecret(connection: string, secret: string, baseUrl: string): Thenable<void> {
    const value: BoundSecret = { v: 1, origin: originOf(baseUrl), secret };
    this.beforeStore();
    return this.storage.store(ConnectionSecrets.key(connection, 'clientSecret'), JSON.stringify(value));
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
        this.beforeStore();
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
