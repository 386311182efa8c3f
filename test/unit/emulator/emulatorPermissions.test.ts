import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PERMISSIONS, type Permission } from '../../../src/emulator/clients/clientPermissions';
import { ROUTE_ACCESS } from '../../../src/emulator/clients/routePermissions';
import { parseEmulatorArgs } from '../../../src/emulator/cliOptions';
import { startEmulator } from '../../../src/emulator/emulator';
import { assertEmptyError } from './emulatorProblems';
import { EmulatorTestClient, type TestResponse } from './emulatorTestClient';

const SECRET = 'perm-secret-7c1e0a';
const IN_SCOPE = ['BLD-HP', 'HP-L01', 'HP-L01-R01', 'HP-AHU-1-SAT'];
const OUT_OF_SCOPE = ['BLD-RL', 'RL-L01', 'RL-AHU-1-SAT'];

/** One request per route, grouped by the permission it needs; bodies need not be valid (only "not 403" counts). */
const REQUESTS: Partial<Record<Permission, Array<[string, string, unknown?]>>> = {
  'Models.Read': [
    ['GET', '/models'],
    ['GET', '/models/dtmi%3Acom%3Abuildingtwins%3Asample%3ARoom%3B1'],
  ],
  'Twins.Read': [
    ['POST', '/twins', {}],
    ['POST', '/twins/count', {}],
    ['POST', '/twins/ids', ['HP-L01']],
    ['GET', '/twins/HP-L01'],
    ['POST', '/twins/graph', { id: 'HP-L01' }],
    ['GET', '/twins/HP-L01/relationships/outgoing'],
    ['GET', '/twins/HP-L01/relationships/incoming'],
    ['GET', '/twins/HP-L01/relationships/nope'],
  ],
  'Twins.Write': [
    ['PUT', '/twins', {}],
    ['PATCH', '/twins/HP-L01', []],
    ['PUT', '/twins/relationships', { sourceId: 'HP-L01', targetId: 'BLD-HP' }],
  ],
  'TimeSeries.Read': [
    ['GET', '/time-series/HP-AHU-1-SAT'],
    ['GET', '/time-series/HP-AHU-1-SAT/latest'],
    ['POST', '/time-series/ids', ['HP-AHU-1-SAT']],
    ['POST', '/time-series/ids/latest', ['HP-AHU-1-SAT']],
  ],
  'TimeSeries.Write': [['POST', '/time-series', [{ dtId: 'HP-AHU-1-SAT' }]]],
  'Insights.Read': [
    ['POST', '/insights', {}],
    ['GET', '/insights/00000000-0000-0000-0000-000000000000'],
  ],
  'Tickets.Read': [
    ['POST', '/tickets', {}],
    ['GET', '/tickets/nope'],
    ['GET', '/tickets/nope/attachments/nope'],
    ['GET', '/tickets/status'],
    ['GET', '/tickets/priorities'],
    ['POST', '/tickets/categories', {}],
    ['POST', '/tickets/job-types', {}],
    ['POST', '/tickets/service-needed', {}],
  ],
  'Tickets.Write': [
    ['PUT', '/tickets', {}],
    ['PATCH', '/tickets/nope', []],
    ['PUT', '/tickets/categories', {}],
    ['PATCH', '/tickets/categories/nope', []],
    ['PUT', '/tickets/job-types', {}],
    ['PATCH', '/tickets/job-types/nope', []],
    ['PUT', '/tickets/service-needed', {}],
    ['PATCH', '/tickets/service-needed/nope', []],
  ],
  'Events.Read': [
    ['POST', '/events', {}],
    ['GET', '/events/types'],
    ['GET', '/events/nope'],
  ],
  'Events.Write': [
    ['PUT', '/events', []],
    ['DELETE', '/events', []],
    ['POST', '/events/files', ''],
  ],
};
const GUARDED = Object.keys(REQUESTS) as Permission[];

function assertForbidden(res: TestResponse, what: string): void {
  assert.equal(res.status, 403, `${what}: ${res.status} ${res.text}`);
  assertEmptyError(res, 403);
}

describe('emulator permissions and location scopes', function () {
  this.timeout(60_000);
  let emu: EmulatorTestClient;
  const tokens = new Map<string, string>();
  const as = async (client: string, method: string, path: string, body?: unknown) => {
    let token = tokens.get(client);
    if (!token)
      tokens.set(client, (token = await emu.accessToken(client, client === 'local-dev' ? 'local-dev-secret' : SECRET)));
    return emu.call(method, path, body, { token });
  };

  before(async () => {
    emu = await EmulatorTestClient.start({
      clients: [
        { id: 'unrestricted', secret: SECRET },
        { id: 'scoped', secret: SECRET, permissions: ['*'], location: 'BLD-HP' },
        { id: 'lower-case', secret: SECRET, permissions: ['twins.read'] },
        { id: 'star', secret: SECRET, permissions: ['*'] },
        { id: 'every one listed', secret: SECRET, permissions: [...PERMISSIONS] },
        ...GUARDED.flatMap((p) => [
          { id: `only ${p}`, secret: SECRET, permissions: [p] },
          { id: `all but ${p}`, secret: SECRET, permissions: PERMISSIONS.filter((q) => q !== p) },
        ]),
      ],
    });
  });
  after(() => emu.close());

  it('has a rule for every route the emulator serves, and none for routes it does not', () => {
    const served = emu.emulator.routes.map((r) => `${r.method} ${r.pattern}`).sort();
    assert.deepEqual([...ROUTE_ACCESS.keys()].sort(), served);
  });

  it('refuses each route with an empty 403 to a client without its permission, and serves a client holding only that one', async () => {
    for (const permission of GUARDED) {
      for (const [method, path, body] of REQUESTS[permission] ?? []) {
        const route = `${method} ${path}`;
        assertForbidden(await as(`all but ${permission}`, method, path, body), `${route} without ${permission}`);
        const allowed = await as(`only ${permission}`, method, path, body);
        assert.notEqual(allowed.status, 403, `${route} with only ${permission}: ${allowed.text}`);
      }
    }
  });

  it('reads permission names in any case, as the service does', async () => {
    assert.equal((await as('lower-case', 'GET', '/twins/HP-L01')).status, 200);
    assertForbidden(await as('lower-case', 'GET', '/models'), 'models without Models.Read');
  });

  it('leaves the development client and --client-id clients every permission and every twin', async () => {
    for (const client of ['local-dev', 'unrestricted']) {
      for (const id of OUT_OF_SCOPE)
        assert.equal((await as(client, 'GET', `/twins/${id}`)).status, 200, `${client} reads ${id}`);
      assert.equal((await as(client, 'POST', '/insights', {})).status, 200);
    }
  });

  it('opens the admin routes to the admin token and clients with every permission only; a restricted client gets 403 and changes nothing', async () => {
    const admin = async (client: string, method: string, path: string, body?: unknown) => {
      let token = tokens.get(client);
      if (!token)
        tokens.set(
          client,
          (token = await emu.accessToken(client, client === 'local-dev' ? 'local-dev-secret' : SECRET)),
        );
      return fetch(`${emu.root}/_emulator${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    const seedId = 'a0000000-0000-4000-8000-00000000a001';
    const seed = [{ id: seedId, scenarioId: null, twinId: 'HP-L01', name: 'seeded by a restricted client' }];
    for (const client of ['lower-case', 'only Twins.Read', 'all but Twins.Write', 'scoped']) {
      for (const [method, path, body] of [
        ['GET', '/requests'],
        ['DELETE', '/requests'],
        ['PUT', '/insights', seed],
      ] as const) {
        const refused = await admin(client, method, path, body);
        assert.equal(refused.status, 403, `${client}: ${method} ${path}`);
        assert.match(
          refused.headers.get('x-emulator-detail') ?? '',
          new RegExp(`Client '${client}' does not hold every permission`),
        );
      }
    }
    assert.equal((await as('local-dev', 'GET', `/insights/${seedId}`)).status, 404, 'the refused seed stored nothing');
    const log = (await (await emu.admin('GET', '/_emulator/requests')).json()) as unknown[];
    assert.ok(log.length > 0, 'the refused DELETEs left the request log as it was');
    for (const client of ['local-dev', 'unrestricted', 'star', 'every one listed']) {
      assert.equal((await admin(client, 'GET', '/requests')).status, 200, client);
    }
    assert.equal((await emu.admin('GET', '/_emulator/requests')).status, 200, 'the printed admin token');
    assert.equal((await admin('star', 'PUT', '/insights', seed)).status, 200);
    assert.equal(
      (await as('local-dev', 'GET', `/insights/${seedId}`)).status,
      200,
      'a client with every permission seeds',
    );
  });

  it('serves a scoped client the location and what is under it (also capabilities and equipment), and refuses the rest with an empty 403', async () => {
    for (const id of IN_SCOPE) assert.equal((await as('scoped', 'GET', `/twins/${id}`)).status, 200, id);
    for (const id of OUT_OF_SCOPE) assertForbidden(await as('scoped', 'GET', `/twins/${id}`), id);
    assertForbidden(
      await as('scoped', 'GET', '/twins/NO-SUCH-TWIN'),
      'an unknown twin is outside every scope (403, not 404)',
    );
    assert.equal((await as('scoped', 'GET', '/time-series/HP-AHU-1-SAT/latest')).status, 200);
    assertForbidden(await as('scoped', 'GET', '/time-series/RL-AHU-1-SAT/latest'), 'series outside the scope');
    assertForbidden(
      await as('scoped', 'GET', '/twins/RL-L01/relationships/incoming'),
      'relationships of a twin outside the scope',
    );
    const forbidden = await as('scoped', 'GET', '/twins/BLD-RL');
    assert.match(forbidden.headers.get('x-emulator-detail') ?? '', /BLD-RL.*outside the location 'BLD-HP'/);
    assert.doesNotMatch(forbidden.headers.get('x-emulator-detail') ?? '', new RegExp(SECRET));
  });

  it('filters id lists to the twins in scope, and refuses with 403 when none remain', async () => {
    const twins = await as('scoped', 'POST', '/twins/ids', ['HP-L01', 'RL-L01', 'NO-SUCH-TWIN', 'BLD-HP']);
    assert.equal(twins.status, 200, twins.text);
    assert.deepEqual((twins.json as Array<{ id: string }>).map((t) => t.id).sort(), ['BLD-HP', 'HP-L01']);
    assertForbidden(await as('scoped', 'POST', '/twins/ids', ['RL-L01', 'NO-SUCH-TWIN']), 'no id in scope');
    assertForbidden(await as('scoped', 'POST', '/twins/ids', []), 'an empty list leaves nothing');

    const latest = await as('scoped', 'POST', '/time-series/ids/latest', ['HP-AHU-1-SAT', 'RL-AHU-1-SAT']);
    assert.equal(latest.status, 200, latest.text);
    assert.deepEqual([...new Set((latest.json as Array<{ twinId: string }>).map((p) => p.twinId))], ['HP-AHU-1-SAT']);
    assertForbidden(await as('scoped', 'POST', '/time-series/ids', ['RL-AHU-1-SAT']), 'series ids outside the scope');
  });

  it('writes only inside the scope: patches, relationships and telemetry', async () => {
    assertForbidden(
      await as('scoped', 'PATCH', '/twins/RL-L01', [{ op: 'replace', path: '/name', value: 'Hijacked' }]),
      'patch outside',
    );
    assert.notEqual(
      (await as('local-dev', 'GET', '/twins/RL-L01')).json.contents.name,
      'Hijacked',
      'the refused patch changed nothing',
    );
    assertForbidden(
      await as('scoped', 'PUT', '/twins/relationships', {
        sourceId: 'HP-L01-R01',
        targetId: 'RL-L01',
        name: 'isPartOf',
      }),
      'relationship to a twin outside',
    );
    assertForbidden(
      await as('scoped', 'PUT', '/twins/relationships', {
        $sourceId: 'RL-L01-R01',
        $targetId: 'HP-L01',
        $relationshipName: 'isPartOf',
      }),
      'relationship from a twin outside ($ names)',
    );

    const time = '2031-01-01T00:00:00.000Z';
    const entry = (dtId: string) => ({ dtId, connectorId: 'c', sourceTimestamp: time, scalarValue: 21.5 });
    const sent = await as('scoped', 'POST', '/time-series', [entry('HP-AHU-1-SAT'), entry('RL-AHU-1-SAT')]);
    assert.ok(sent.status < 300, sent.text);
    const stored = async (id: string) =>
      ((await as('local-dev', 'GET', `/time-series/${id}?start=${time}&end=2031-01-01T00:00:01Z&pageSize=10`)).json
        ?.data ?? []) as unknown[];
    assert.equal((await stored('HP-AHU-1-SAT')).length, 1, 'the entry inside the scope is stored');
    assert.equal((await stored('RL-AHU-1-SAT')).length, 0, 'the entry outside the scope is dropped');
    assertForbidden(await as('scoped', 'POST', '/time-series', [entry('RL-AHU-1-SAT')]), 'telemetry only outside');
  });

  // The proxy reads only `$sourceId`/`$targetId` for a relationship's location check (Willow source:
  // applications/PublicApi/src/Willow.PublicApi/Transforms/TwinPermissionsTransform.cs, `TwinIdBody`); reading the
  // docs' `sourceId`/`targetId` too is the emulator's choice (docs/service-compatibility.md, "Location scope: twin
  // ids in bodies").
  it('checks a relationship body by its $ names, as the proxy does, and by the docs names (the project choice)', async () => {
    for (const body of [
      { $sourceId: 'HP-L01-R01', $targetId: 'HP-L01', $relationshipName: 'isPartOf' },
      { sourceId: 'HP-L01-R01', targetId: 'HP-L01', name: 'isPartOf' },
    ]) {
      const res = await as('scoped', 'PUT', '/twins/relationships', body);
      assert.equal(res.status, 200, `${JSON.stringify(body)}: ${res.text}`);
    }
    assertForbidden(await as('scoped', 'PUT', '/twins/relationships', { name: 'isPartOf' }), 'no twin named');
  });

  it('does not limit lists, insights, tickets or events by location (the service checks twin ids only)', async () => {
    const page = await as('scoped', 'POST', '/twins', { pageSize: 1000 });
    assert.equal(page.status, 200);
    const ids = (page.json.content as Array<{ id: string }>).map((t) => t.id);
    assert.ok(ids.includes('BLD-RL') && ids.includes('BLD-HP'), 'POST /twins lists both sites');
    for (const path of ['/insights', '/tickets', '/events'])
      assert.equal((await as('scoped', 'POST', path, {})).status, 200, path);
  });
});

describe('emulator clients file (--clients) and clients option', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(path.join(tmpdir(), 'bt-clients-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const file = (content: unknown) => {
    const name = path.join(dir, `clients-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(name, typeof content === 'string' ? content : JSON.stringify(content));
    return name;
  };
  const parseError = (content: unknown, extra: string[] = []): string => {
    const name = file(content);
    try {
      parseEmulatorArgs(['--clients', name, ...extra]);
    } catch (err) {
      return (err as Error).message;
    }
    assert.fail('expected the clients file to be refused');
  };
  const ok = { id: 'reader', secret: 'reader-secret-91b2', permissions: ['Twins.Read'] };

  it('reads the clients with canonical permission names, after --client-id clients', () => {
    const options = parseEmulatorArgs([
      '--client-id',
      'a',
      '--client-secret',
      'a-secret',
      '--clients',
      file({ clients: [{ ...ok, permissions: ['twins.read', 'Models.Read'], location: 'BLD-HP' }] }),
    ]);
    assert.deepEqual(options?.clients, [
      { id: 'a', secret: 'a-secret' },
      { id: 'reader', secret: 'reader-secret-91b2', permissions: ['Twins.Read', 'Models.Read'], location: 'BLD-HP' },
    ]);
  });

  it('names the file and the entry in every error, never the secret', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{ not json', /^--clients .*: not valid JSON/],
      [[ok], /expected a JSON object with a "clients" array/],
      [{ clients: [ok], extra: 1 }, /unknown field "extra"/],
      [{ clients: [ok, 'reader'] }, /clients\[1\]: must be an object/],
      [{ clients: [{ ...ok, id: '' }] }, /clients\[0\]: "id" must be a non-empty string/],
      [{ clients: [{ ...ok, permisions: [] }] }, /clients\[0\] \("reader"\): unknown field "permisions"/],
      [
        { clients: [{ id: 'reader', permissions: [] }] },
        /clients\[0\] \("reader"\): "secret" must be a non-empty string/,
      ],
      [
        { clients: [{ id: 'reader', secret: 'reader-secret-91b2' }] },
        /clients\[0\] \("reader"\): "permissions" must be an array/,
      ],
      [
        { clients: [{ ...ok, permissions: ['Twins.Read', 'Twin.Write'] }] },
        /clients\[0\] \("reader"\): unknown permission "Twin\.Write" \(known: Models\.Read, .*"\*" for all\)/,
      ],
      [{ clients: [{ ...ok, permissions: [1] }] }, /permissions\[0\] must be a string/],
      [{ clients: [{ ...ok, location: '' }] }, /"location" must be a twin id/],
      [{ clients: [ok, { ...ok }] }, /clients\[1\]: the id "reader" is already used by clients\[0\]/],
      [{ clients: [{ ...ok, id: 'local-dev' }] }, /\("local-dev"\): the id is reserved for the development client/],
    ];
    for (const [content, expected] of cases) {
      const message = parseError(content);
      assert.match(message, expected);
      assert.ok(message.startsWith('--clients '), message);
      assert.ok(!message.includes('reader-secret-91b2'), `the secret leaked: ${message}`);
    }
    assert.match(
      parseError({ clients: [ok] }, ['--client-id', 'reader', '--client-secret', 'x']),
      /client "reader" is also given with --client-id/,
    );
    assert.throws(
      () => parseEmulatorArgs(['--clients', path.join(dir, 'missing.json')]),
      /--clients .*missing\.json: cannot read the file \(ENOENT\)/,
    );
  });

  it('checks the clients option of startEmulator the same way, before anything starts', async () => {
    await assert.rejects(
      startEmulator({
        port: 0,
        log: false,
        sample: false,
        clients: [{ id: 'x', secret: 'x-secret', permissions: ['Twins.Reed'] }],
      }),
      /^Error: clients: clients\[0\] \("x"\): unknown permission "Twins\.Reed"/,
    );
    await assert.rejects(
      startEmulator({ port: 0, log: false, sample: false, clients: [{ id: 'x', secret: '' }] }),
      /"secret" must be a non-empty string/,
    );
  });
});
