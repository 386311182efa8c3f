import * as assert from 'node:assert/strict';
import type { Insight } from '../../../src/core/api/types';
import { EmulatorTestClient } from './emulatorTestClient';

describe('emulator admin route PUT /_emulator/insights', () => {
  let client: EmulatorTestClient;
  const seed = (body: unknown) => client.admin('PUT', '/_emulator/insights', body);

  before(async () => {
    client = await EmulatorTestClient.start({ sample: false });
  });
  after(() => client.close());

  const ROOT = '6f1c2a4e-0b7d-4c51-9a3e-2d8f5b6c7a01';
  const CHILD = '6f1c2a4e-0b7d-4c51-9a3e-2d8f5b6c7a02';

  it("hides insights with no occurrence (occurrenceCount 0) from lists and GET, as the service's query filter does", async () => {
    const own = await EmulatorTestClient.start({ sample: false });
    try {
      const hidden = '7a000000-0000-4000-8000-000000000001';
      const shown = '7a000000-0000-4000-8000-000000000002';
      const seeded = await own.admin('PUT', '/_emulator/insights', [
        { id: hidden, scenarioId: null, name: 'No occurrence', occurrenceCount: 0 },
        { id: shown, scenarioId: null, name: 'Occurred', occurrenceCount: 1 },
      ]);
      assert.equal(seeded.status, 200);
      const page = (await own.call('POST', '/insights', { pageSize: 1000 })).json as {
        total: number;
        items: Insight[];
      };
      assert.deepEqual(
        page.items.map((i) => i.id),
        [shown],
      );
      assert.equal(page.total, 1);
      assert.equal((await own.call('GET', `/insights/${hidden}`)).status, 404);
      assert.equal((await own.call('GET', `/insights/${shown}`)).status, 200);
    } finally {
      await own.close();
    }
  });

  it('stores a root and its child, which POST /insights then pages as a family', async () => {
    const res = await seed([
      { id: ROOT.toUpperCase(), scenarioId: null, name: 'Seeded root', twinId: null },
      { id: CHILD, scenarioId: `{${ROOT}}`, name: 'Seeded child' },
    ]);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { storedCount: 2 });
    const page = (await client.call('POST', '/insights', {})).json as { total: number; items: Insight[] };
    assert.equal(page.total, 1);
    assert.deepEqual(
      page.items.map((i) => [i.id, i.scenarioId ?? null]),
      [
        [ROOT, null],
        [CHILD, ROOT],
      ],
      'ids are stored in canonical form',
    );
    assert.equal((await client.call('GET', `/insights/${CHILD}`)).json.name, 'Seeded child');
  });

  it('completes each status from the other: legacy status from lastStatus, and the reverse', async () => {
    const ids = [
      '7a000000-0000-4000-8000-000000000001',
      '7a000000-0000-4000-8000-000000000002',
      '7a000000-0000-4000-8000-000000000003',
      '7a000000-0000-4000-8000-000000000004',
    ];
    const res = await seed([
      { id: ids[0], scenarioId: null, lastStatus: 'readyToResolve' },
      { id: ids[1], scenarioId: null, status: 'acknowledged' },
      { id: ids[2], scenarioId: null, status: 'resolved' },
      { id: ids[3], scenarioId: null },
    ]);
    assert.equal(res.status, 200);
    const got = await Promise.all(ids.map(async (id) => (await client.call('GET', `/insights/${id}`)).json as Insight));
    assert.deepEqual(
      got.map((i) => [i.status, i.lastStatus]),
      [
        ['inProgress', 'readyToResolve'],
        ['acknowledged', 'ignored'],
        ['closed', 'resolved'],
        [undefined, undefined],
      ],
    );
  });

  it('refuses the whole array when one item is invalid (an id that is no GUID, an unknown root), naming it, and stores nothing', async () => {
    const kept = '8b000000-0000-4000-8000-000000000001';
    const res = await seed([
      { id: kept, scenarioId: null },
      { id: '8b000000-0000-4000-8000-000000000002', scenarioId: 'no-such-root' },
      { name: 'no id' },
      { id: 'root-1', scenarioId: null },
    ]);
    assert.equal(res.status, 400);
    const problem = (await res.json()) as { errors: Record<string, string[]> };
    assert.deepEqual(Object.keys(problem.errors).sort(), ['[1].scenarioId', '[2].id', '[3].id']);
    assert.equal((await client.call('GET', `/insights/${kept}`)).status, 404);
  });

  it('answers 400 for a body that is not an array and 405 for other methods', async () => {
    assert.equal((await seed({ id: 'x' })).status, 400);
    const res = await client.admin('GET', '/_emulator/insights');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'PUT');
  });
});
