import type { Clock } from './clock';
import { parseStoredToken, type StoredToken, type TokenStore } from './tokenStore';
import type { TokenResponse } from './types';

/** Renew this long before expiry: a tenth of the lifetime, at most a minute. */
export function refreshMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(0, lifetimeMs) / 10);
}

export interface TokenProviderOptions {
  /** Asks the service for a new token (POST /oauth2/token). */
  requestToken: () => Promise<TokenResponse>;
  store: TokenStore;
  key: string;
  clock: Clock;
  /** Called with every new access token, so it can be redacted everywhere. */
  onToken?: (accessToken: string) => void;
}

/**
 * Caches the access token until shortly before it expires. Concurrent callers share one in-flight
 * token request; one caller's cancellation does not cancel it for the others.
 */
export class TokenProvider {
  private cached?: StoredToken & { renewAt: number };
  private pending?: Promise<StoredToken>;

  constructor(private readonly options: TokenProviderOptions) {}

  /** The cached access token while it needs no renewal; undefined otherwise (getAccessToken then gets one). */
  validToken(): string | undefined {
    return this.cached && this.options.clock.now() < this.cached.renewAt ? this.cached.accessToken : undefined;
  }

  async getAccessToken(signal?: AbortSignal): Promise<string> {
    const now = this.options.clock.now();
    if (this.cached && now < this.cached.renewAt) return this.cached.accessToken;
    return (await withSignal(this.fetchShared(), signal)).accessToken;
  }

  /** Caches a token the caller obtained itself (e.g. an explicit token request). */
  async accept(response: TokenResponse): Promise<StoredToken> {
    const token = this.fromResponse(response);
    this.remember(token);
    await this.options.store.set(this.options.key, token);
    return token;
  }

  /** Drops `accessToken` (after a 401) unless a newer token has replaced it meanwhile. */
  async invalidate(accessToken: string): Promise<void> {
    if (this.cached && this.cached.accessToken !== accessToken) return;
    this.cached = undefined;
    const stored = parseStoredToken(await this.options.store.get(this.options.key));
    if (!stored || stored.accessToken === accessToken) await this.options.store.delete(this.options.key);
  }

  private fetchShared(): Promise<StoredToken> {
    this.pending ??= this.load().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async load(): Promise<StoredToken> {
    const stored = parseStoredToken(await this.options.store.get(this.options.key));
    if (stored && this.options.clock.now() < renewAt(stored)) {
      this.remember(stored);
      return stored;
    }
    return this.accept(await this.options.requestToken());
  }

  private fromResponse(response: TokenResponse): StoredToken {
    const now = this.options.clock.now();
    return {
      accessToken: response.access_token,
      tokenType: response.token_type || 'Bearer',
      obtainedAt: now,
      expiresAt: now + Math.max(0, Number(response.expires_in) || 0) * 1000,
    };
  }

  private remember(token: StoredToken): void {
    this.options.onToken?.(token.accessToken);
    this.cached = { ...token, renewAt: renewAt(token) };
  }
}

function renewAt(token: StoredToken): number {
  return token.expiresAt - refreshMargin(token.expiresAt - (token.obtainedAt ?? token.expiresAt - 3_600_000));
}

/** Waits for `promise` but gives up (rejecting with the signal's reason) when `signal` fires. */
function withSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
