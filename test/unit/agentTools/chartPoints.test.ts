import * as assert from 'node:assert/strict';
import { chartPointsOf } from '../../../src/core/agentTools/chartPoints';

describe('chart points of a tool answer', () => {
  it('takes the points of each series that has them, with the range', () => {
    const data = {
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-11-02T00:00:00.000Z',
      series: {
        'T-1': {
          count: 3,
          points: [
            ['2026-11-01T00:00:00.000Z', 20.5],
            ['2026-11-01T12:00:00.000Z', 21],
          ],
        },
        'T-2': { count: 0 },
        'T-3': { missing: 'no such twin' },
      },
    };
    assert.deepEqual(chartPointsOf(data), {
      start: data.start,
      end: data.end,
      series: [
        {
          twinId: 'T-1',
          points: [
            ['2026-11-01T00:00:00.000Z', 20.5],
            ['2026-11-01T12:00:00.000Z', 21],
          ],
        },
      ],
    });
  });

  it('has none for a summary without points, malformed points or other answers', () => {
    assert.equal(chartPointsOf({ series: { a: { count: 2, min: 1 } } }), undefined);
    assert.equal(chartPointsOf({ series: { a: { points: [['t', 'not a number']] } } }), undefined);
    assert.equal(chartPointsOf({ series: [] }), undefined);
    assert.equal(chartPointsOf({ twins: [] }), undefined);
  });
});
