import * as assert from 'node:assert/strict';
import { rankLookup, TwinLookup, twinLookupQuery } from '../../../src/core/api/twinLookup';
import type { DigitalTwin } from '../../../src/core/api/types';
import { EmulatorHarness } from './emulatorHarness';
import { fakeServicesPerTest } from './fakeService';

const twin = (id: string, contents: Record<string, unknown> = {}): DigitalTwin => ({
  id,
  modelId: 'dtmi:x:T;1',
  contents,
});

describe('TwinLookup ("Go to twin")', function () {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start({ sample: true, scale: 20 });
  });
  after(async () => emu?.close());
  const start = fakeServicesPerTest();

  it('finds a twin by id, by external id and by a part of its name: the exact id and one filter each', async () => {
    const { client } = emu.client();
    const sample = (await client.listTwins({ pageSize: 200 })).content;
    const named = sample.find(
      (t) => typeof t.contents?.name === 'string' && typeof t.contents?.externalID === 'string',
    );
    assert.ok(named, 'the sample has a twin with a name and an external id');
    const lookup = new TwinLookup(client);
    await client.getToken();
    await emu.clearRequests();

    assert.equal((await lookup.find(named.id))[0]?.id, named.id);
    assert.equal((await lookup.find(String(named.contents!.externalID)))[0]?.id, named.id);
    const part = String(named.contents!.name).slice(1, 6);
    const byName = await lookup.find(part);
    assert.ok(
      byName.some((t) => t.id === named.id),
      `"${part}" finds ${named.id}`,
    );
    assert.ok(
      byName.every((t) => String(t.contents?.name).includes(part) || t.id === part || t.contents?.externalID === part),
    );
    const served = (await emu.requests()).map((r) => `${r.method} ${r.path} ${r.status}`).sort();
    assert.deepEqual(served, [
      ...Array(3).fill('POST /api/v3/twins/ids 200'),
      ...Array(3).fill('POST /api/v3/twins?pageSize=20 200'),
    ]);
    assert.deepEqual(await lookup.find('   '), [], 'blank text sends nothing');
    assert.equal((await emu.requests()).length, 6);
  });

  it('asks the three questions apart, from then on, where the service refuses the combined filter', async () => {
    const service = await start((request) => {
      if (request.path === '/twins') {
        const body = JSON.parse(request.body) as { propertyFilter: { filters?: unknown[] } };
        return body.propertyFilter.filters
          ? { status: 400, body: { title: 'Unknown field id' } }
          : { status: 200, body: { content: [twin('T-9', { name: 'Pump' })], continuationToken: null } };
      }
      if (request.path === '/twins/ids') return { status: 200, body: [] };
      return undefined;
    });
    const lookup = new TwinLookup(service.client());
    assert.deepEqual(
      (await lookup.find('Pu')).map((t) => t.id),
      ['T-9'],
    );
    assert.equal(service.apiRequests.length, 4, 'the exact id and the refused query, then the other two');
    await lookup.find('Pum');
    assert.equal(service.apiRequests.length, 7, 'no second try of the combined query');
  });

  it('ranks the exact id first, then the external id, then names, each twin once', () => {
    const ranked = rankLookup(
      [twin('B', { name: 'AHU-1 fan' }), twin('X', { externalID: 'AHU-1' }), twin('AHU-1'), twin('B')],
      'AHU-1',
    );
    assert.deepEqual(
      ranked.map((t) => t.id),
      ['AHU-1', 'X', 'B'],
    );
    assert.deepEqual(
      twinLookupQuery('a').propertyFilter?.filters?.map((f) => [f.field, f.operator]),
      [
        ['id', 'startsWith'],
        ['externalID', '='],
        ['name', 'contains'],
      ],
    );
    const prefixed = rankLookup([twin('N', { name: 'near AHU' }), twin('AHU-12'), twin('AHU')], 'AHU');
    assert.deepEqual(
      prefixed.map((t) => t.id),
      ['AHU', 'AHU-12', 'N'],
      'the exact id, then ids starting with it, then names',
    );
  });

  it('finds twins by the start of their id in the combined filter', async () => {
    const { client } = emu.client();
    const sample = (await client.listTwins({ pageSize: 200 })).content;
    const target = sample.find((t) => t.id.length > 6 && !String(t.contents?.name ?? '').includes(t.id.slice(0, 5)));
    assert.ok(target, 'a twin whose name does not repeat its id');
    const prefix = target.id.slice(0, 5);
    await client.getToken();
    await emu.clearRequests();
    const found = await new TwinLookup(client).find(prefix);
    assert.ok(
      found.some((t) => t.id === target.id),
      `"${prefix}" finds ${target.id}`,
    );
    assert.ok(
      found.every(
        (t) =>
          t.id.startsWith(prefix) || String(t.contents?.name).includes(prefix) || t.contents?.externalID === prefix,
      ),
    );
    assert.equal((await emu.requests()).filter((r) => r.path.startsWith('/api/v3/twins?')).length, 1);
  });

  it('finds a twin by its exact id where the service answers the combined filter with nothing (no `id` field there)', async () => {
    const service = await start((request) => {
      if (request.path === '/twins') return { status: 200, body: { content: [], continuationToken: null } };
      if (request.path === '/twins/ids')
        return { status: 200, body: (JSON.parse(request.body) as string[]).includes('AHU-1') ? [twin('AHU-1')] : [] };
      return undefined;
    });
    const lookup = new TwinLookup(service.client());
    assert.deepEqual(
      (await lookup.find('AHU-1')).map((t) => t.id),
      ['AHU-1'],
    );
    assert.deepEqual(await lookup.find('AHU-2'), []);
  });

  it("reads a 403 on the exact id (a scoped client) as no such twin, and keeps the filter's answers", async () => {
    const service = await start((request) => {
      if (request.path === '/twins')
        return { status: 200, body: { content: [twin('P-1', { name: 'Pump' })], continuationToken: null } };
      if (request.path === '/twins/ids') return { status: 403 };
      return undefined;
    });
    assert.deepEqual(
      (await new TwinLookup(service.client()).find('Pump')).map((t) => t.id),
      ['P-1'],
    );
  });
});
