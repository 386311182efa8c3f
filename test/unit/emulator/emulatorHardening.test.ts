import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenAuthority } from '../../../src/emulator/auth';
import { exceedsJsonDepth } from '../../../src/core/untrusted/jsonDepth';
import { foreignRequestReason, isLoopbackHost } from '../../../src/emulator/requestOrigin';
import { Router } from '../../../src/emulator/router';
import { createEmulatorServer } from '../../../src/emulator/server';
import { Store } from '../../../src/emulator/store/store';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, M } from './emulatorFixtures';

/** A raw request with any Host/Origin (fetch forbids setting Host). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; holdBody?: boolean },
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    if (!options.holdBody) req.end();
  });
}

function nested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

describe('emulator hardening (trust boundaries)', function () {
  this.timeout(30_000);
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], bodyLimit: 256 * 1024 });
  });
  after(() => client.close());

  it('refuses JSON nested deeper than 64 levels with 400 and keeps serving the twins', async () => {
    // 20,000 levels, written as text: JSON.stringify itself would overflow the stack on such a value.
    const deep = `${'{"inner":'.repeat(20_000)}{}${'}'.repeat(20_000)}`;
    const text = `{"id":"DEEP-1","modelId":${JSON.stringify(M.room)},"contents":{"name":"deep"},"$metadata":${deep}}`;
    const res = await client.call('PUT', '/twins', text, { headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 400, res.text.slice(0, 200));
    assert.match(res.json.errors.$[0], /depth of 64/);
    assert.equal((await client.call('GET', '/twins/DEEP-1')).status, 404, 'nothing was stored');
    assert.equal((await client.call('POST', '/twins', {})).status, 200, 'the twin list still answers');
    assert.equal(
      (
        await client.call('POST', '/time-series', [
          {
            connectorId: 'c',
            dtId: 'x',
            sourceTimestamp: '2026-01-01T00:00:00Z',
            scalarValue: 1,
            properties: nested(100),
          },
        ])
      ).status,
      400,
    );
  });

  it('counts depth without recursion', () => {
    assert.equal(exceedsJsonDepth(nested(63)), false); // 63 wrappers + the leaf object = 64 levels
    assert.equal(exceedsJsonDepth(nested(64)), true);
    assert.equal(exceedsJsonDepth(nested(100_000)), true);
    assert.equal(exceedsJsonDepth([1, 'a', null]), false);
  });

  it('never applies a write whose reply cannot be produced', async () => {
    const store = Store.open();
    const things = store.collection<{ n: number }>('things');
    const router = new Router();
    router.add('PUT', '/things', () => {
      things.put('a', { n: 1 });
      return { body: { written: BigInt(1) } }; // JSON.stringify throws on a BigInt
    });
    const clock = { now: () => Date.parse('2026-11-26T10:00:00Z') };
    const auth = new TokenAuthority([{ id: 'c', secret: 's' }], 60, undefined, clock);
    const { server } = createEmulatorServer({ router, store, auth, clock });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/things`;
      const res = await fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${auth.issue('c')}` } });
      assert.equal(res.status, 500);
      assert.equal(things.has('a'), false, 'the write was rolled back');
    } finally {
      server.close();
      store.close();
    }
  });

  it('answers only loopback Host names, IP literals and its own host; refuses foreign Origins (DNS rebinding)', async () => {
    const port = new URL(client.url).port;
    const token = await client.accessToken();
    const auth = { authorization: `Bearer ${token}` };
    assert.equal(
      (await rawRequest(`${client.url}/models`, { headers: { ...auth, host: `localhost:${port}` } })).status,
      200,
    );
    assert.equal(
      (await rawRequest(`${client.url}/models`, { headers: { ...auth, host: `127.0.0.1:${port}` } })).status,
      200,
    );
    const rebound = await rawRequest(`${client.url}/models`, {
      headers: { ...auth, host: `attacker.example:${port}` },
    });
    assert.equal(rebound.status, 403);
    assert.equal(
      (await rawRequest(`${client.root}/_emulator/requests`, { headers: { host: `attacker.example:${port}` } })).status,
      403,
      'admin routes too',
    );
    assert.equal(
      (await rawRequest(`${client.url}/models`, { headers: { ...auth, origin: 'https://evil.example' } })).status,
      403,
    );
    assert.equal((await rawRequest(`${client.url}/models`, { headers: { ...auth, origin: 'null' } })).status, 403);
    assert.equal(
      (await rawRequest(`${client.url}/models`, { headers: { ...auth, origin: `http://localhost:${port}` } })).status,
      200,
    );
  });

  it('knows loopback host names', () => {
    for (const name of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'app.localhost'])
      assert.equal(isLoopbackHost(name), true, name);
    for (const name of ['example.com', '10.0.0.1', 'localhost.example.com', '::2'])
      assert.equal(isLoopbackHost(name), false, name);
    assert.equal(
      foreignRequestReason('twins.corp:8470', undefined, 'twins.corp'),
      undefined,
      'the configured host is answered',
    );
    assert.equal(
      foreignRequestReason('192.168.1.20:8470', undefined, '0.0.0.0'),
      undefined,
      'an IP literal cannot be rebound',
    );
    assert.match(foreignRequestReason(undefined, undefined, '127.0.0.1') ?? '', /Host header/);
  });

  it('answers 401 to an anonymous request before reading its body', async () => {
    // The body is announced but never sent: only a server that authenticates first can answer.
    const res = await rawRequest(`${client.url}/twins`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': String(200 * 1024) },
      body: '{',
      holdBody: true,
    });
    assert.equal(res.status, 401);
  });

  it('reads and discards an oversized body so the client gets the 413, not a reset', async () => {
    const big = JSON.stringify({ id: 'BIG', modelId: M.room, contents: { name: 'x'.repeat(600 * 1024) } });
    const res = await client.call('PUT', '/twins', big, { headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 413);
    assert.equal((await client.call('GET', '/twins/BIG')).status, 404);
  });

  it('keeps a token valid for the whole lifetime it advertises', () => {
    const issuedAt = 1_700_000_000_999; // 999 ms into a second: rounding down would lose almost a second
    const authority = new TokenAuthority([{ id: 'a', secret: 'a-secret' }], 60, undefined, { now: () => issuedAt });
    const token = authority.issue('a', issuedAt);
    assert.equal(authority.authenticate(`Bearer ${token}`, issuedAt + 59_999), 'a');
  });

  it('answers 4xx, never 500, for ids named like Object.prototype members and patches through __proto__', async () => {
    await client.call('PUT', '/twins', { id: 'P-1', modelId: M.room, contents: { name: 'p' } });
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const [method, path] of [
        ['GET', `/tickets/${id}`],
        ['PATCH', `/tickets/${id}`],
        ['GET', `/events/${id}`],
        ['GET', `/twins/${id}`],
        ['GET', `/tickets/${id}/attachments/x`],
      ] as const) {
        const res = await client.call(
          method,
          path,
          method === 'PATCH' ? [{ op: 'replace', path: '/summary', value: 'x' }] : undefined,
        );
        assert.ok(res.status >= 400 && res.status < 500, `${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    for (const path of ['/__proto__/polluted', '/constructor/prototype/polluted', '/name/__proto__']) {
      const res = await client.call('PATCH', '/twins/P-1', [{ op: 'add', path, value: 1 }]);
      assert.equal(res.status, 400, `${path}: ${res.text.slice(0, 120)}`);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('refuses a body whose Content-Type is not JSON (415) instead of ignoring it', async () => {
    const text = await client.call('POST', '/twins', '{"pageSize": 1}', { headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 415);
    const form = await client.call('POST', '/twins/count', 'a=1', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 415);
    assert.equal(
      (
        await client.call('POST', '/twins', '{"pageSize": 1}', {
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).status,
      200,
    );
    assert.equal(
      (
        await client.call('PATCH', '/twins/P-1', '[{"op":"replace","path":"/name","value":"q"}]', {
          headers: { 'content-type': 'application/json-patch+json' },
        })
      ).status,
      200,
    );
  });

  it('answers HEAD on GET routes with the headers and no body', async () => {
    const res = await client.call('HEAD', '/models');
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.ok(Number(res.headers.get('content-length')) > 0);
  });
});

describe('emulator on a non-loopback host', () => {
  it('refuses to serve the well-known development client there unless asked to', async () => {
    await assert.rejects(
      EmulatorTestClient.start({ host: '0.0.0.0', sample: false, models: [FIXTURE_MODELS] }),
      /not a loopback address.*--allow-dev-client/,
    );
    const own = await EmulatorTestClient.start({
      host: '0.0.0.0',
      sample: false,
      models: [FIXTURE_MODELS],
      clients: [{ id: 'team', secret: 'team-secret' }],
    });
    try {
      const res = await fetch(`http://127.0.0.1:${own.emulator.port}/api/v3/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'local-dev',
          client_secret: 'local-dev-secret',
        }),
      });
      assert.equal(res.status, 400, 'local-dev is an unknown client here');
      assert.equal(typeof (await own.accessToken('team', 'team-secret')), 'string');
    } finally {
      await own.close();
    }
  });
});
