import * as assert from 'node:assert/strict';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, M } from './emulatorFixtures';

describe('emulator HTTP front', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], bodyLimit: 4096 });
  });
  after(() => client.close());

  it('404 ProblemDetails for unknown routes, inside and outside /api/v3', async () => {
    const res = await client.call('GET', '/nothing-here');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /json/);
    assert.deepEqual(Object.keys(res.json).sort(), ['detail', 'instance', 'status', 'title', 'type']);
    const outside = await fetch(`${client.root}/elsewhere`);
    assert.equal(outside.status, 404);
  });

  it('405 with an Allow header for a wrong method on a known path', async () => {
    const res = await client.call('DELETE', '/models');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET');
    assert.equal(res.json.statusCode, 405);
  });

  it('400 for malformed JSON, naming the problem', async () => {
    const res = await client.call('PUT', '/twins', '{"id": "x",', { headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 400);
    assert.match(res.json.errors.$[0], /not valid JSON/);
    assert.equal(res.json.title, 'One or more validation errors occurred.');
    assert.match(res.json.traceId, /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  });

  it('accepts a JSON body that starts with a UTF-8 byte order mark', async () => {
    const res = await client.call('POST', '/twins/ids', `\uFEFF${JSON.stringify(['nobody'])}`, {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
  });

  it('400 for JSON of the wrong type', async () => {
    assert.equal(
      (await client.call('POST', '/twins', '"a string"', { headers: { 'content-type': 'application/json' } })).status,
      400,
    );
    assert.equal((await client.call('POST', '/twins/ids', [1, 2])).status, 400);
  });

  it('413 for a body over the limit, and nothing is stored', async () => {
    const res = await client.call('PUT', '/twins', {
      id: 'BIG',
      modelId: M.room,
      contents: { name: 'x'.repeat(5000) },
    });
    assert.equal(res.status, 413);
    assert.equal((await client.call('GET', '/twins/BIG')).status, 404);
  });

  it('answers with camelCase JSON and application/json', async () => {
    await client.call('PUT', '/twins', { ID: 'C1', MODELID: M.room, CONTENTS: {} });
    const res = await client.call('GET', '/twins/C1');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(res.json).sort(), ['contents', 'id', 'lastUpdateTime', 'modelId']);
  });

  it('keeps a request log without tokens: GET /_emulator/requests, cleared by DELETE', async () => {
    await client.admin('DELETE', '/_emulator/requests');
    await client.call('GET', '/twins/C1');
    await client.call('POST', '/time-series/ids?start=2024-01-01T00:00:00Z&secret=hush', []);
    const log = (await (await client.admin('GET', '/_emulator/requests')).json()) as Array<{
      method: string;
      path: string;
      status: number;
      durationMs: number;
      time: string;
    }>;
    assert.deepEqual(
      log.map((e) => `${e.method} ${e.path} ${e.status}`),
      [
        'GET /api/v3/twins/C1 200',
        'POST /api/v3/time-series/ids?start=2024-01-01T00%3A00%3A00Z&secret=*** 400', // end and pageSize are required
      ],
    );
    assert.ok(log.every((e) => typeof e.durationMs === 'number' && !Number.isNaN(Date.parse(e.time))));
    assert.ok(!JSON.stringify(log).includes(await client.accessToken()));
    await client.admin('DELETE', '/_emulator/requests');
    assert.deepEqual(await (await client.admin('GET', '/_emulator/requests')).json(), []);
  });

  it('refuses the admin routes without the admin token or an API token (401), also for writes', async () => {
    for (const [method, path] of [
      ['GET', '/_emulator/requests'],
      ['DELETE', '/_emulator/requests'],
      ['PUT', '/_emulator/insights'],
    ]) {
      const anonymous = await fetch(`${client.root}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'PUT' ? '[]' : undefined,
      });
      assert.equal(anonymous.status, 401, `${method} ${path}`);
      const forged = await fetch(`${client.root}${path}`, {
        method,
        headers: { authorization: 'Bearer not-the-admin-token' },
      });
      assert.equal(forged.status, 401, `${method} ${path} with a wrong token`);
    }
    const withApiToken = await fetch(`${client.root}/_emulator/requests`, {
      headers: { authorization: `Bearer ${await client.accessToken()}` },
    });
    assert.equal(withApiToken.status, 200, 'an API access token also opens the admin routes');
  });

  it('leaves admin calls out of the request log (clear, act, read shows only the act)', async () => {
    await client.admin('DELETE', '/_emulator/requests');
    assert.deepEqual(await (await client.admin('GET', '/_emulator/requests')).json(), []);
  });
});

describe('emulator rate limit (--rate-limit)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({
      sample: false,
      models: [FIXTURE_MODELS],
      rateLimit: { count: 3, seconds: 3600 },
      clients: [{ id: 'other', secret: 'other-secret' }],
    });
  });
  after(() => client.close());

  it('answers the 4th /twins request in a window with 429 plain text, per client and per group', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await client.call('POST', '/twins/count', {})).status, 200);
    const limited = await client.call('GET', '/twins/anything');
    assert.equal(limited.status, 429);
    assert.match(limited.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(
      limited.text,
      'Rate limit exceeded for twins endpoint. Consider using bulk twin queries to reduce API calls.',
    );
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    // Another group and an unlimited route still work for this client (served: 404, none of no ids exists).
    assert.equal((await client.call('POST', '/time-series/ids/latest', [])).status, 404);
    assert.equal((await client.call('GET', '/models')).status, 200);
    // Another client has its own window.
    const other = await client.accessToken('other', 'other-secret');
    assert.equal((await client.call('POST', '/twins/count', {}, { token: other })).status, 200);
  });

  it('uses the time-series message for /time-series*', async () => {
    for (let i = 0; i < 2; i++)
      assert.equal((await client.call('POST', '/time-series/ids/latest', [])).status, 404, 'served, not limited');
    const limited = await client.call('POST', '/time-series/ids/latest', []);
    assert.equal(limited.status, 429);
    assert.equal(
      limited.text,
      'Rate limit exceeded for time-series endpoint. Consider using bulk queries to reduce API calls.',
    );
  });
});

describe('emulator faults (--faults)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], faults: 0.5 });
  });
  after(() => client.close());

  it('answers 500, 503 or drops the connection, and a faulted write is never applied', async () => {
    const outcomes = { ok: 0, '500': 0, '503': 0, dropped: 0 };
    const twins = client.emulator.store.collection('twins');
    let token: string | undefined;
    while (!token) token = await client.accessToken().catch(() => undefined);
    for (let i = 0; i < 120; i++) {
      const id = `F${i}`;
      let status: number;
      try {
        status = (await client.call('PUT', '/twins', { id, modelId: M.room, contents: {} }, { token })).status;
      } catch {
        status = 0;
      }
      if (status === 200) {
        outcomes.ok++;
        assert.ok(twins.has(id), `${id} acknowledged but not stored`);
      } else {
        assert.ok([0, 500, 503].includes(status), `unexpected status ${status}`);
        if (status === 0) outcomes.dropped++;
        else outcomes[String(status) as '500' | '503']++;
        assert.ok(!twins.has(id), `${id} failed with ${status || 'a dropped connection'} but was stored`);
      }
    }
    assert.ok(
      outcomes.ok > 20 && outcomes['500'] > 0 && outcomes['503'] > 0 && outcomes.dropped > 0,
      JSON.stringify(outcomes),
    );
  });
});

describe('emulator latency (--latency)', () => {
  it('delays every request by at least the given milliseconds', async () => {
    const client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], latency: 80 });
    try {
      const token = await client.accessToken();
      const started = performance.now();
      await client.call('GET', '/models', undefined, { token });
      assert.ok(performance.now() - started >= 75);
    } finally {
      await client.close();
    }
  });
});
