// Insights are filtered and sorted on the stored entity (Willow source:
// extensions/real-estate/back-end/InsightCore/src/InsightCore/Entities/InsightEntity.cs, Services/InsightRepository.cs
// (`GetInsights`); the answer's `occurredDate` is stored as `LastOccurredDate`, Dto/InsightDto.cs).
import * as assert from 'node:assert/strict';
import type { Insight } from '../../../src/core/api/types';
import { FakeClock } from '../api/fakeClock';
import { EmulatorTestClient } from './emulatorTestClient';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('emulator: insights filtered and sorted on their stored fields (InsightCore InsightEntity.cs)', () => {
  let client: EmulatorTestClient;
  let all: Insight[];
  const list = async (body: unknown) => {
    const res = await client.call('POST', '/insights', { pageSize: 1000, ...(body as object) });
    assert.equal(res.status, 200, res.text);
    return res.json.items as Insight[];
  };

  before(async () => {
    const clock = new FakeClock();
    await clock.advance(NOW - clock.now());
    client = await EmulatorTestClient.start({ clock });
    all = await list({});
  });
  after(() => client.close());

  it('gives every sample insight the stored fields: site, rule, source, dates and model', () => {
    for (const insight of all) {
      assert.match(String(insight.siteId), /^[0-9a-f-]{36}$/, insight.id);
      assert.ok(insight.ruleId && insight.primaryModelId?.startsWith('dtmi:'), insight.id);
      assert.equal(insight.sourceType, 'willow');
      assert.ok(Date.parse(String(insight.detectedDate)) <= NOW && Date.parse(String(insight.occurredDate)) <= NOW);
    }
  });

  it('scopes a list to one site by siteId', async () => {
    const sites = [...new Set(all.map((i) => i.siteId))];
    assert.ok(sites.length >= 2, 'the sample spreads insights over two sites');
    const one = await list({ filterSpecifications: [{ field: 'siteId', operator: '=', value: sites[0] }] });
    assert.ok(one.length > 0 && one.length < all.length);
    assert.ok(one.every((i) => i.siteId === sites[0]));
  });

  it('filters by ruleId', async () => {
    const rule = all[0].ruleId!;
    const matched = await list({ filterSpecifications: [{ field: 'ruleId', operator: '=', value: rule }] });
    assert.ok(matched.length > 0 && matched.length < all.length);
    assert.ok(matched.every((i) => i.ruleId === rule || i.scenarioId));
  });

  it('sorts on detectedDate and on lastOccurredDate (sent as occurredDate)', async () => {
    const roots = (items: Insight[]) => items.filter((i) => !i.scenarioId);
    const detected = roots(await list({ sortSpecifications: [{ field: 'detectedDate', sort: 'asc' }] })).map((i) =>
      Date.parse(String(i.detectedDate)),
    );
    assert.deepEqual(
      detected,
      [...detected].sort((a, b) => a - b),
    );
    const occurred = roots(await list({ sortSpecifications: [{ field: 'lastOccurredDate', sort: 'desc' }] })).map((i) =>
      Date.parse(String(i.occurredDate)),
    );
    assert.deepEqual(
      occurred,
      [...occurred].sort((a, b) => b - a),
    );
  });

  it('ignores a filter on a field the stored insight lacks (ticketIds, occurredDate)', async () => {
    for (const field of ['ticketIds', 'occurredDate'])
      assert.equal((await list({ filterSpecifications: [{ field, operator: '=', value: 'x' }] })).length, all.length);
  });
});
