import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import type { Store } from '../../../src/emulator/store/store';
import { EmulatorTestClient } from './emulatorTestClient';

/** Everything the store holds, hashed: collections item by item, plus the telemetry point count. */
function fingerprint(store: Store): string {
  const hash = createHash('sha256');
  for (const name of store.collectionNames().sort()) {
    const collection = store.collection<unknown>(name);
    hash.update(`${name}:${collection.size}`);
    for (const [key, value] of collection.entries()) hash.update(`${key}=${JSON.stringify(value)}`);
  }
  hash.update(`points:${store.timeSeries.pointCount}`);
  return hash.digest('hex');
}

/** Bodies no route may take: malformed, wrong types, deep, unicode edges, prototype keys, absurd page sizes. */
const BAD_BODIES: Array<{ name: string; text: string; contentType?: string }> = [
  { name: 'malformed JSON', text: '{"pageSize": 1,' },
  { name: 'a bare string', text: '"twins"' },
  { name: 'a number', text: '42' },
  { name: 'null', text: 'null' },
  { name: 'an array of nulls', text: '[null, null]' },
  { name: 'nested 100 deep', text: `${'['.repeat(100)}${']'.repeat(100)}` },
  {
    name: 'lone surrogates and NUL',
    text: '{"id":"\\ud800","name":"\\u0000","summary":"\\udfff","sourceId":"\\u0000"}',
  },
  {
    name: 'prototype keys',
    text: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"id":"__proto__","modelId":"constructor"}',
  },
  { name: 'absurd page sizes', text: '{"page":-5,"pageSize":1e9,"continuationToken":"../../x"}' },
  { name: 'valid JSON as text/plain', text: '{"pageSize":1}', contentType: 'text/plain' },
  { name: 'a form', text: 'pageSize=1', contentType: 'application/x-www-form-urlencoded' },
  { name: 'twin id ".."', text: '{"id":"..","modelId":"dtmi:com:buildingtwins:sample:Room;1","contents":{}}' },
  { name: 'twin id "."', text: '{"id":".","modelId":"dtmi:com:buildingtwins:sample:Room;1","contents":{}}' },
  {
    name: 'twin id with a lone high surrogate',
    text: '{"id":"room-\\ud800","modelId":"dtmi:com:buildingtwins:sample:Room;1","contents":{}}',
  },
  {
    name: 'twin id with a lone low surrogate',
    text: '{"$dtId":"\\udc00-room","modelId":"dtmi:com:buildingtwins:sample:Room;1","contents":{}}',
  },
];

/** Twin documents whose id could be stored but never read back: each is refused by PUT /twins. */
const UNREADABLE_IDS = ['..', '.', 'room-\ud800', '\udc00-room', 'a\udbff\udbffb'];

/** Path parameters no route may trip on. */
const BAD_IDS = [
  'a'.repeat(5000),
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%F0%9F%92%A1',
  'constructor',
  '__proto__',
  '%E0%A4%A',
  '%20',
];

function send(
  base: URL,
  method: string,
  path: string,
  token: string,
  body?: { text: string; contentType?: string },
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return sendRaw(base, method, `${base.pathname}${path}`.replace(/^\/+/, '/'), token, body);
}

/** A request to `path` below the server's root; without a token, no Authorization header. */
function sendRaw(
  base: URL,
  method: string,
  path: string,
  token: string | undefined,
  body?: { text: string; contentType?: string },
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const payload = body ? Buffer.from(body.text) : undefined;
    const headers: Record<string, string | number> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    if (payload) {
      headers['content-type'] = body?.contentType ?? 'application/json';
      headers['content-length'] = payload.length;
    }
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A refusal says why: a JSON body with a message, or (bodiless, as the service sends some) the emulator's reason header. */
function explains(res: { status: number; text: string; headers: http.IncomingHttpHeaders }): boolean {
  if (res.status === 429) return res.text.length > 0;
  if (res.text === '')
    return typeof res.headers['x-emulator-detail'] === 'string' && res.headers['x-emulator-detail'].length > 0;
  try {
    const body = JSON.parse(res.text) as Record<string, unknown>;
    return [body.message, body.detail, body.title, body.error_description].some(
      (t) => typeof t === 'string' && t.length > 0,
    );
  } catch {
    return false;
  }
}

describe('emulator bad-input sweep: every route, every bad input', function () {
  this.timeout(180_000);
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({ scale: 300 });
  });
  after(() => client.close());

  it('answers 4xx with a reason, never 5xx, and a refused request changes nothing', async () => {
    const base = new URL(client.url);
    const token = await client.accessToken();
    const routes = client.emulator.routes;
    const counts = { tried: 0, ok: 0, refused: 0, serverErrors: 0 };
    const problems: string[] = [];
    for (const route of routes) {
      const ids = route.pattern.includes(':') ? BAD_IDS : [''];
      for (const id of ids) {
        const path = route.pattern.replace(/:[A-Za-z]+/g, id);
        const bodies = route.method === 'GET' ? [undefined] : [undefined, ...BAD_BODIES];
        for (const body of bodies) {
          const before = fingerprint(client.emulator.store);
          const res = await send(base, route.method, path, token, body);
          counts.tried++;
          const where = `${route.method} ${path.slice(0, 60)}${body ? ` with ${body.name}` : ''}`;
          if (res.status >= 500) {
            counts.serverErrors++;
            problems.push(`${where}: ${res.status} ${res.text.slice(0, 120)}`);
          } else if (res.status >= 400) {
            counts.refused++;
            if (!explains(res)) problems.push(`${where}: ${res.status} without a reason`);
            if (fingerprint(client.emulator.store) !== before)
              problems.push(`${where}: refused (${res.status}) but the store changed`);
          } else {
            counts.ok++;
          }
          if (({} as Record<string, unknown>).polluted !== undefined)
            problems.push(`${where}: Object.prototype was polluted`);
        }
      }
    }
    console.log(
      `      [sweep] ${routes.length} routes: ${counts.tried} requests, ${counts.ok} accepted, ${counts.refused} refused (4xx), ${counts.serverErrors} server errors (5xx)`,
    );
    assert.deepEqual(problems.slice(0, 20), []);
    assert.ok(counts.refused > counts.tried / 2, 'most bad inputs are refused');
  });

  it('refuses twin ids that could not be read back (".", "..", lone surrogates) with 400 naming the id, and stores nothing', async () => {
    const token = await client.accessToken();
    const modelId = (
      (await client.call('POST', '/twins', { pageSize: 1 })).json.content as Array<{ modelId: string }>
    )[0]!.modelId;
    for (const id of UNREADABLE_IDS) {
      const before = fingerprint(client.emulator.store);
      const res = await send(new URL(client.url), 'PUT', '/twins', token, {
        text: JSON.stringify({ id, modelId, contents: {} }),
      });
      assert.equal(res.status, 400, `${JSON.stringify(id)}: ${res.text}`);
      assert.match(res.text, /'id' (cannot be|holds a lone surrogate)/);
      assert.equal(fingerprint(client.emulator.store), before, `${JSON.stringify(id)}: the store is unchanged`);
    }
  });

  it('admin routes: no token, a forged one or a restricted client is refused with a reason and changes nothing; bad bodies too', async () => {
    const restricted = await EmulatorTestClient.start({
      sample: false,
      clients: [{ id: 'reader', secret: 'reader-secret', permissions: ['Twins.Read'] }],
    });
    try {
      const base = new URL(restricted.root);
      const tokens: Array<[string, string | undefined]> = [
        ['no token', undefined],
        ['a forged token', 'eyJzdWIiOiJsb2NhbC1kZXYifQ.forged'],
        ['a restricted client', await restricted.accessToken('reader', 'reader-secret')],
        ['the admin token', restricted.emulator.adminToken],
      ];
      const routes: Array<[string, string]> = [
        ['GET', '/_emulator/requests'],
        ['DELETE', '/_emulator/requests'],
        ['PUT', '/_emulator/insights'],
        ['POST', '/_emulator/requests'],
        ['GET', '/_emulator/nothing-here'],
      ];
      const counts = { tried: 0, ok: 0, refused: 0, serverErrors: 0 };
      const problems: string[] = [];
      const logOf = async () => JSON.stringify(await (await restricted.admin('GET', '/_emulator/requests')).json());
      await restricted.call('POST', '/twins/count', {});
      for (const [who, token] of tokens) {
        for (const [method, path] of routes) {
          for (const body of method === 'PUT' || method === 'POST' ? [undefined, ...BAD_BODIES] : [undefined]) {
            const before = fingerprint(restricted.emulator.store);
            const logBefore = await logOf();
            const res = await sendRaw(base, method, path, token, body);
            counts.tried++;
            const where = `${method} ${path} as ${who}${body ? ` with ${body.name}` : ''}`;
            if (res.status >= 500) {
              counts.serverErrors++;
              problems.push(`${where}: ${res.status}`);
            } else if (res.status >= 400) {
              counts.refused++;
              if (!explains(res)) problems.push(`${where}: ${res.status} without a reason`);
              if (fingerprint(restricted.emulator.store) !== before)
                problems.push(`${where}: refused but the store changed`);
              if ((await logOf()) !== logBefore) problems.push(`${where}: refused but the request log changed`);
            } else {
              counts.ok++;
              if (who !== 'the admin token') problems.push(`${where}: accepted (${res.status})`);
            }
          }
        }
      }
      console.log(
        `      [admin sweep] ${counts.tried} requests, ${counts.ok} accepted (admin token), ${counts.refused} refused (4xx), ${counts.serverErrors} server errors (5xx)`,
      );
      assert.deepEqual(problems.slice(0, 20), []);
    } finally {
      await restricted.close();
    }
  });

  it('refuses a 17 MiB body on the write routes with 413 and stays up', async () => {
    const huge = `{"pad":"${'x'.repeat(17 * 1024 * 1024)}"}`;
    const token = await client.accessToken();
    for (const [method, path] of [
      ['PUT', '/twins'],
      ['POST', '/time-series'],
      ['PUT', '/events'],
    ] as const) {
      const before = fingerprint(client.emulator.store);
      const res = await send(new URL(client.url), method, path, token, { text: huge });
      assert.equal(res.status, 413, `${method} ${path}`);
      assert.equal(fingerprint(client.emulator.store), before);
    }
    assert.equal((await client.call('POST', '/twins/count', {})).status, 200);
  });
});
