// An agent that follows the tools' paging as documented sees every twin once, and a cut time series still covers
// its whole range: scripted sessions over a 10,000-twin portfolio, at the full answer cap and a chat's small budget.
import * as assert from 'node:assert/strict';
import { MAX_ANSWER_CHARS } from '../../../src/core/agentTools/toolAnswer';
import { answerOf as call, TOOL_NOW as NOW, toolSession } from './toolSession';

const TWINS = 10_000;
/** A chat's tool budget of about 1,300 tokens, as VS Code may give a tool. */
const SMALL_BUDGET = 4_000;

describe('agent tools: paging never skips, cut series keep their range', function () {
  this.timeout(120_000);
  const session = toolSession({ scale: TWINS });

  for (const [limit, budget] of [
    [20, MAX_ANSWER_CHARS],
    [50, MAX_ANSWER_CHARS],
    [50, SMALL_BUDGET],
  ] as const) {
    it(`find_twins at limit ${limit} within ${budget} characters: every twin exactly once`, async () => {
      const seen = new Map<string, number>();
      let total: number | undefined;
      let token: string | undefined;
      let pages = 0;
      do {
        const { data } = await call(
          session.ctx,
          'find_twins',
          { limit, ...(token ? { continuationToken: token } : {}) },
          budget,
        );
        total ??= data.total as number;
        for (const twin of data.twins as Array<{ id: string }>) seen.set(twin.id, (seen.get(twin.id) ?? 0) + 1);
        assert.ok(!/twins: first/.test(String(data.cut ?? '')), `a page was cut: ${String(data.cut)}`);
        token = data.continuationToken as string | undefined;
        pages++;
      } while (token);
      assert.equal(total, TWINS);
      assert.equal(seen.size, TWINS, `${TWINS - seen.size} twins never seen in ${pages} pages`);
      assert.deepEqual(
        [...seen].filter(([, n]) => n > 1),
        [],
        'no twin twice',
      );
    });
  }

  it('time_series for 10 twins over 7 days with 200 points each (3 in a small budget), cut to fit: fewer points, each series over its whole range, and it says so', async () => {
    const { data: found } = await call(session.ctx, 'find_twins', { name: 'Zone air temperature', limit: 10 });
    const sensors = (found.twins as Array<{ id: string }>).map((t) => t.id);
    assert.equal(sensors.length, 10);
    for (const [ids, budget] of [
      [sensors, MAX_ANSWER_CHARS],
      [sensors.slice(0, 3), SMALL_BUDGET],
    ] as const) {
      await session.emu.clearRequests();
      const { data } = await call(session.ctx, 'time_series', { twinIds: ids, range: '7d', points: 200 }, budget);
      // The units come with one request for every twin, not one per twin (the twins' rate limit counts each).
      const twinReads = (await session.emu.requests())
        .map((r) => `${r.method} ${r.path.replace(/^\/api\/v3/, '').replace(/\?.*/, '')}`)
        .filter((line) => line.includes(' /twins'));
      assert.deepEqual(twinReads, ['POST /twins/ids']);
      const series = data.series as Record<
        string,
        { unit?: string; count: number; first: { time: string }; last: { time: string }; points: string[][] }
      >;
      const perTwin = series[ids[0]!]!.points.length;
      assert.ok(perTwin >= 2 && perTwin < 200, `${perTwin} points per twin`);
      assert.match(String(data.cut), new RegExp(`points: ${perTwin} per twin instead of 200, downsampled over`));
      for (const id of ids) {
        const s = series[id]!;
        assert.equal(s.unit, 'degC');
        assert.equal(s.points.length, perTwin, id);
        // LTTB keeps the first and last point: the chart spans the series' whole range, not its oldest hours.
        assert.equal(s.points[0]![0], s.first.time, id);
        assert.equal(s.points.at(-1)![0], s.last.time, id);
        assert.equal(s.last.time, new Date(NOW).toISOString(), id);
      }
    }
    // Not even two points per twin fit beside ten summaries in a small budget: none, and the note says so.
    const { data } = await call(
      session.ctx,
      'time_series',
      { twinIds: sensors, range: '7d', points: 200 },
      SMALL_BUDGET,
    );
    assert.match(String(data.cut), /points: none/);
  });
});
