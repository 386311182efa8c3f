import * as assert from 'node:assert/strict';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, M, putSmallBuilding } from './emulatorFixtures';

describe('emulator relationships (contract and chosen behaviour)', () => {
  let client: EmulatorTestClient;

  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
  });
  after(() => client.close());

  it('derives the id {source}_{name}[_{key}_{value}…]_{target} with sorted keys, overriding a sent id', async () => {
    const res = await client.call('PUT', '/twins/relationships', {
      Id: 'my-own-id',
      SourceId: 'CH1',
      TargetId: 'AHU1',
      Name: 'isFedBy',
      Properties: { substance: 'Water' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.id, 'CH1_isFedBy_substance_Water_AHU1');
    assert.deepEqual(Object.keys(res.json).sort(), ['id', 'name', 'properties', 'sourceId', 'targetId']);
    const plain = await client.call('PUT', '/twins/relationships', {
      sourceId: 'R1',
      targetId: 'L1',
      name: 'isPartOf',
      id: 'ignored',
    });
    assert.equal(plain.json.id, 'R1_isPartOf_L1');
  });

  it('is idempotent: the same PUT returns the same relationship and creates no second one', async () => {
    const body = { sourceId: 'AHU1', targetId: 'CH1', name: 'isFedBy', properties: { substance: 'ChilledWater' } };
    const a = await client.call('PUT', '/twins/relationships', body);
    const b = await client.call('PUT', '/twins/relationships', body);
    assert.deepEqual(a.json, b.json);
    const out = await client.call('GET', '/twins/AHU1/relationships/outgoing');
    assert.equal(out.json.filter((r: { name: string }) => r.name === 'isFedBy').length, 1);
  });

  it('keeps relationships with different properties apart', async () => {
    await client.call('PUT', '/twins/relationships', {
      sourceId: 'AHU1',
      targetId: 'CH1',
      name: 'isFedBy',
      properties: { substance: 'HotWater' },
    });
    const out = await client.call('GET', '/twins/AHU1/relationships/outgoing');
    assert.deepEqual(
      out.json
        .filter((r: { name: string }) => r.name === 'isFedBy')
        .map((r: { id: string }) => r.id)
        .sort(),
      ['AHU1_isFedBy_substance_ChilledWater_CH1', 'AHU1_isFedBy_substance_HotWater_CH1'],
    );
  });

  it('409 when a derived id is already held by a different relationship (underscores in twin ids)', async () => {
    for (const id of ['S', 'isPartOf_T', 'S_isPartOf', 'T'])
      assert.equal((await client.call('PUT', '/twins', { id, modelId: M.room, contents: {} })).status, 200);
    const first = await client.call('PUT', '/twins/relationships', {
      sourceId: 'S',
      targetId: 'isPartOf_T',
      name: 'isPartOf',
    });
    assert.equal(first.json.id, 'S_isPartOf_isPartOf_T');
    const clash = await client.call('PUT', '/twins/relationships', {
      sourceId: 'S_isPartOf',
      targetId: 'T',
      name: 'isPartOf',
    });
    assert.equal(clash.status, 409);
    assert.deepEqual((await client.call('GET', '/twins/T/relationships/incoming')).json, []);
  });

  it('names the missing twin: source or target (404, as Azure Digital Twins answers through the backend)', async () => {
    const a = await client.call('PUT', '/twins/relationships', { sourceId: 'nope', targetId: 'L1', name: 'isPartOf' });
    assert.equal(a.status, 404);
    assert.match(a.json.message, /ID nope \(the relationship's source\)/);
    const b = await client.call('PUT', '/twins/relationships', { sourceId: 'R1', targetId: 'nope', name: 'isPartOf' });
    assert.equal(b.status, 404);
    assert.match(b.json.message, /ID nope \(the relationship's target\)/);
  });

  it('checks the name, target model and properties against the source model', async () => {
    const undeclared = await client.call('PUT', '/twins/relationships', {
      sourceId: 'R1',
      targetId: 'L1',
      name: 'feeds',
    });
    assert.equal(undeclared.status, 400);
    assert.match(undeclared.json.message, /declares no relationship 'feeds'/);
    const wrongTarget = await client.call('PUT', '/twins/relationships', {
      sourceId: 'R1',
      targetId: 'AHU1',
      name: 'isPartOf',
    });
    assert.equal(wrongTarget.status, 400);
    assert.match(wrongTarget.json.message, /must target a .* twin; 'AHU1' is a/);
    const badProperty = await client.call('PUT', '/twins/relationships', {
      sourceId: 'AHU1',
      targetId: 'CH1',
      name: 'isFedBy',
      properties: { pressure: 3 },
    });
    assert.equal(badProperty.status, 400);
    const missingName = await client.call('PUT', '/twins/relationships', { sourceId: 'AHU1', targetId: 'CH1' });
    assert.equal(missingName.status, 400);
    assert.ok(missingName.json.errors.name);
  });

  it('gets one relationship by id from its source or target, 404 otherwise', async () => {
    const res = await client.call('GET', '/twins/R1/relationships/R1_isPartOf_L1');
    assert.equal(res.status, 200);
    assert.equal(res.json.targetId, 'L1');
    assert.equal((await client.call('GET', '/twins/L1/relationships/R1_isPartOf_L1')).status, 200);
    assert.equal((await client.call('GET', '/twins/B1/relationships/R1_isPartOf_L1')).status, 404);
    assert.equal((await client.call('GET', '/twins/R1/relationships/nope')).status, 404);
    assert.equal((await client.call('GET', '/twins/nope/relationships/R1_isPartOf_L1')).status, 404);
  });

  it('lists outgoing and incoming relationships as arrays', async () => {
    const incoming = await client.call('GET', '/twins/L1/relationships/incoming');
    assert.ok(Array.isArray(incoming.json));
    assert.deepEqual(incoming.json.map((r: { sourceId: string }) => r.sourceId).sort(), ['AHU1', 'R1', 'R2']);
    const outgoing = await client.call('GET', '/twins/B1/relationships/outgoing');
    assert.deepEqual(outgoing.json, []);
    assert.equal((await client.call('GET', '/twins/nope/relationships/outgoing')).status, 404);
  });

  it('keeps outgoing relationships of one name with ?relationshipName= (exact match; empty means all)', async () => {
    const names = async (query: string) =>
      ((await client.call('GET', `/twins/AHU1/relationships/outgoing${query}`)).json as Array<{ name: string }>)
        .map((r) => r.name)
        .sort();
    const all = await names('');
    assert.deepEqual([...new Set(all)], ['isFedBy', 'locatedIn']);
    assert.deepEqual(
      await names('?relationshipName=isFedBy'),
      all.filter((n) => n === 'isFedBy'),
    );
    assert.deepEqual(await names('?relationshipName=locatedIn'), ['locatedIn']);
    assert.deepEqual(await names('?relationshipName=isfedby'), []);
    assert.deepEqual(await names('?relationshipName=ownedBy'), []);
    assert.deepEqual(await names('?relationshipName='), all);
  });
});
