import * as assert from 'node:assert/strict';
import type { Insight } from '../../../src/core/api/types';
import { EmulatorTestClient } from './emulatorTestClient';

describe('emulator admin route PUT /_emulator/insights', () => {
  let client: EmulatorTestClient;
  const seed = (body: unknown) =>
    client.admin('PUT', '/_emulator/insights', body);

  before(async () => {
    client = await EmulatorTestClient.start({ sample: false });
  });
  after(() => client.close());

  it('stores a root and its child, which POST /insights then pages as a family', async () => {
    const res = await seed([
      { id: 'root-1', scenarioId: null, name: 'Seeded root', twinId: null },
      { id: 'child-1', scenarioId: 'root-1', name: 'Seeded child' },
    ]);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { storedCount: 2 });
    const page = (await client.call('POST', '/insights', {})).json as { total: number; items: Insight[] };
    assert.equal(page.total, 1);
    assert.deepEqual(page.items.map((i) => [i.id, i.scenarioId]), [['root-1', null], ['child-1', 'root-1']]);
  });

  it('refuses the whole array when one item is invalid, naming it, and stores nothing', async () => {
    const res = await seed([{ id: 'root-2', scenarioId: null }, { id: 'orphan', scenarioId: 'no-such-root' }, { name: 'no id' }]);
    assert.equal(res.status, 400);
    const problem = (await res.json()) as { errors: Record<string, string[]> };
    assert.deepEqual(Object.keys(problem.errors).sort(), ['[1].scenarioId', '[2].id']);
    assert.equal((await client.call('GET', '/insights/root-2')).status, 404);
  });

  it('answers 400 for a body that is not an array and 405 for other methods', async () => {
    assert.equal((await seed({ id: 'x' })).status, 400);
    const res = await client.admin('GET', '/_emulator/insights');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'PUT');
  });
});
