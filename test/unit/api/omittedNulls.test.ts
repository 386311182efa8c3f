import * as assert from 'node:assert/strict';
import {
  normalizeBatchPage,
  normalizeContinuationPage,
  normalizeInsight,
  normalizeTimeSeriesPage,
  normalizeTwin,
} from '../../../src/core/api/normalize';
import { EmulatorHarness } from './emulatorHarness';

// Every backend of the service leaves out null members (WhenWritingNull): readers treat absent and null alike.
describe('answers without their null members', function () {
  this.timeout(30_000);

  it('reads pages, insights and twins whose null members are absent as if they were null', () => {
    assert.equal(normalizeContinuationPage({ content: [] }, normalizeTwin).continuationToken, null);
    assert.equal(
      normalizeContinuationPage({ content: [], continuationToken: null }, normalizeTwin).continuationToken,
      null,
    );
    const series = normalizeTimeSeriesPage({});
    assert.deepEqual([series.data, series.continuationToken, series.errorData], [[], null, undefined]);
    assert.equal(normalizeInsight({ id: 'i' }).scenarioId, null);
    assert.equal(normalizeInsight({ id: 'i', scenarioId: null }).scenarioId, null);
    const page = normalizeBatchPage({ items: [{ id: 'i' }] }, normalizeInsight);
    assert.deepEqual([page.before, page.after, page.total], [0, 0, 1]);
    assert.deepEqual(normalizeTwin({ id: 'T', modelId: 'dtmi:x:Y;1' }).contents, undefined);
  });

  it('walks every page and every family of insights from the emulator, which omits null members', async () => {
    const emu = await EmulatorHarness.start({ sample: true });
    try {
      const client = emu.client().client;
      const insights: Array<{ id: string; scenarioId?: string | null }> = [];
      for await (const insight of client.iterateInsights({ pageSize: 50 })) insights.push(insight);
      const roots = insights.filter((i) => i.scenarioId === null);
      assert.ok(
        roots.length > 0 && roots.length < insights.length,
        'roots read as null scenarioId, children keep theirs',
      );
      let twins = 0;
      for await (const _twin of client.iterateTwins({ pageSize: 200 })) twins++;
      assert.equal(twins, await client.countTwins());
    } finally {
      await emu.close();
    }
  });
});
