import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, M, putSmallBuilding } from './emulatorFixtures';

describe('emulator twins (contract and chosen behaviour)', () => {
  let client: EmulatorTestClient;

  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  const ids = (twins: Array<{ id: string }>) => twins.map((t) => t.id);

  describe('PUT /twins', () => {
    it('stores a valid twin, sets lastUpdateTime and returns it in camelCase', async () => {
      const before = Date.now();
      const res = await client.call('PUT', '/twins', {
        Id: 'R9',
        ModelId: M.room,
        Contents: { name: 'Store room', capacity: 2 },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.json).sort(), ['contents', 'id', 'lastUpdateTime', 'modelId']);
      assert.ok(Date.parse(res.json.lastUpdateTime) >= before - 1000);
      const got = await client.call('GET', '/twins/R9');
      assert.deepEqual(got.json.contents, { name: 'Store room', capacity: 2 });
    });

    it('accepts dtId as the twin id', async () => {
      const res = await client.call('PUT', '/twins', { dtId: 'R10', modelId: M.room, contents: {} });
      assert.equal(res.status, 200);
      assert.equal(res.json.id, 'R10');
    });

    it('rejects an unknown model with 400 naming modelId', async () => {
      const res = await client.call('PUT', '/twins', { id: 'X1', modelId: 'dtmi:com:example:Nope;1', contents: {} });
      assert.equal(res.status, 400);
      assert.ok(res.json.errors['/modelId']);
      assert.equal((await client.call('GET', '/twins/X1')).status, 404);
    });

    it("refuses non-GUID id fields and a non-DTMI model id with the service's words, one line per problem, and stores nothing", async () => {
      const res = await client.call('PUT', '/twins', {
        id: 'G1',
        modelId: M.room,
        contents: {
          name: 'ok',
          siteID: 'site-1',
          uniqueID: 42,
          floorID: null,
          trendID: ' {0F8FAD5B-D9CB-469F-A165-70867728950E} ',
        },
      });
      assert.equal(res.status, 400);
      assert.equal(res.json.statusCode, 400, "the twins backend's {statusCode, message, data}");
      assert.equal(
        res.json.message,
        'Field : siteID Value: site-1 Message: Invalid GUID Format.\nField : uniqueID Value: 42 Message: Invalid GUID Format.',
      );
      const model = await client.call('PUT', '/twins', { id: 'G2', modelId: 'room', contents: { connectorID: 'x' } });
      assert.equal(model.status, 400);
      assert.equal(
        model.json.message,
        'Field : ModelId Value: room Message: Invalid Model Id Format.\nField : connectorID Value: x Message: Invalid GUID Format.',
      );
      for (const id of ['G1', 'G2']) assert.equal((await client.call('GET', `/twins/${id}`)).status, 404);
      // Names are case-sensitive, as in the service's dictionary: `siteId` is an ordinary (here undeclared) property.
      const other = await client.call('PUT', '/twins', { id: 'G3', modelId: M.room, contents: { siteId: 'x' } });
      assert.doesNotMatch(JSON.stringify(other.json), /Invalid GUID/);
    });

    it('rejects a property the model and its ancestors do not declare, naming it', async () => {
      const res = await client.call('PUT', '/twins', {
        id: 'X2',
        modelId: M.room,
        contents: { name: 'ok', colour: 'red' },
      });
      assert.equal(res.status, 400);
      assert.ok(res.json.errors['/contents/colour'], JSON.stringify(res.json));
      assert.match(res.json.errors['/contents/colour'].join(' '), /colour|not declared/);
    });

    it('accepts inherited properties (name from Twin, area from Space)', async () => {
      const res = await client.call('PUT', '/twins', { id: 'X3', modelId: M.room, contents: { name: 'n', area: 3.5 } });
      assert.equal(res.status, 200);
    });

    it('rejects a value of the wrong schema type, naming the property', async () => {
      const res = await client.call('PUT', '/twins', { id: 'X4', modelId: M.room, contents: { capacity: 'ten' } });
      assert.equal(res.status, 400);
      assert.ok(res.json.errors['/contents/capacity']);
    });

    it('rejects a missing id, a missing modelId and non-object contents', async () => {
      assert.equal((await client.call('PUT', '/twins', { modelId: M.room })).status, 400);
      assert.equal((await client.call('PUT', '/twins', { id: 'X5' })).status, 400);
      assert.equal((await client.call('PUT', '/twins', { id: 'X5', modelId: M.room, contents: [1] })).status, 400);
      assert.equal((await client.call('PUT', '/twins', [1, 2])).status, 400);
    });
  });

  describe('GET /twins/{id}', () => {
    it('returns 404 {statusCode, message, data} for an unknown twin', async () => {
      const res = await client.call('GET', '/twins/does-not-exist');
      assert.equal(res.status, 404);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.deepEqual(Object.keys(res.json).sort(), ['data', 'message', 'statusCode']);
      assert.equal(res.json.statusCode, 404);
      assert.match(res.json.message, /does-not-exist/);
    });

    it('includes incoming and outgoing relationships on request', async () => {
      const res = await client.call('GET', '/twins/L1?includeRelationships=true');
      assert.deepEqual(
        res.json.outgoingRelationships.map((r: { id: string }) => r.id),
        ['L1_isPartOf_B1'],
      );
      assert.deepEqual(res.json.incomingRelationships.map((r: { sourceId: string }) => r.sourceId).sort(), [
        'AHU1',
        'R1',
        'R2',
      ]);
      const plain = await client.call('GET', '/twins/L1');
      assert.equal(plain.json.outgoingRelationships, undefined);
    });

    it('addresses ids with reserved characters through percent-encoding', async () => {
      await client.call('PUT', '/twins', { id: 'odd id/with#chars', modelId: M.room, contents: {} });
      const res = await client.call('GET', `/twins/${encodeURIComponent('odd id/with#chars')}`);
      assert.equal(res.status, 200);
      assert.equal(res.json.id, 'odd id/with#chars');
    });
  });

  describe('PATCH /twins/{id}', () => {
    it("applies paths at the twin's properties, answers 200 with no body and renews lastUpdateTime", async () => {
      const before = (await client.call('GET', '/twins/R2')).json;
      const res = await client.call('PATCH', '/twins/R2', [
        { op: 'replace', path: '/capacity', value: 6 },
        { op: 'add', path: '/tags', value: { zone: 'north' } },
        { op: 'add', path: '/tags/floor', value: 'ground' },
      ]);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.text, '');
      assert.equal(res.headers.get('content-length'), '0');
      const after = (await client.call('GET', '/twins/R2')).json;
      assert.equal(after.contents.capacity, 6);
      assert.deepEqual(after.contents.tags, { zone: 'north', floor: 'ground' });
      assert.ok(after.lastUpdateTime > before.lastUpdateTime, `${after.lastUpdateTime} after ${before.lastUpdateTime}`);
    });

    it('refuses /contents/... paths with a 400 about the path, applying nothing', async () => {
      const before = (await client.call('GET', '/twins/R2')).json;
      const res = await client.call('PATCH', '/twins/R2', [
        { op: 'replace', path: '/name', value: 'Changed' },
        { op: 'replace', path: '/contents/capacity', value: 7 },
      ]);
      assert.equal(res.status, 400);
      // Azure Digital Twins refuses the path; the backend passes its error through (adtRefusal.ts).
      assert.match(
        res.json.message,
        /path '\/contents\/capacity' is not a property of the twin.*'\/capacity'/,
        res.text,
      );
      assert.match(res.json.message, /ErrorCode: JsonPatchInvalid/);
      assert.deepEqual((await client.call('GET', '/twins/R2')).json, before);
      const from = await client.call('PATCH', '/twins/R2', [{ op: 'copy', from: '/contents/name', path: '/name' }]);
      assert.equal(from.status, 400);
      assert.match(from.json.message, /'\/contents\/name'/, from.text);
    });

    it('refuses paths into service-managed $ data', async () => {
      const res = await client.call('PATCH', '/twins/R2', [
        { op: 'replace', path: '/$metadata/$model', value: M.level },
      ]);
      assert.equal(res.status, 400);
      assert.match(res.text, /path '\/\$metadata\/\$model' addresses service-managed data/);
    });

    it('is atomic: a failing operation leaves the twin unchanged', async () => {
      const before = (await client.call('GET', '/twins/R2')).json;
      const res = await client.call('PATCH', '/twins/R2', [
        { op: 'replace', path: '/capacity', value: 99 },
        { op: 'remove', path: '/missing' },
      ]);
      assert.equal(res.status, 400);
      assert.match(res.json.message, /operation \[1\] \(remove \/missing\) failed/, res.text);
      assert.deepEqual((await client.call('GET', '/twins/R2')).json, before);
    });

    it('rejects a result that breaks the model, keyed by the patch path (wrong type, undeclared property)', async () => {
      const wrongType = await client.call('PATCH', '/twins/R2', [{ op: 'replace', path: '/capacity', value: 'x' }]);
      assert.equal(wrongType.status, 400);
      assert.match(wrongType.json.message, /capacity/, wrongType.text);
      assert.match(wrongType.json.message, /ErrorCode: ValidationFailed/);
      const undeclared = await client.call('PATCH', '/twins/R2', [{ op: 'add', path: '/colour', value: 'x' }]);
      assert.equal(undeclared.status, 400);
      assert.match(undeclared.json.message, /colour/, undeclared.text);
      assert.equal((await client.call('GET', '/twins/R2')).json.contents.colour, undefined);
    });

    it('cannot change the id or the model: they are not properties', async () => {
      const a = await client.call('PATCH', '/twins/R2', [{ op: 'add', path: '/id', value: 'R3' }]);
      assert.equal(a.status, 400);
      assert.match(a.json.message, /\bid\b/, a.text);
      const b = await client.call('PATCH', '/twins/R2', [{ op: 'add', path: '/modelId', value: M.level }]);
      assert.equal(b.status, 400);
      assert.equal((await client.call('GET', '/twins/R2')).json.modelId, M.room);
    });

    it('honours test operations and rejects malformed operations', async () => {
      assert.equal(
        (await client.call('PATCH', '/twins/R2', [{ op: 'test', path: '/name', value: 'Office' }])).status,
        200,
      );
      assert.equal(
        (await client.call('PATCH', '/twins/R2', [{ op: 'test', path: '/name', value: 'Other' }])).status,
        400,
      );
      assert.equal((await client.call('PATCH', '/twins/R2', [{ op: 'frobnicate', path: '/name' }])).status, 400);
      assert.equal((await client.call('PATCH', '/twins/R2', { op: 'replace' })).status, 400);
      assert.equal((await client.call('PATCH', '/twins/R2', [{ op: 'replace', path: '/name' }])).status, 400);
      assert.equal(
        (await client.call('PATCH', '/twins/R2', [{ op: 'replace', path: 'name', value: 'x' }])).status,
        400,
      );
      assert.equal((await client.call('PATCH', '/twins/R2', [{ op: 'replace', path: '', value: {} }])).status, 400);
    });

    it('returns 404 for an unknown twin', async () => {
      assert.equal((await client.call('PATCH', '/twins/nope', [])).status, 404);
    });
  });

  describe('POST /twins (query)', () => {
    it('filters by model including sub-models, or exactly', async () => {
      const sub = await client.call('POST', '/twins', { modelFilter: { modelIds: [M.space] }, pageSize: 1000 });
      assert.ok(ids(sub.json.content).includes('R1') && ids(sub.json.content).includes('B1'));
      const exact = await client.call('POST', '/twins', {
        modelFilter: { modelIds: [M.space], exactModelMatch: true },
      });
      assert.deepEqual(exact.json.content, []);
      assert.ok(!('continuationToken' in exact.json), 'the last page leaves out its null token, as the service does');
    });

    it('accepts PascalCase request keys', async () => {
      const res = await client.call('POST', '/twins', { ModelFilter: { ModelIds: [M.level] }, PageSize: 5 });
      assert.deepEqual(ids(res.json.content), ['L1']);
    });

    it('filters by relationship direction, name and related model', async () => {
      const fed = await client.call('POST', '/twins', {
        relationshipFilter: { relationshipDirection: 'Outgoing', relationshipNames: ['isFedBy'] },
      });
      assert.deepEqual(ids(fed.json.content), ['AHU1']);
      const feeds = await client.call('POST', '/twins', {
        relationshipFilter: { relationshipDirection: 'Incoming', relationshipNames: ['isFedBy'] },
      });
      assert.deepEqual(ids(feeds.json.content), ['CH1']);
      const inRooms = await client.call('POST', '/twins', {
        relationshipFilter: { relationshipDirection: 'Outgoing', relatedModelFilter: { modelIds: [M.room] } },
      });
      assert.deepEqual(ids(inRooms.json.content), ['T1']);
    });

    it('filters by location transitively through isPartOf and locatedIn (the location itself excluded)', async () => {
      const res = await client.call('POST', '/twins', { locationFilter: { locationId: 'B1' } });
      assert.deepEqual(ids(res.json.content).sort(), ['AHU1', 'L1', 'R1', 'R2']);
    });

    it('filters by lastUpdateTime strictly after/before', async () => {
      // Every earlier write is at or before the newest stamp; the emulator stamps each write strictly later.
      const mark = (await client.call('POST', '/twins', { pageSize: 1000 })).json.content
        .map((t: { lastUpdateTime: string }) => t.lastUpdateTime)
        .sort()
        .at(-1);
      await client.call('PATCH', '/twins/CH1', [{ op: 'replace', path: '/name', value: 'Chiller 1' }]);
      const after = await client.call('POST', '/twins', { dateFilter: { lastUpdatedAfter: mark } });
      assert.deepEqual(ids(after.json.content), ['CH1']);
      const before = await client.call('POST', '/twins', { dateFilter: { lastUpdatedBefore: mark }, pageSize: 1000 });
      assert.ok(!ids(before.json.content).includes('CH1'));
      assert.equal(
        (await client.call('POST', '/twins', { dateFilter: { lastUpdatedAfter: 'yesterday' } })).status,
        400,
      );
    });

    it('filters by property with operators and nested And/Or groups', async () => {
      const gt = await client.call('POST', '/twins', {
        propertyFilter: { field: 'capacity', operator: '>', value: 5 },
      });
      assert.deepEqual(ids(gt.json.content), ['R1', 'R2']);
      const or = await client.call('POST', '/twins', {
        propertyFilter: {
          filterConditionOperator: 'Or',
          filters: [
            { field: 'name', operator: 'startsWith', value: 'meeting' },
            { field: 'serialNumber', operator: 'isNotNull' },
          ],
        },
      });
      assert.deepEqual(ids(or.json.content), ['AHU1', 'R1']);
      const and = await client.call('POST', '/twins', {
        propertyFilter: {
          field: 'area',
          operator: '>=',
          value: 20,
          filterConditionOperator: 'and',
          filters: [{ field: 'contents.name', operator: 'contains', value: 'ROOM' }],
        },
      });
      assert.deepEqual(ids(and.json.content), ['R1']);
      const bad = await client.call('POST', '/twins', {
        propertyFilter: { field: 'area', operator: 'between', value: 1 },
      });
      assert.equal(bad.status, 400);
      assert.ok(bad.json.errors['propertyFilter.operator']);
    });

    it('includes relationships when asked', async () => {
      const res = await client.call('POST', '/twins', {
        modelFilter: { modelIds: [M.level] },
        include: { outgoingRelationships: true, incomingRelationships: true },
      });
      assert.equal(res.json.content[0].outgoingRelationships.length, 1);
      assert.equal(res.json.content[0].incomingRelationships.length, 3);
    });

    it('pages with opaque continuation tokens, each twin exactly once, even while twins are added', async () => {
      const seen: string[] = [];
      let token: string | null = null;
      let pages = 0;
      do {
        const res = await client.call('POST', '/twins', { pageSize: 3, continuationToken: token });
        assert.equal(res.status, 200);
        assert.ok(res.json.content.length <= 3);
        seen.push(...ids(res.json.content));
        token = res.json.continuationToken;
        if (pages++ === 0)
          await client.call('PUT', '/twins', { id: 'ZZ-added-while-paging', modelId: M.room, contents: {} });
      } while (token);
      assert.equal(new Set(seen).size, seen.length);
      assert.ok(seen.includes('ZZ-added-while-paging'));
      assert.ok(seen.includes('B1') && seen.includes('T2'));
    });

    it('rejects pageSize outside 1..1000 and foreign or garbage tokens', async () => {
      assert.equal((await client.call('POST', '/twins', { pageSize: 0 })).status, 400);
      assert.equal((await client.call('POST', '/twins', { pageSize: 1001 })).status, 400);
      assert.equal((await client.call('POST', '/twins', { pageSize: 'ten' })).status, 400);
      assert.equal((await client.call('POST', '/twins', { continuationToken: 'garbage!' })).status, 400);
      const first = await client.call('POST', '/twins', { pageSize: 1 });
      const foreign = await client.call('POST', '/twins', {
        pageSize: 1,
        continuationToken: first.json.continuationToken,
        modelFilter: { modelIds: [M.room] },
      });
      assert.equal(foreign.status, 400);
    });
  });

  describe('POST /twins/ids, /twins/count, /twins/graph', () => {
    it('omits unknown ids silently (no 404)', async () => {
      const res = await client.call('POST', '/twins/ids', ['R1', 'missing', 'B1']);
      assert.equal(res.status, 200);
      assert.deepEqual(ids(res.json), ['R1', 'B1']);
      const rels = await client.call('POST', '/twins/ids?includeRelationships=true', ['R1']);
      assert.equal(rels.json[0].outgoingRelationships.length, 1);
      assert.equal((await client.call('POST', '/twins/ids', { ids: ['R1'] })).status, 400);
    });

    it('counts twins with the same filters as the query', async () => {
      const res = await client.call('POST', '/twins/count', { modelFilter: { modelIds: [M.capability] } });
      assert.deepEqual(res.json, { count: 2 });
      const query = await client.call('POST', '/twins', { modelFilter: { modelIds: [M.capability] } });
      assert.equal(query.json.content.length, 2);
    });

    it('returns the root with nested hops', async () => {
      const res = await client.call('POST', '/twins/graph', {
        alias: 'Level',
        id: 'L1',
        relationships: [
          {
            alias: 'Rooms',
            relationshipNames: ['isPartOf'],
            modelNames: ['Room'],
            direction: 'Incoming',
            relationship: { alias: 'Points', relationshipNames: ['isCapabilityOf'], direction: 'Incoming' },
          },
        ],
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.alias, 'Level');
      assert.equal(res.json.twin.id, 'L1');
      const rooms = res.json.related[0];
      assert.equal(rooms.alias, 'Rooms');
      assert.deepEqual(rooms.items.map((i: { twin: { id: string } }) => i.twin.id).sort(), ['R1', 'R2']);
      const r1 = rooms.items.find((i: { twin: { id: string } }) => i.twin.id === 'R1');
      assert.deepEqual(
        r1.related[0].items.map((i: { twin: { id: string } }) => i.twin.id),
        ['T1'],
      );
      assert.equal(r1.relationship.name, 'isPartOf');
    });

    it('returns the root even when the hops find nothing (outer join), and without relationships', async () => {
      const res = await client.call('POST', '/twins/graph', {
        id: 'CH1',
        relationships: [{ alias: 'Nothing', relationshipNames: ['serves'] }],
      });
      assert.equal(res.status, 200);
      assert.equal(res.json.twin.id, 'CH1');
      assert.deepEqual(res.json.related, [{ alias: 'Nothing', items: [] }]);
      const bare = await client.call('POST', '/twins/graph', { id: 'CH1' });
      assert.deepEqual(bare.json.related, []);
      assert.equal((await client.call('POST', '/twins/graph', { id: 'missing' })).status, 404);
      assert.equal(
        (await client.call('POST', '/twins/graph', { id: 'CH1', relationships: [{ direction: 'Sideways' }] })).status,
        400,
      );
    });

    it('has no delete (405)', async () => {
      assert.equal((await client.call('DELETE', '/twins/R1')).status, 405);
    });
  });
});

describe('emulator twin patch when the model has a property named contents', () => {
  const DOCUMENT = 'dtmi:com:example:Document;1';
  let client: EmulatorTestClient;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'contents-model-'));
    await writeFile(
      path.join(dir, 'document.json'),
      JSON.stringify({
        '@context': 'dtmi:dtdl:context;3',
        '@id': DOCUMENT,
        '@type': 'Interface',
        contents: [
          { '@type': 'Property', name: 'contents', schema: 'string' },
          { '@type': 'Property', name: 'title', schema: 'string' },
        ],
      }),
    );
    client = await EmulatorTestClient.start({ sample: false, models: [dir] });
    const put = await client.call('PUT', '/twins', {
      id: 'D1',
      modelId: DOCUMENT,
      contents: { contents: 'Chapter 1', title: 'Guide' },
    });
    assert.equal(put.status, 200, put.text);
  });
  after(async () => {
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes /contents as that property', async () => {
    const res = await client.call('PATCH', '/twins/D1', [{ op: 'replace', path: '/contents', value: 'Chapter 2' }]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual((await client.call('GET', '/twins/D1')).json.contents, { contents: 'Chapter 2', title: 'Guide' });
  });
});
