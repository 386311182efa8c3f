import * as assert from 'node:assert/strict';
import { TokenAuthority } from '../../../src/emulator/auth';
import { HttpError } from '../../../src/emulator/httpErrors';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS } from './emulatorFixtures';

async function token(client: EmulatorTestClient, body: string, contentType = 'application/x-www-form-urlencoded'): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${client.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, json: await res.json() };
}

describe('emulator auth', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], clients: [{ id: 'ci', secret: 'ci-secret' }] });
  });
  after(() => client.close());

  it('issues a Bearer token for the well-known dev client (form body)', async () => {
    const res = await token(client, 'grant_type=client_credentials&client_id=local-dev&client_secret=local-dev-secret');
    assert.equal(res.status, 200);
    assert.equal(res.json.token_type, 'Bearer');
    assert.equal(res.json.expires_in, 3599);
    assert.equal(typeof res.json.access_token, 'string');
  });

  it('also accepts a JSON body and extra clients', async () => {
    const res = await token(client, JSON.stringify({ grant_type: 'client_credentials', client_id: 'ci', client_secret: 'ci-secret' }), 'application/json');
    assert.equal(res.status, 200);
    assert.equal((await client.call('GET', '/models', undefined, { token: res.json.access_token })).status, 200);
  });

  it('400 invalid_request for missing fields, unsupported_grant_type for another grant', async () => {
    assert.deepEqual((await token(client, 'client_id=local-dev&client_secret=local-dev-secret')).json.error, 'invalid_request');
    const noSecret = await token(client, 'grant_type=client_credentials&client_id=local-dev');
    assert.equal(noSecret.status, 400);
    assert.match(noSecret.json.error_description, /client_secret/);
    const grant = await token(client, 'grant_type=password&client_id=local-dev&client_secret=local-dev-secret');
    assert.equal(grant.status, 400);
    assert.equal(grant.json.error, 'unsupported_grant_type');
    assert.equal((await token(client, '{broken', 'application/json')).status, 400);
  });

  it('401 invalid_client for a wrong secret or an unknown client', async () => {
    const wrong = await token(client, 'grant_type=client_credentials&client_id=local-dev&client_secret=nope');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error, 'invalid_client');
    assert.equal((await token(client, 'grant_type=client_credentials&client_id=stranger&client_secret=local-dev-secret')).status, 401);
  });

  it('401 for a missing, malformed, forged or foreign token', async () => {
    const missing = await client.call('GET', '/models', undefined, { token: null });
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal(missing.json.status, 401);
    assert.equal((await client.call('GET', '/models', undefined, { token: null, headers: { authorization: 'Basic abc' } })).status, 401);
    assert.equal((await client.call('GET', '/models', undefined, { token: 'not.a.token.at.all' })).status, 401);
    const real = await client.accessToken();
    const [payload, signature] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'ci' })).toString('base64url');
    assert.equal((await client.call('GET', '/models', undefined, { token: `${forgedPayload}.${signature}` })).status, 401);
    const other = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    try {
      const foreign = await other.accessToken();
      assert.equal((await client.call('GET', '/models', undefined, { token: foreign })).status, 401);
    } finally {
      await other.close();
    }
  });

  it('a token checked once stays valid until it expires, also past the checked-token cache size', () => {
    const authority = new TokenAuthority([{ id: 'a', secret: 'a-secret' }], 60);
    const now = Date.now();
    const tokens = Array.from({ length: 1005 }, () => authority.issue('a', now));
    for (const t of tokens) assert.equal(authority.authenticate(`Bearer ${t}`, now), 'a');
    for (const t of [tokens[0], tokens[1004]]) {
      assert.equal(authority.authenticate(`Bearer ${t}`, now + 59_000), 'a');
      assert.throws(() => authority.authenticate(`Bearer ${t}`, now + 61_000), (e: unknown) => e instanceof HttpError && e.status === 401 && /expired/.test(e.detail));
    }
    const [payload, signature] = tokens[0].split('.');
    assert.throws(() => authority.authenticate(`Bearer ${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, now), (e: unknown) => e instanceof HttpError && /signature/.test(e.detail));
  });

  it('401 for an expired token (--token-lifetime)', async () => {
    const short = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], tokenLifetime: 1 });
    try {
      const t = await short.accessToken();
      assert.equal((await short.call('GET', '/models', undefined, { token: t })).status, 200);
      await new Promise((r) => setTimeout(r, 2100));
      const expired = await short.call('GET', '/models', undefined, { token: t });
      assert.equal(expired.status, 401);
      assert.match(expired.json.detail, /expired/);
    } finally {
      await short.close();
    }
  });
});
