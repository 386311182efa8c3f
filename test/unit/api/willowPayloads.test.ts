import * as assert from 'node:assert/strict';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { apiFailure, fakeServicesPerTest, type FakeAnswer, type FakeRequest } from './fakeService';
import * as W from './fixtures/willowPayloads';

// Every reader of the client over payloads shaped like Willow's own (fixtures/willowPayloads.ts).
describe("the client reads payloads shaped like Willow's own", function () {
  this.timeout(30_000);
  const start = fakeServicesPerTest();

  const routes: Record<string, FakeAnswer> = {
    'GET /twins/Room-101': { status: 200, body: W.twinWithRelationships },
    'GET /twins/Room-102': { status: 200, body: W.adtTwin },
    'POST /twins': { status: 200, body: W.twinsPage },
    'POST /twins/ids': { status: 200, body: W.twinsByIdsPage },
    'GET /twins/Room-101/relationships/outgoing': { status: 200, body: [W.adtRelationship] },
    'GET /twins/Room-101/relationships/incoming': { status: 200, body: W.twinWithRelationships.incomingRelationships },
    'GET /models': { status: 200, body: W.modelResponses },
    'GET /twins/Missing': { status: 404, body: W.notFoundProblem },
    'PUT /twins': { status: 500, body: W.exceptionFilterError },
    'GET /tickets/T-1': { status: 400, body: W.validationProblem },
  };
  const answer = (r: FakeRequest): FakeAnswer | undefined =>
    routes[`${r.method} ${r.path}`] ??
    (r.path === `/models/${encodeURIComponent(W.ROOM)}` ? { status: 200, body: W.modelResponses[1] } : undefined);

  it('twins: wrapped, bare, in pages and by ids, with update times, components and relationship properties as sent', async () => {
    const client = (await start(answer)).client();
    const room = await client.getTwin('Room-101');
    assert.deepEqual([room.id, room.modelId, room.lastUpdateTime], ['Room-101', W.ROOM, W.UPDATED]);
    assert.deepEqual(room.contents, { name: 'Meeting room 101', externalID: 'MR-101' });
    assert.deepEqual(room.outgoingRelationships, [
      {
        id: 'Room-101-isPartOf-Level-1',
        $etag: 'W/"77aa"',
        sourceId: 'Room-101',
        targetId: 'Level-1',
        name: 'isPartOf',
        properties: { EffectiveDate: W.UPDATED, sortOrder: 3 },
      },
    ]);
    assert.deepEqual(room.incomingRelationships, [
      { id: 'Sensor-7-isLocatedIn-Room-101', sourceId: 'Sensor-7', targetId: 'Room-101', name: 'isLocatedIn' },
    ]);

    const bare = await client.getTwin('Room-102');
    assert.deepEqual(
      [bare.id, bare.modelId, bare.lastUpdateTime, bare.etag],
      ['Room-102', W.ROOM, undefined, W.adtTwin.$etag],
    );
    assert.deepEqual(
      Object.keys(bare.contents ?? {}),
      ['name', 'Capacity', 'siteID', 'hvacZone'],
      'property names keep their case; the component stays',
    );

    const page = await client.listTwins({ pageSize: 2 });
    assert.deepEqual(
      page.content.map((t) => [t.id, t.modelId, t.lastUpdateTime]),
      [
        ['Level-1', W.SPACE, W.UPDATED],
        ['Room-101', W.ROOM, W.UPDATED],
      ],
    );
    assert.equal(page.continuationToken, W.twinsPage.continuationToken);

    const byIds = await client.getTwinsByIds(['Room-101', 'Nope']);
    assert.deepEqual(
      byIds.twins.map((t) => [t.id, t.lastUpdateTime]),
      [['Room-101', W.UPDATED]],
    );
    assert.deepEqual(byIds.omitted, ['Nope']);
  });

  it('relationships: root properties become properties, names as sent; incoming ones carry none', async () => {
    const client = (await start(answer)).client();
    assert.deepEqual((await client.listOutgoingRelationships('Room-101'))[0]?.properties, { EffectiveDate: W.UPDATED });
    const [incoming] = await client.listIncomingRelationships('Room-101');
    assert.deepEqual(
      [incoming?.sourceId, incoming?.name, incoming?.properties],
      ['Sensor-7', 'isLocatedIn', undefined],
    );
  });

  it("models: ModelResponse with the DTDL as text under `model`, and the lifecycle service's DTDL objects without `@`", async () => {
    const client = (await start(answer)).client();
    const models = await client.listModels({ includeModelDefinitions: true });
    const index = ModelIndex.fromServiceModels(models);
    assert.ok(index.properties(W.ROOM).has('Capacity'));
    assert.ok(index.properties(W.ROOM).has('name'), 'inherited from the Space model');
    assert.equal((await client.getModel(W.ROOM)).modelDefinition, W.modelResponses[1].model);

    routes['GET /models'] = { status: 200, body: W.bareKeywordModels };
    const bare = await client.listModels({ includeModelDefinitions: true });
    const definition = JSON.parse(bare[0]!.modelDefinition!) as Record<string, unknown>;
    assert.deepEqual(
      [definition['@id'], definition['@type'], definition['@context']],
      [W.ROOM, 'Interface', ['dtmi:dtdl:context;2']],
    );
    assert.ok(ModelIndex.fromServiceModels(bare).properties(W.ROOM).has('Capacity'));
    routes['GET /models'] = { status: 200, body: W.modelResponses };
  });

  it("errors: the exception filter's body, ProblemDetails with a traceId, ValidationProblemDetails", async () => {
    const client = (await start(answer)).client({ retry: { retries: 0 } });
    const missing = await apiFailure(client.getTwin('Missing'));
    assert.equal(missing.status, 404);
    assert.match(missing.message, /Not Found .*twin "Missing" does not exist/);
    const failed = await apiFailure(client.putTwin({ id: 'Room-101', modelId: W.ROOM, contents: {} }));
    assert.equal(failed.status, 500);
    assert.match(failed.message, /Field : siteID Value: HQ Message: Invalid GUID Format\./);
    const invalid = await apiFailure(client.getTicket('T-1'));
    assert.deepEqual(invalid.fieldErrors, [{ field: 'ticketId', message: "The value 'T-1' is not valid." }]);
  });
});
