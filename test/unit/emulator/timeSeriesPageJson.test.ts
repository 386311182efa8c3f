import * as assert from 'node:assert/strict';
import { Series } from '../../../src/emulator/store/timeSeriesStore';
import { dataQualityOf } from '../../../src/emulator/timeSeries/dataQuality';
import { isoTimestamps, timeSeriesPageJson } from '../../../src/emulator/timeSeries/timeSeriesPageJson';
import type { StoredTwin } from '../../../src/emulator/twins/twinGraph';

const twin = (id: string, contents: Record<string, unknown> = {}): StoredTwin => ({
  id,
  modelId: 'dtmi:x:Cap;1',
  lastUpdateTime: '2024-01-01T00:00:00Z',
  contents,
});

function series(
  connectorId: string,
  externalId: string | null,
  points: Array<{ time: number; value: number; enqueued: number; properties?: Record<string, unknown> }>,
): Series {
  const s = new Series();
  s.connectorId = connectorId;
  s.externalId = externalId;
  s.insert(points);
  return s;
}

/** What the route sent before: one object per point, JSON.stringify'd. */
function expectedItem(
  s: Series,
  i: number,
  t: StoredTwin,
  includeDataQuality: boolean,
  now: number,
): Record<string, unknown> {
  const externalId = s.externalId ?? (typeof t.contents.externalID === 'string' ? t.contents.externalID : null);
  return {
    connectorId: s.connectorId,
    twinId: t.id,
    ...(externalId !== null ? { externalId } : {}),
    sourceTimestamp: new Date(s.times[i]).toISOString(),
    enqueuedTimestamp: new Date(s.enqueued[i]).toISOString(),
    scalarValue: s.values[i],
    ...(s.properties.get(s.times[i]) ? { properties: s.properties.get(s.times[i]) } : {}),
    ...(includeDataQuality ? { dataQuality: dataQualityOf(s, i, t.contents, now) } : {}),
  };
}

describe('emulator time series page JSON', () => {
  const t0 = Date.UTC(2024, 1, 28, 23, 59, 58, 7);
  const a = series(
    'CON-"A"',
    null,
    Array.from({ length: 6 }, (_, i) => ({
      time: t0 + i * 999,
      value: i === 2 ? -0.125 : i * 1e21,
      enqueued: t0 + 5000,
      ...(i === 1 ? { properties: { quality: 'good', nested: { n: 1 } } } : {}),
    })),
  );
  const b = series('CON-B', 'EXT-<b>', [{ time: t0 + 10, value: 3, enqueued: t0 + 20 }]);
  const twinA = twin('A\u2028"quoted"', { externalID: 'EXT-A', trendInterval: 1 });
  const twinB = twin('B');

  for (const includeDataQuality of [false, true]) {
    it(`parses to exactly the objects the route built before (dataQuality ${includeDataQuality})`, () => {
      const now = t0 + 60_000;
      const text = timeSeriesPageJson(
        [
          { series: a, twin: twinA, from: 1, to: 6 },
          { series: b, twin: twinB, from: 0, to: 1 },
        ],
        { continuationToken: 'tok', errorList: [{ message: 'm', ids: ['x'] }] },
        includeDataQuality,
        now,
      );
      const page = JSON.parse(text);
      assert.deepEqual(page, {
        data: [1, 2, 3, 4, 5]
          .map((i) => expectedItem(a, i, twinA, includeDataQuality, now))
          .concat(expectedItem(b, 0, twinB, includeDataQuality, now)),
        continuationToken: 'tok',
        errorList: [{ message: 'm', ids: ['x'] }],
      });
      assert.equal(page.data[0].externalId, 'EXT-A', "the twin's externalID stands in for the series'");
      assert.deepEqual(page.data[0].properties, { quality: 'good', nested: { n: 1 } });
    });
  }

  // LiveDataCore writes JSON with WhenWritingNull (applications/LiveData/LiveDataCore/src/LiveData.Core/Program.cs).
  it('omits a null externalId and null page fields (errorData), and writes an empty page with its other fields', () => {
    const text = timeSeriesPageJson(
      [{ series: a, twin: twinB, from: 0, to: 1 }],
      { continuationToken: null, errorData: null },
      false,
      0,
    );
    assert.ok(!text.includes('externalId'));
    assert.deepEqual(JSON.parse(timeSeriesPageJson([], { continuationToken: '', errorData: null }, false, 0)), {
      data: [],
      continuationToken: '',
    });
    assert.deepEqual(JSON.parse(timeSeriesPageJson([], {}, false, 0)), { data: [] });
  });

  it('formats timestamps exactly like Date.prototype.toISOString', () => {
    const iso = isoTimestamps();
    const samples = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      -1,
      -86_400_001,
      t0,
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      253402300799999,
      253402300800000,
      8.64e15,
      -8.64e15,
      1.5,
      t0,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.round(t0 + ((i * 7_919_123) % 4e10) - 2e10));
    for (const ms of samples) assert.equal(iso(ms), new Date(ms).toISOString(), `for ${ms}`);
  });
});
