import * as assert from 'node:assert/strict';
import {
  insightBadge,
  openInsightsRequest,
  OPEN_INSIGHTS_LIMIT,
  readOpenInsights,
  summarizeOpenInsights,
} from '../../../src/core/api/openInsights';
import type { BatchPage, BatchRequest, Insight } from '../../../src/core/api/types';
import { EmulatorHarness } from './emulatorHarness';

const insight = (id: string, twinId: string | null, priority: number | undefined, lastStatus = 'open'): Insight => ({
  id,
  scenarioId: null,
  twinId,
  priority,
  lastStatus,
  name: `insight ${id}`,
});

describe('open insights by twin (explorer badges and tooltips)', () => {
  it('counts open insights per twin with the most urgent priority, most urgent names first', () => {
    const summary = summarizeOpenInsights([
      insight('a', 'T1', 3),
      insight('b', 'T1', 1, 'inProgress'),
      insight('c', 'T1', 2, 'resolved'),
      insight('d', 'T2', undefined, 'new'),
      insight('e', null, 1),
      insight('f', 'T3', 2, 'ignored'),
    ]);
    assert.deepEqual(summary.byTwin.get('T1'), { count: 2, topPriority: 1, names: ['insight b', 'insight a'] });
    assert.deepEqual(summary.byTwin.get('T2'), { count: 1, topPriority: undefined, names: ['insight d'] });
    assert.equal(summary.byTwin.has('T3'), false);
    assert.equal(summary.byTwin.size, 2);
    assert.equal(summary.truncated, false);
  });

  it('keeps five names per twin and says "9+" on a badge above nine', () => {
    const many = Array.from({ length: 12 }, (_, i) => insight(`i${i}`, 'T', 4 - (i % 4)));
    const entry = summarizeOpenInsights(many).byTwin.get('T');
    assert.equal(entry?.count, 12);
    assert.equal(entry?.names.length, 5);
    assert.deepEqual([insightBadge(1), insightBadge(9), insightBadge(10), insightBadge(250)], ['1', '9', '9+', '9+']);
  });

  it('reads page after page and stops at the limit, saying so', async () => {
    const asked: BatchRequest[] = [];
    const client = {
      listInsights: (req: BatchRequest = {}): Promise<BatchPage<Insight>> => {
        asked.push(req);
        const items = Array.from({ length: 1000 }, (_, i) => insight(`${req.page}-${i}`, `T${i % 7}`, 2));
        return Promise.resolve({ before: 0, after: 100, total: 100_000, items });
      },
    };
    const summary = await readOpenInsights(client);
    assert.equal(asked.length, OPEN_INSIGHTS_LIMIT / 1000);
    assert.deepEqual(
      asked.map((r) => r.page),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(asked[0], openInsightsRequest(1));
    assert.equal(summary.truncated, true);
  });

  it('matches what the emulator lists as open for each twin of the sample building', async function () {
    this.timeout(30_000);
    const harness = await EmulatorHarness.start();
    try {
      const { client } = harness.client();
      const summary = await readOpenInsights(client);
      assert.ok(summary.byTwin.size > 0, 'the sample building has twins with open insights');
      const all: Insight[] = [];
      for await (const i of client.iterateInsights({ pageSize: 1000 })) all.push(i);
      const expected = new Map<string, number>();
      for (const i of all) {
        if (i.twinId && ['new', 'open', 'inProgress', 'readyToResolve'].includes(String(i.lastStatus)))
          expected.set(i.twinId, (expected.get(i.twinId) ?? 0) + 1);
      }
      assert.deepEqual(new Map([...summary.byTwin].map(([id, e]) => [id, e.count])), expected);
    } finally {
      await harness.emulator.close();
    }
  });
});
