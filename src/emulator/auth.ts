import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../core/api/localEmulator';
import type { TokenResponse } from '../core/api/types';
import { HttpError, unauthorized } from './httpErrors';
import { isObject } from './requestFields';
import type { Reply } from './router';

export const LOCAL_DEV_CLIENT = { id: LOCAL_DEV_CLIENT_ID, secret: LOCAL_DEV_CLIENT_SECRET } as const;
export const DEFAULT_TOKEN_LIFETIME = 3599;
const MAX_VERIFIED_TOKENS = 1000;
const EXPIRED = 'The access token has expired; request a new one.';

/**
 * Issues and checks access tokens: `base64url(JSON {sub, iat, exp, jti}) . base64url(HMAC-SHA256)`.
 * The key is random per process, or kept in `<data>/token-key` so tokens survive a restart.
 */
export class TokenAuthority {
  private readonly key: Buffer;
  private readonly secrets: Map<string, Buffer>;
  /** Tokens whose signature and claims were checked once: later requests only check the expiry. */
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(clients: Array<{ id: string; secret: string }>, private readonly lifetimeSeconds: number, dataDir?: string) {
    this.key = dataDir ? persistentKey(dataDir) : randomBytes(32);
    this.secrets = new Map(clients.map((c) => [c.id, digest(c.secret)]));
  }

  /** The OAuth2 token endpoint (form-encoded or JSON body). */
  tokenEndpoint(rawBody: Buffer, contentType: string): Reply {
    const fields = parseTokenBody(rawBody, contentType);
    const grantType = fields.grant_type;
    if (!grantType) return oauthError(400, 'invalid_request', "The request is missing the required parameter 'grant_type'.");
    if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', `grant_type '${grantType}' is not supported; use 'client_credentials'.`);
    if (!fields.client_id) return oauthError(400, 'invalid_request', "The request is missing the required parameter 'client_id'.");
    if (!fields.client_secret) return oauthError(400, 'invalid_request', "The request is missing the required parameter 'client_secret'.");
    if (!this.checkSecret(fields.client_id, fields.client_secret)) return oauthError(401, 'invalid_client', 'Client authentication failed: unknown client id or wrong secret.');
    const body: TokenResponse = {
      access_token: this.issue(fields.client_id),
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      ext_expires_in: this.lifetimeSeconds,
    };
    return { body, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
  }

  issue(clientId: string, now = Date.now()): string {
    const iat = Math.floor(now / 1000);
    const payload = Buffer.from(JSON.stringify({ sub: clientId, iat, exp: iat + this.lifetimeSeconds, jti: randomBytes(8).toString('hex') })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The client id of a valid `Authorization: Bearer` header; throws 401 otherwise. */
  authenticate(authorization: string | undefined, now = Date.now()): string {
    if (!authorization) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <access_token>" from POST /oauth2/token.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <access_token>".');
    const token = match[1];
    const verified = this.verified.get(token);
    if (verified) {
      if (verified.exp * 1000 <= now) throw unauthorized(EXPIRED);
      return verified.sub;
    }
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length) throw unauthorized('The access token is malformed.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthorized('The access token signature is invalid.');
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw unauthorized('The access token is malformed.');
    }
    if (!isObject(claims) || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') throw unauthorized('The access token is malformed.');
    if (claims.exp * 1000 <= now) throw unauthorized(EXPIRED);
    if (!this.secrets.has(claims.sub)) throw unauthorized('The access token names an unknown client.');
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
    this.verified.set(token, { sub: claims.sub, exp: claims.exp });
    return claims.sub;
  }

  private checkSecret(clientId: string, secret: string): boolean {
    const known = this.secrets.get(clientId);
    // Compare digests so lengths match and timing does not depend on where the strings differ.
    const candidate = digest(secret);
    return timingSafeEqual(known ?? digest(`\u0000unknown:${secret}`), candidate) && known !== undefined;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

function persistentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'token-key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

function parseTokenBody(rawBody: Buffer, contentType: string): Record<string, string> {
  const text = rawBody.toString('utf8');
  if (/json/i.test(contentType) || text.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The token request body is not valid JSON.', undefined, { body: { error: 'invalid_request', error_description: 'The token request body is not valid JSON.' } });
    }
    if (!isObject(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function oauthError(status: number, error: string, description: string): Reply {
  return { status, body: { error, error_description: description }, headers: { 'Cache-Control': 'no-store' } };
}
