import * as assert from 'node:assert/strict';
import { EmulatorTestClient } from './emulatorTestClient';
import { willowOntology } from '../dtdl/ontologyPath';
import { FIXTURE_MODELS, M } from './emulatorFixtures';

describe('emulator models', () => {
  describe('from a fixture folder (spaces in the path, nested folders, BOM, arrays, a file that is no model)', () => {
    let client: EmulatorTestClient;
    before(async () => {
      client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    });
    after(() => client.close());

    it('lists every model without definitions by default', async () => {
      const res = await client.call('GET', '/models');
      assert.equal(res.status, 200);
      const ids = res.json.map((m: { id: string }) => m.id);
      for (const id of Object.values(M)) assert.ok(ids.includes(id), id);
      assert.ok(ids.includes('dtmi:com:example:Orphan;1'));
      assert.equal(res.json[0].modelDefinition, undefined);
      assert.ok(res.json[0].uploadTime);
    });

    it('loads a folder that checks clean without warnings', () => {
      assert.deepEqual(client.emulator.warnings, []);
    });

    it('includes definitions as JSON strings on request', async () => {
      const res = await client.call('GET', '/models?includeModelDefinitions=true');
      const room = res.json.find((m: { id: string }) => m.id === M.room);
      assert.equal(typeof room.modelDefinition, 'string');
      assert.equal(JSON.parse(room.modelDefinition)['@id'], M.room);
    });

    it('rootModel returns the root and all its descendants', async () => {
      const res = await client.call('GET', `/models?rootModel=${encodeURIComponent(M.space)}`);
      assert.deepEqual(res.json.map((m: { id: string }) => m.id).sort(), [M.building, M.level, M.room, M.space].sort());
    });

    it('rootModel: an unknown root, or one that is not a DTMI (not checked), has no models: 200 []', async () => {
      for (const root of ['dtmi:com:example:Nope;1', 'not-a-dtmi']) {
        const res = await client.call('GET', `/models?rootModel=${encodeURIComponent(root)}`);
        assert.equal(res.status, 200, root);
        assert.deepEqual(res.json, [], root);
      }
    });

    it('GET /models/{id}: the model, with its definition as a string only when includeModelDefinitions=true; displayName as a language map', async () => {
      const bare = await client.call('GET', `/models/${encodeURIComponent(M.twin)}`);
      assert.equal(bare.status, 200);
      assert.ok(!('modelDefinition' in bare.json), 'no definition unless asked for (the service defaults to false)');
      assert.ok(
        !(
          'modelDefinition' in
          (await client.call('GET', `/models/${encodeURIComponent(M.twin)}?includeModelDefinitions=false`)).json
        ),
      );
      const res = await client.call('GET', `/models/${encodeURIComponent(M.twin)}?includeModelDefinitions=true`);
      assert.equal(res.status, 200);
      assert.equal(typeof res.json.modelDefinition, 'string');
      assert.deepEqual(res.json.displayName, { en: 'Twin' });
      assert.equal((await client.call('GET', `/models/${encodeURIComponent(M.equipment)}`)).status, 200);
    });

    it('GET /models/{id}: 400 for an invalid id, 404 for an unknown one', async () => {
      assert.equal((await client.call('GET', '/models/not%20a%20model')).status, 400);
      assert.equal((await client.call('GET', '/models/%20')).status, 400);
      const missing = await client.call('GET', `/models/${encodeURIComponent('dtmi:com:example:Nope;1')}`);
      assert.equal(missing.status, 404);
      assert.equal(missing.json.statusCode, 404, 'models answer errors as {statusCode, message, data}');
      assert.match(missing.json.message, /Nope/);
    });
  });

  describe('the Willow ontology (3,700 models)', function () {
    this.timeout(120000);
    let client: EmulatorTestClient;
    before(async () => {
      client = await EmulatorTestClient.start({ sample: true, models: [willowOntology()] });
    });
    after(() => client?.close());

    it('loads and serves every model, next to the sample models', async () => {
      const res = await client.call('GET', '/models');
      const ids: string[] = res.json.map((m: { id: string }) => m.id);
      assert.ok(ids.filter((id) => id.startsWith('dtmi:com:willowinc:')).length >= 3600, `${ids.length} models`);
      assert.ok(ids.some((id) => id.startsWith('dtmi:com:buildingtwins:sample:')));
      const room = await client.call(
        'GET',
        `/models/${encodeURIComponent('dtmi:com:willowinc:Room;1')}?includeModelDefinitions=true`,
      );
      assert.equal(room.status, 200);
      assert.equal(JSON.parse(room.json.modelDefinition)['@id'], 'dtmi:com:willowinc:Room;1');
    });

    it('answers rootModel with the Space subtree', async () => {
      const res = await client.call('GET', `/models?rootModel=${encodeURIComponent('dtmi:com:willowinc:Space;1')}`);
      const ids: string[] = res.json.map((m: { id: string }) => m.id);
      assert.ok(ids.includes('dtmi:com:willowinc:Room;1') && ids.includes('dtmi:com:willowinc:Level;1'));
      assert.ok(!ids.includes('dtmi:com:willowinc:Asset;1'));
    });

    it('validates twins against Willow models, inherited properties included', async () => {
      const ok = await client.call('PUT', '/twins', {
        id: 'W-ROOM-1',
        modelId: 'dtmi:com:willowinc:Room;1',
        contents: { name: 'Room 1' },
      });
      assert.equal(ok.status, 200, ok.text);
      const bad = await client.call('PUT', '/twins', {
        id: 'W-ROOM-2',
        modelId: 'dtmi:com:willowinc:Room;1',
        contents: { notAWillowProperty: 1 },
      });
      assert.equal(bad.status, 400);
    });
  });
});
