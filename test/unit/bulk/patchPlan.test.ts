// The bulk patch's plan against the emulator's sample building: each twin read and checked against its model,
// refusals with their reasons, nothing sent while planning.
import * as assert from 'node:assert/strict';
import type { BuildingTwinsClient } from '../../../src/core/api/client';
import { bulkChangeProblem, planTwinPatches } from '../../../src/core/bulk/patchPlan';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { EmulatorHarness } from '../api/emulatorHarness';

const R1 = 'HP-L01-R01';
const R2 = 'HP-L01-R02';
const LEVEL = 'HP-L01';

describe('planTwinPatches (bulk patch plan)', function () {
  this.timeout(30_000);
  let emu: EmulatorHarness;
  let client: BuildingTwinsClient;
  let index: ModelIndex;

  before(async () => {
    emu = await EmulatorHarness.start();
    client = emu.client().client;
    index = ModelIndex.fromServiceModels(await client.listModels({ includeModelDefinitions: true }));
  });
  after(() => emu?.close());
  beforeEach(() => emu.clearRequests());

  const patches = async (): Promise<number> => (await emu.requests()).filter((r) => r.method === 'PATCH').length;

  it('sets a property typed by each model, refusing twins whose model lacks it and ids that are not there', async () => {
    const plan = await planTwinPatches(
      [R1, R2, LEVEL, 'NO-SUCH-TWIN', R1],
      { kind: 'set', property: 'capacity', value: '12' },
      { client, index },
    );
    assert.deepEqual(
      plan.patches.map((p) => [p.twinId, p.position, p.patch]),
      [
        [R1, 1, [{ op: 'replace', path: '/capacity', value: 12 }]],
        [R2, 2, [{ op: 'replace', path: '/capacity', value: 12 }]],
      ],
    );
    assert.deepEqual(
      plan.refused.map((r) => r.twinId),
      [LEVEL, 'NO-SUCH-TWIN'],
    );
    assert.match(plan.refused[0].reason, /has no property "capacity"/);
    assert.equal(plan.refused[1].reason, 'no such twin on the service');
    assert.deepEqual(plan.countsByModel, { 'dtmi:com:buildingtwins:sample:Room;1': 2 });
    assert.equal(await patches(), 0, 'planning sends nothing');
  });

  it('refuses a value the schema cannot read, and a patch whose result the model refuses', async () => {
    const typed = await planTwinPatches([R1], { kind: 'set', property: 'capacity', value: 'many' }, { client, index });
    assert.deepEqual(typed.patches, []);
    assert.match(typed.refused[0].reason, /"capacity": "many" is not an integer/);
    const patched = await planTwinPatches(
      [R1, R2],
      { kind: 'patch', patch: [{ op: 'replace', path: '/contents/roomType', value: 'ballroom' }] },
      { client, index },
    );
    assert.deepEqual(patched.patches, []);
    assert.equal(patched.refused.length, 2);
    assert.match(patched.refused[0].reason, /^its model refuses the result: \/contents\/roomType: must be one of/);
    const missing = await planTwinPatches(
      [R1],
      { kind: 'patch', patch: [{ op: 'replace', path: '/nothingHere', value: 1 }] },
      { client, index },
    );
    assert.match(missing.refused[0].reason, /^the patch does not apply: /);
  });

  it('writes paths from the properties (/contents/x becomes /x) and leaves out twins that hold the values already', async () => {
    const twin = await client.getTwin(R1);
    const plan = await planTwinPatches(
      [R1, R2],
      { kind: 'patch', patch: [{ op: 'replace', path: '/contents/capacity', value: twin.contents?.capacity }] },
      { client, index },
    );
    assert.deepEqual(plan.unchanged, [R1]);
    assert.deepEqual(
      plan.patches.map((p) => p.patch),
      [[{ op: 'replace', path: '/capacity', value: twin.contents?.capacity }]],
    );
  });

  it('reads twins in batches and not at all when they were read just before', async () => {
    await planTwinPatches(
      [R1, R2, LEVEL],
      { kind: 'set', property: 'name', value: 'x' },
      { client, index, batchSize: 2 },
    );
    assert.equal((await emu.requests()).filter((r) => r.path.endsWith('/twins/ids')).length, 2);
    await emu.clearRequests();
    const read = (await client.getTwinsByIds([R1, R2])).twins;
    await emu.clearRequests();
    const plan = await planTwinPatches(
      [R1, R2],
      { kind: 'set', property: 'name', value: 'x' },
      { client, index, read },
    );
    assert.equal(plan.patches.length, 2);
    assert.deepEqual(await emu.requests(), []);
  });

  it('refuses a change it cannot use before reading anything', async () => {
    for (const [change, message] of [
      [{ kind: 'patch', patch: [] }, /non-empty array/],
      [{ kind: 'patch', patch: [{ op: 'replace', path: 'name', value: 1 }] }, /JSON Pointer starting with "\/"/],
      [{ kind: 'patch', patch: [{ op: 'add', path: '/name' }] }, /needs a "value"/],
      [{ kind: 'patch', patch: [{ op: 'merge', path: '/name', value: 1 }] }, /"op" must be one of/],
      [{ kind: 'patch', patch: [{ op: 'add', path: '/__proto__/x', value: 1 }] }, /__proto__/],
      [{ kind: 'set', property: ' ', value: '1' }, /property name is empty/],
      [{ kind: 'set', property: 'address/city', value: 'x' }, /is a path/],
    ] as const) {
      assert.match(bulkChangeProblem(change as never) ?? '', message);
      await assert.rejects(planTwinPatches([R1], change as never, { client, index }), /Nothing was read or sent/);
    }
    assert.deepEqual(await emu.requests(), []);
  });
});
