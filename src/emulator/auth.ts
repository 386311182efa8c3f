import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCAL_DEV_CLIENT_ID, LOCAL_DEV_CLIENT_SECRET } from '../core/api/localEmulator';
import type { TokenResponse } from '../core/api/types';
import { unauthorized } from './httpErrors';
import { isObject } from './requestFields';
import type { Reply } from './router';
import type { Clock } from '../core/api/clock';

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

  constructor(
    clients: Array<{ id: string; secret: string }>,
    private readonly lifetimeSeconds: number,
    dataDir: string | undefined,
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.key = dataDir ? persistentKey(dataDir) : randomBytes(32);
    this.secrets = new Map(clients.map((c) => [c.id, digest(c.secret)]));
  }

  /**
   * The OAuth2 token endpoint as Entra ID answers it: a form body only (JSON reads as missing parameters),
   * 400 `unauthorized_client` for an unknown client, 401 `invalid_client` for a wrong or missing secret.
   */
  tokenEndpoint(rawBody: Buffer, contentType: string): Reply {
    const fields = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)
      ? Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')))
      : {};
    const now = this.clock.now();
    const refuse = (status: number, error: string, code: number, text: string): Reply =>
      entraError(status, error, code, text, now);
    const missing = (name: string): Reply =>
      refuse(400, 'invalid_request', 900144, `The request body must contain the following parameter: '${name}'.`);
    const grantType = fields.grant_type;
    if (!grantType) return missing('grant_type');
    if (grantType !== 'client_credentials')
      return refuse(
        400,
        'unsupported_grant_type',
        70003,
        `The app requested an unsupported grant type '${grantType}'; use 'client_credentials'.`,
      );
    if (!fields.client_id) return missing('client_id');
    if (!fields.client_secret)
      return refuse(
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    const check = this.checkSecret(fields.client_id, fields.client_secret);
    if (check === 'unknown') {
      return refuse(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${fields.client_id}' was not found in the directory. Check the client id, or whether you are signing in to the right instance.`,
      );
    }
    if (check === 'wrong')
      return refuse(
        401,
        'invalid_client',
        7000215,
        'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
      );
    const body: TokenResponse = {
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      ext_expires_in: this.lifetimeSeconds,
      access_token: this.issue(fields.client_id, now),
    };
    return { body, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
  }

  issue(clientId: string, now = this.clock.now()): string {
    const iat = Math.floor(now / 1000);
    // Rounded up, so a token advertised for N seconds is valid for at least N seconds.
    const exp = Math.ceil(now / 1000) + this.lifetimeSeconds;
    const payload = Buffer.from(
      JSON.stringify({ sub: clientId, iat, exp, jti: randomBytes(8).toString('hex') }),
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The client id of a valid `Authorization: Bearer` header; throws 401 otherwise. */
  authenticate(authorization: string | undefined, now = this.clock.now()): string {
    if (!authorization)
      throw unauthorized(
        'Missing Authorization header; send "Authorization: Bearer <access_token>" from POST /oauth2/token.',
        false,
      );
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
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw unauthorized('The access token signature is invalid.');
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw unauthorized('The access token is malformed.');
    }
    if (!isObject(claims) || typeof claims.sub !== 'string' || typeof claims.exp !== 'number')
      throw unauthorized('The access token is malformed.');
    if (claims.exp * 1000 <= now) throw unauthorized(EXPIRED);
    if (!this.secrets.has(claims.sub)) throw unauthorized('The access token names an unknown client.');
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
    this.verified.set(token, { sub: claims.sub, exp: claims.exp });
    return claims.sub;
  }

  private checkSecret(clientId: string, secret: string): 'ok' | 'unknown' | 'wrong' {
    const known = this.secrets.get(clientId);
    // Compare digests so lengths match and timing does not depend on where the strings differ.
    const candidate = digest(secret);
    const same = timingSafeEqual(known ?? digest(`\u0000unknown:${secret}`), candidate);
    return known === undefined ? 'unknown' : same ? 'ok' : 'wrong';
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

/** An Entra ID (AAD v2) error body: the code, a description ending in trace and correlation ids, and those ids. */
function entraError(status: number, error: string, code: number, text: string, now: number): Reply {
  const trace = randomUUID();
  const correlation = randomUUID();
  const timestamp = new Date(now)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${text}\r\nTrace ID: ${trace}\r\nCorrelation ID: ${correlation}\r\nTimestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: trace,
      correlation_id: correlation,
      error_uri: `https://login.microsoftonline.com/error?code=${code}`,
    },
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  };
}
