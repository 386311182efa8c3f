import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import type { BuildingTwinsClient } from '../../../src/core/api/client';
import { collect } from '../../../src/core/api/paging';
import type { DigitalTwin } from '../../../src/core/api/types';
import { EmulatorHarness } from './emulatorHarness';
import { describeEachExchange } from './exchanges';

const SAMPLE_CAPABILITY = 'dtmi:com:buildingtwins:sample:Capability;1';

describeEachExchange('BuildingTwinsClient against the emulator: operations', function (exchange) {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let client: BuildingTwinsClient;

  before(async () => {
    emu = await EmulatorHarness.start({}, exchange);
    client = emu.client().client;
  });
  after(() => emu?.close());

  async function someTwinOf(modelId: string): Promise<DigitalTwin> {
    const page = await client.listTwins({ modelFilter: { modelIds: [modelId] }, pageSize: 1 });
    assert.ok(page.content[0], `the sample has a ${modelId} twin`);
    return page.content[0];
  }

  it('gets a token and lists and reads models', async () => {
    const token = await client.getToken();
    assert.equal(token.token_type, 'Bearer');
    assert.ok(token.expires_in > 0);
    const models = await client.listModels();
    assert.ok(models.length > 0);
    const model = await client.getModel(models[0]!.id);
    assert.equal(model.id, models[0]!.id);
    assert.equal(typeof model.modelDefinition, 'string');
    await assert.rejects(
      client.getModel('dtmi:com:example:DoesNotExist;1'),
      (e: unknown) => e instanceof ApiError && e.status === 404 && e.operation === 'getModel',
    );
  });

  it('walks every page of twins and agrees with the count', async () => {
    const total = await client.countTwins();
    const firstPage = await client.listTwins({ pageSize: 7 });
    assert.equal(firstPage.content.length, 7);
    assert.ok(firstPage.continuationToken);
    const all = await collect(client.iterateTwins({ pageSize: 50 }));
    assert.equal(all.length, total);
    assert.equal(new Set(all.map((t) => t.id)).size, total, 'no twin twice');
    const capabilities = await client.countTwins({ modelFilter: { modelIds: [SAMPLE_CAPABILITY] } });
    assert.ok(capabilities > 0 && capabilities < total);
  });

  it('puts, reads and patches a twin; ids lookups report what was omitted', async () => {
    const base = await someTwinOf('dtmi:com:buildingtwins:sample:Building;1');
    const twin = await client.putTwin({
      id: 'client-test-building',
      modelId: base.modelId,
      contents: { name: 'Client test' },
    });
    assert.equal(twin.id, 'client-test-building');
    assert.equal((await client.getTwin('client-test-building')).contents?.name, 'Client test');
    assert.equal(
      await client.patchTwin('client-test-building', [{ op: 'replace', path: '/name', value: 'Patched' }]),
      undefined,
    );
    assert.equal((await client.getTwin('client-test-building')).contents?.name, 'Patched');
    const { twins, omitted } = await client.getTwinsByIds(['client-test-building', 'no-such-twin', base.id]);
    assert.deepEqual(twins.map((t) => t.id).sort(), [base.id, 'client-test-building'].sort());
    assert.deepEqual(omitted, ['no-such-twin']);
    await assert.rejects(client.getTwin('no-such-twin'), (e: unknown) => e instanceof ApiError && e.status === 404);
  });

  it('puts relationships idempotently and lists them both ways; the graph keeps the root', async () => {
    const withRelationships = await client.listTwins({ include: { outgoingRelationships: true }, pageSize: 100 });
    const existing = withRelationships.content.flatMap((t) => t.outgoingRelationships ?? [])[0];
    assert.ok(existing?.id, 'the sample has relationships');
    const again = await client.putRelationship({ ...existing, id: 'ignored-id' });
    assert.equal(again.id, existing.id, 'the service derives the id; the same PUT changes nothing');
    assert.equal((await client.getRelationship(existing.sourceId, existing.id)).targetId, existing.targetId);
    assert.ok((await client.listOutgoingRelationships(existing.sourceId)).some((r) => r.id === existing.id));
    assert.ok((await client.listIncomingRelationships(existing.targetId)).some((r) => r.id === existing.id));
    const graph = await client.getTwinGraph({
      id: existing.sourceId,
      alias: 'Root',
      relationships: [{ alias: 'Nothing', relationshipNames: ['ownedBy'], direction: 'Outgoing' }],
    });
    assert.equal(graph.twin.id, existing.sourceId);
    assert.deepEqual(
      graph.related.flatMap((c) => c.items),
      [],
      'outer join: the root comes back alone',
    );
  });

  it('sends time series and reads it back page by page, latest one and many', async () => {
    const capability = await someTwinOf(SAMPLE_CAPABILITY);
    const base = Date.parse('2020-01-01T00:00:00Z');
    const entries = Array.from({ length: 25 }, (_, i) => ({
      connectorId: 'client-test',
      dtId: capability.id,
      sourceTimestamp: new Date(base + i * 60_000).toISOString(),
      scalarValue: i,
    }));
    // Keyed by twinId as the docs' example does: the client sends dtId, the only key the service reads.
    const [first, ...rest] = entries;
    const { dtId, ...keyedByTwinId } = first!;
    assert.deepEqual(await client.sendTimeSeries([{ ...keyedByTwinId, twinId: dtId }, ...rest]), { sent: 25 });
    const range = { start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' };
    const page = await client.getTimeSeries(capability.id, { ...range, pageSize: 10 });
    assert.equal(page.data?.length, 10);
    assert.ok(page.continuationToken);
    const values = await collect(client.iterateTimeSeries(capability.id, { ...range, pageSize: 10 }));
    assert.deepEqual(
      values.map((v) => v.scalarValue),
      entries.map((e) => e.scalarValue),
    );
    const viaIds = await collect(client.iterateTimeSeriesByIds([capability.id], { ...range, pageSize: 7 }));
    assert.equal(viaIds.length, 25);
    // Latest looks back one hour: a value sent now is the one it finds.
    await client.sendTimeSeries([
      { connectorId: 'client-test', dtId: capability.id, sourceTimestamp: new Date().toISOString(), scalarValue: 99.5 },
    ]);
    assert.equal((await client.getLatestTimeSeries(capability.id))?.scalarValue, 99.5);
    const many = await client.getLatestTimeSeriesByIds([capability.id, 'no-such-twin']);
    assert.deepEqual(
      many.map((d) => [d.twinId, d.scalarValue]),
      [[capability.id, 99.5]],
    );
    assert.deepEqual(
      await client.getLatestTimeSeriesByIds(['no-such-twin']),
      [],
      'the 404 for "none of these twins" is an empty list',
    );
    const none = await client.getTimeSeriesByIds(['no-such-twin', 'nor-this'], range);
    assert.deepEqual(
      [none.data, none.continuationToken, none.errorData?.ids],
      [[], null, ['no-such-twin', 'nor-this']],
    );
  });

  it('keeps working when an onRequest listener throws', async () => {
    const noisy = emu.client({
      onRequest: () => {
        throw new Error('listener broke');
      },
    }).client;
    assert.ok((await noisy.listModels()).length > 0);
  });

  it('refuses bad input locally with nothing sent', async () => {
    await emu.clearRequests();
    const refused = (e: unknown) => e instanceof ApiError && e.kind === 'invalid-request';
    await assert.rejects(async () => client.listTwins({ pageSize: 1001 }), refused);
    await assert.rejects(async () => client.patchTicket('t1', [{ op: 'add', path: '/summary', value: 'x' }]), refused);
    await assert.rejects(async () => client.listTickets({ pageSize: 1001 }), refused);
    await assert.rejects(async () => client.getTimeSeriesByIds(['x'], {}), /start is required/);
    await assert.rejects(async () => client.getTimeSeries('x', { start: '2024-01-01T00:00:00Z' }), /end is required/);
    await assert.rejects(
      async () => client.sendTimeSeries([{ connectorId: 'c', sourceTimestamp: 'x', scalarValue: 1 }]),
      refused,
    );
    await assert.rejects(async () => client.putTwin({ id: '', modelId: 'm' }), /twin id must be a non-empty string/);
    assert.deepEqual(await emu.requests(), []);
  });
});
