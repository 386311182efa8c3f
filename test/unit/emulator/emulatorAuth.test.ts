import * as assert from 'node:assert/strict';
import { TokenAuthority } from '../../../src/emulator/auth';
import { HttpError } from '../../../src/emulator/httpErrors';
import { FakeClock } from '../api/fakeClock';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS } from './emulatorFixtures';

async function token(
  client: EmulatorTestClient,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${client.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: res.status, json: await res.json() };
}

describe('emulator auth', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({
      sample: false,
      models: [FIXTURE_MODELS],
      clients: [{ id: 'ci', secret: 'ci-secret' }],
    });
  });
  after(() => client.close());

  it('issues a Bearer token for the well-known dev client (form body)', async () => {
    const res = await token(client, 'grant_type=client_credentials&client_id=local-dev&client_secret=local-dev-secret');
    assert.equal(res.status, 200);
    assert.equal(res.json.token_type, 'Bearer');
    assert.equal(res.json.expires_in, 3599);
    assert.equal(typeof res.json.access_token, 'string');
  });

  it('issues tokens to extra clients, with ext_expires_in and no-store', async () => {
    const res = await fetch(`${client.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'ci', client_secret: 'ci-secret' }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    assert.equal(res.status, 200);
    assert.equal(json.ext_expires_in, json.expires_in);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal((await client.call('GET', '/models', undefined, { token: json.access_token as string })).status, 200);
  });

  it('refuses a JSON body as Entra does: 400 invalid_request (it reads no parameters)', async () => {
    const res = await token(
      client,
      JSON.stringify({ grant_type: 'client_credentials', client_id: 'ci', client_secret: 'ci-secret' }),
      'application/json',
    );
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'invalid_request');
    assert.match(res.json.error_description, /^AADSTS900144: .*'grant_type'/);
    assert.equal((await token(client, '{broken', 'application/json')).status, 400);
  });

  it('400 invalid_request for a missing parameter, unsupported_grant_type for another grant, 401 without a secret', async () => {
    const noGrant = await token(client, 'client_id=local-dev&client_secret=local-dev-secret');
    assert.equal(noGrant.status, 400);
    assert.equal(noGrant.json.error, 'invalid_request');
    const noSecret = await token(client, 'grant_type=client_credentials&client_id=local-dev');
    assert.equal(noSecret.status, 401);
    assert.equal(noSecret.json.error, 'invalid_client');
    assert.match(noSecret.json.error_description, /client_secret/);
    const grant = await token(client, 'grant_type=password&client_id=local-dev&client_secret=local-dev-secret');
    assert.equal(grant.status, 400);
    assert.equal(grant.json.error, 'unsupported_grant_type');
  });

  it('401 invalid_client for a wrong secret, 400 unauthorized_client for an unknown client, Entra-shaped', async () => {
    const wrong = await token(client, 'grant_type=client_credentials&client_id=local-dev&client_secret=nope');
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error, 'invalid_client');
    assert.deepEqual(wrong.json.error_codes, [7000215]);
    const unknown = await token(
      client,
      'grant_type=client_credentials&client_id=stranger&client_secret=local-dev-secret',
    );
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.error, 'unauthorized_client');
    assert.deepEqual(unknown.json.error_codes, [700016]);
    for (const body of [wrong.json, unknown.json]) {
      assert.match(body.trace_id, /^[0-9a-f-]{36}$/);
      assert.match(body.correlation_id, /^[0-9a-f-]{36}$/);
      assert.ok(body.error_description.includes(`Trace ID: ${body.trace_id}`));
      assert.equal(typeof body.timestamp, 'string');
    }
    assert.doesNotMatch(JSON.stringify(wrong.json), /nope|local-dev-secret/);
  });

  it('401 for a missing, malformed, forged or foreign token', async () => {
    const missing = await client.call('GET', '/models', undefined, { token: null });
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer');
    assert.equal(missing.text, '', 'a 401 has no body, as JwtBearer sends it');
    const forgedHeader = await client.call('GET', '/models', undefined, { token: 'not.a.token.at.all' });
    assert.match(
      forgedHeader.headers.get('www-authenticate') ?? '',
      /^Bearer error="invalid_token", error_description="The access token is malformed\."$/,
    );
    assert.equal(
      (await client.call('GET', '/models', undefined, { token: null, headers: { authorization: 'Basic abc' } })).status,
      401,
    );
    assert.equal((await client.call('GET', '/models', undefined, { token: 'not.a.token.at.all' })).status, 401);
    const real = await client.accessToken();
    const [payload, signature] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'ci' })).toString('base64url');
    assert.equal(
      (await client.call('GET', '/models', undefined, { token: `${forgedPayload}.${signature}` })).status,
      401,
    );
    const other = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    try {
      const foreign = await other.accessToken();
      assert.equal((await client.call('GET', '/models', undefined, { token: foreign })).status, 401);
    } finally {
      await other.close();
    }
  });

  it('a token checked once stays valid until it expires, also past the checked-token cache size', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const authority = new TokenAuthority([{ id: 'a', secret: 'a-secret' }], 60, undefined, { now: () => now });
    const tokens = Array.from({ length: 1005 }, () => authority.issue('a', now));
    for (const t of tokens) assert.equal(authority.authenticate(`Bearer ${t}`, now), 'a');
    for (const t of [tokens[0], tokens[1004]]) {
      assert.equal(authority.authenticate(`Bearer ${t}`, now + 59_000), 'a');
      assert.throws(
        () => authority.authenticate(`Bearer ${t}`, now + 61_000),
        (e: unknown) => e instanceof HttpError && e.status === 401 && /expired/.test(e.detail),
      );
    }
    const [payload, signature] = tokens[0].split('.');
    assert.throws(
      () =>
        authority.authenticate(
          `Bearer ${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
          now,
        ),
      (e: unknown) => e instanceof HttpError && /signature/.test(e.detail),
    );
  });

  it('401 for an expired token (--token-lifetime)', async () => {
    const clock = new FakeClock();
    const short = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], tokenLifetime: 1, clock });
    try {
      const t = await short.accessToken();
      assert.equal((await short.call('GET', '/models', undefined, { token: t })).status, 200);
      await clock.advance(2100);
      const expired = await short.call('GET', '/models', undefined, { token: t });
      assert.equal(expired.status, 401);
      assert.match(expired.headers.get('www-authenticate') ?? '', /error="invalid_token".*expired/);
    } finally {
      await short.close();
    }
  });
});
