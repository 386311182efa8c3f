import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { SeededRandom } from '../../../src/emulator/sample/seededRandom';
import { EmulatorTestClient } from './emulatorTestClient';

const FIELDS = [
  'id',
  'Id',
  'dtId',
  'twinId',
  'modelId',
  'ModelId',
  'contents',
  'pageSize',
  'PageSize',
  'continuationToken',
  'modelFilter',
  'modelIds',
  'exactModelMatch',
  'relationshipFilter',
  'relationshipDirection',
  'relationshipNames',
  'relatedModelFilter',
  'locationFilter',
  'locationId',
  'dateFilter',
  'lastUpdatedAfter',
  'lastUpdatedBefore',
  'propertyFilter',
  'field',
  'operator',
  'value',
  'filters',
  'filterConditionOperator',
  'include',
  'outgoingRelationships',
  'incomingRelationships',
  'sourceId',
  'targetId',
  'name',
  'properties',
  'connectorId',
  'sourceTimestamp',
  'scalarValue',
  'externalId',
  'relationships',
  'alias',
  'direction',
  'relationship',
  'modelNames',
  'page',
  'sortSpecifications',
  'filterSpecifications',
  'sort',
  'isSortDescending',
  'summary',
  'description',
  'statusId',
  'priorityId',
  'op',
  'path',
  'from',
  'eventTypeId',
  'startTime',
  'endTime',
  'payload',
  'payloadVersion',
  'categoryId',
  'jobTypeId',
  'insightId',
  'scenarioId',
  'eventSourceId',
  'grant_type',
  'client_id',
  'client_secret',
  '__proto__',
  'constructor',
  '$metadata',
  'area',
  'capacity',
];
const STRINGS = [
  '',
  ' ',
  'x',
  'Outgoing',
  'Incoming',
  'And',
  'or',
  'eq',
  'contains',
  'exists',
  'replace',
  'add',
  'remove',
  'test',
  '/contents/name',
  '/id',
  '/',
  '~1',
  'dtmi:com:buildingtwins:sample:Room;1',
  'dtmi:com:buildingtwins:sample:Capability;1',
  'dtmi:bad',
  '2024-10-01T00:00:00Z',
  '2024-13-45',
  'null',
  '{}',
  '[]',
  '%',
  '%zz',
  '../..',
  'a'.repeat(3000),
  '\u0000',
  '\ud800',
  '💡',
  'createdDate',
  'name',
  'priority',
  'eyJhIjoiYiJ9',
  'NaN',
  '-1',
  '1e400',
];

/** Random JSON-ish values biased towards the fields and values the routes read. */
function randomValue(r: SeededRandom, depth: number, known: string[]): unknown {
  const pick = r.int(0, depth > 3 ? 5 : 9);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return [0, 1, -1, 1000, 1001, 10001, 2 ** 53, -(2 ** 31), 0.5, 1e300][r.int(0, 9)];
    case 3:
    case 4:
      return r.next() < 0.3 && known.length ? known[r.int(0, known.length - 1)] : STRINGS[r.int(0, STRINGS.length - 1)];
    case 5:
      return r.int(-100, 100000);
    case 6:
    case 7: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(0, 5); i > 0; i--) {
        // defineProperty so that `__proto__` becomes an own key, as JSON.parse makes it on the server.
        Object.defineProperty(o, FIELDS[r.int(0, FIELDS.length - 1)], {
          value: randomValue(r, depth + 1, known),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return o;
    }
    default:
      return Array.from({ length: r.int(0, 4) }, () => randomValue(r, depth + 1, known));
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}

/** Percent-encodes, passing lone surrogates through as raw invalid UTF-8 escapes. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

interface Outcome {
  status: number;
  method: string;
  path: string;
  body: string;
}

function send(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  body: Buffer | undefined,
  contentType: string | undefined,
  token: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
    if (contentType) headers['content-type'] = contentType;
    if (body) headers['content-length'] = body.length;
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path: `${base.pathname}${path}`, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('emulator fuzz: random methods, paths and bodies at every route', function () {
  this.timeout(120000);
  let client: EmulatorTestClient;
  before(async () => {
    client = await EmulatorTestClient.start({});
  });
  after(() => client.close());

  it('never answers 500 (faults off)', async () => {
    const r = new SeededRandom(20241001);
    const token = await client.accessToken();
    const twins = (await client.call('POST', '/twins', { pageSize: 50 })).json.content.map(
      (t: { id: string }) => t.id,
    ) as string[];
    const insights =
      (await client.call('POST', '/insights', { pageSize: 20 })).json.items?.map((i: { id: string }) => i.id) ?? [];
    const tickets = (await client.call('POST', '/tickets', { pageSize: 20 })).json.items ?? [];
    const known: string[] = [
      ...twins,
      ...insights,
      ...tickets.map((t: { id: string }) => t.id),
      ...tickets.flatMap((t: { attachments?: Array<{ id: string }> }) => (t.attachments ?? []).map((a) => a.id)),
    ];
    const routes = client.emulator.routes;
    assert.ok(routes.length >= 30, `${routes.length} routes`);
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    const queryNames = [
      'pageSize',
      'continuationToken',
      'start',
      'end',
      'includeRelationships',
      'includeDataQuality',
      'rootModel',
      'includeModelDefinitions',
      'addFloor',
    ];
    const base = new URL(client.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const failures: Outcome[] = [];
    const counts = new Map<number, number>();
    const total = 3000;
    let next = 0;

    const one = async (): Promise<void> => {
      const route = routes[r.int(0, routes.length - 1)];
      const method = r.next() < 0.8 ? route.method : methods[r.int(0, methods.length - 1)];
      let path = route.pattern.replace(/:[A-Za-z]+/g, () => {
        const roll = r.next();
        if (roll < 0.5 && known.length) return enc(known[r.int(0, known.length - 1)]);
        if (roll < 0.8) return enc(text(randomValue(r, 3, known)));
        return ['%', '%zz', '..', '%00', 'a%2Fb', '%E0%A4%A'][r.int(0, 5)];
      });
      if (r.next() < 0.05) path = `/${['twinz', 'models/x/y', 'time-series', 'tickets/x/y/z', ''][r.int(0, 4)]}`;
      if (r.next() < 0.4) {
        const params = Array.from(
          { length: r.int(1, 3) },
          () => `${queryNames[r.int(0, queryNames.length - 1)]}=${enc(text(randomValue(r, 3, known)))}`,
        );
        path += `?${params.join('&')}`;
      }
      let body: Buffer | undefined;
      let contentType: string | undefined;
      const kind = method === 'GET' || method === 'HEAD' ? r.int(0, 9) : r.int(0, 5);
      if (kind <= 2) {
        body = Buffer.from(JSON.stringify(randomValue(r, 0, known)) ?? 'null');
        contentType = 'application/json';
      } else if (kind === 3) {
        body = Buffer.from(['{', '[1,', '{"a":}', 'nul', '\u00ff\u00fe', '{"pageSize": 1e9999}'][r.int(0, 5)]);
        contentType = r.next() < 0.5 ? 'application/json' : undefined;
      } else if (kind === 4) {
        body = Buffer.from(Array.from({ length: r.int(0, 300) }, () => r.int(0, 255)));
        contentType = [
          'multipart/form-data; boundary=xyz',
          'application/x-www-form-urlencoded',
          'text/plain',
          'application/octet-stream',
          'multipart/form-data',
        ][r.int(0, 4)];
      } else if (kind === 5) {
        body = Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="files"; filename="e.json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(randomValue(r, 0, known))}\r\n--b--\r\n`,
        );
        contentType = 'multipart/form-data; boundary=b';
      }
      const status = await send(agent, base, method, path, body, contentType, token);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status >= 500) failures.push({ status, method, path, body: body?.toString('utf8').slice(0, 300) ?? '' });
    };

    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < total) await one();
      }),
    );
    agent.destroy();
    const summary = [...counts]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    assert.equal(
      failures.length,
      0,
      `${failures.length} server errors (${summary}); first: ${JSON.stringify(failures.slice(0, 5), null, 1)}`,
    );
    assert.ok(
      (counts.get(200) ?? 0) > 100 && (counts.get(400) ?? 0) > 100,
      `the fuzz reached too few handlers: ${summary}`,
    );
  });
});
