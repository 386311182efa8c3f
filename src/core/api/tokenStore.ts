// Where access tokens live between calls (and, with a persistent store, between sessions).

export interface StoredToken {
  accessToken: string;
  tokenType: string;
  /** Epoch ms at which the service stops accepting the token. */
  expiresAt: number;
  /** Epoch ms at which it was issued (sets how early it is renewed). */
  obtainedAt?: number;
}

/** Pluggable token persistence; the extension backs it with SecretStorage. Keys name a URL + client id. */
export interface TokenStore {
  get(key: string): Promise<StoredToken | undefined> | StoredToken | undefined;
  set(key: string, token: StoredToken): Promise<void> | void;
  delete(key: string): Promise<void> | void;
}

export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredToken>();
  get(key: string): StoredToken | undefined {
    return this.tokens.get(key);
  }
  set(key: string, token: StoredToken): void {
    this.tokens.set(key, token);
  }
  delete(key: string): void {
    this.tokens.delete(key);
  }
}

/** Reads a stored token back, refusing anything malformed (a store may hold older or foreign data). */
export function parseStoredToken(value: unknown): StoredToken | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const t = value as Partial<StoredToken>;
  return typeof t.accessToken === 'string' && t.accessToken && typeof t.expiresAt === 'number'
    ? {
        accessToken: t.accessToken,
        tokenType: typeof t.tokenType === 'string' ? t.tokenType : 'Bearer',
        expiresAt: t.expiresAt,
        ...(typeof t.obtainedAt === 'number' ? { obtainedAt: t.obtainedAt } : {}),
      }
    : undefined;
}
