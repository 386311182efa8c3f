import * as assert from 'node:assert/strict';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import type { BuildingTwinsApi, TimeSeriesData, TimeSeriesPage, TimeSeriesQuery } from '../../../src/core/api/types';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/emulator';
import { lttbOverRange } from '../../../src/core/timeSeries/lttb';
import { fetchDownsampled, fetchRange } from '../../../src/core/timeSeries/timeSeriesFetch';

const T0 = Date.UTC(2024, 0, 1);

describe('time series panel fetch', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let api: BuildingTwinsClient;
  const requests: string[] = [];
  const twinId = 'FETCH-CAP-1';
  const n = 2_503;

  before(async () => {
    emulator = await startEmulator({ port: 0, log: false });
    api = new BuildingTwinsClient({
      baseUrl: emulator.url,
      clientId: 'local-dev',
      clientSecret: 'local-dev-secret',
      rateLimit: false,
      onRequest: (e) => requests.push(e.operation),
    });
    const template = await api.getTwin('HP-AHU-1-SAT');
    await api.putTwin({
      id: twinId,
      modelId: template.modelId,
      contents: { ...template.contents, name: 'Fetch test' },
    });
    // Uneven spacing: dense first half, sparse second half.
    await api.sendTimeSeries(
      Array.from({ length: n }, (_, i) => ({
        connectorId: 'C',
        dtId: twinId,
        sourceTimestamp: new Date(T0 + (i < 1500 ? i * 1000 : 1_500_000 + (i - 1500) * 7_000)).toISOString(),
        scalarValue: i,
      })),
    );
  });

  after(async () => emulator?.close());

  for (const lanes of [1, 4]) {
    it(`returns every point once, in time order, in slices of one twin (${lanes} lane(s))`, async () => {
      const range = { start: T0 + 10_000, end: T0 + 1_500_000 + 900 * 7_000 + 1 };
      const expected: number[] = [];
      for await (const d of api.iterateTimeSeries(twinId, {
        start: new Date(range.start).toISOString(),
        end: new Date(range.end).toISOString(),
        pageSize: 1000,
      }))
        expected.push(d.scalarValue);
      requests.length = 0;
      const raw = (await fetchRange(api, [twinId], range, { pageSize: 200, lanes })).get(twinId)!;
      assert.equal(raw.y.length, expected.length);
      assert.deepEqual(Array.from(raw.y), expected);
      for (let i = 1; i < raw.x.length; i++) assert.ok(raw.x[i] > raw.x[i - 1], `time order at ${i}`);
      const pages = requests.filter((op) => op === 'getTimeSeries').length;
      assert.ok(
        pages <= Math.ceil(expected.length / 200) + lanes - 1,
        `${pages} page requests for ${expected.length} points`,
      );
    });
  }

  it('never drops or repeats a point at a sub-second edge, though the service cuts its bounds to the second', async () => {
    const fine = 'FETCH-CAP-MS';
    const template = await api.getTwin('HP-AHU-1-SAT');
    await api.putTwin({
      id: fine,
      modelId: template.modelId,
      contents: { ...template.contents, name: 'Sub-second test' },
    });
    // A point every 250 ms for 200 s.
    const times = Array.from({ length: 800 }, (_, i) => T0 + 5_000_000 + i * 250);
    await api.sendTimeSeries(
      times.map((t, i) => ({
        connectorId: 'C',
        dtId: fine,
        sourceTimestamp: new Date(t).toISOString(),
        scalarValue: i,
      })),
    );
    const range = { start: T0 + 5_000_000 + 10_125, end: T0 + 5_000_000 + 190_625 };
    const expected = times
      .map((t, i) => [t, i])
      .filter(([t]) => t >= range.start && t < range.end)
      .map(([, i]) => i);
    for (const lanes of [1, 4]) {
      const got = (await fetchRange(api, [fine], range, { pageSize: 37, lanes })).get(fine)!;
      assert.deepEqual(Array.from(got.y), expected, `${lanes} lane(s)`);
    }
  });

  for (const lanes of [1, 4]) {
    it(`downsamples page by page to what LTTB over the whole range gives (${lanes} lane(s), one twin and two)`, async () => {
      const range = { start: T0, end: T0 + 1_500_000 + 1000 * 7_000 };
      for (const twins of [[twinId], [twinId, 'HP-AHU-1-SAT']]) {
        const all = await fetchRange(api, twins, range, { pageSize: 150, lanes });
        const reduced = await fetchDownsampled(api, twins, range, 60, { pageSize: 150, lanes });
        for (const id of twins) {
          const expected = lttbOverRange(all.get(id)!, 60, range);
          const got = reduced.get(id)!;
          assert.equal(got.rawCount, all.get(id)!.x.length, id);
          assert.deepEqual(Array.from(got.x), Array.from(expected.x), `${id} x`);
          assert.deepEqual(Array.from(got.y), Array.from(expected.y), `${id} y`);
        }
        assert.ok(reduced.get(twinId)!.x.length > 30 && reduced.get(twinId)!.x.length <= 60);
      }
    });
  }

  it('pages the slices of a range side by side, at most one request per slice at once', async () => {
    const times = Array.from({ length: 4000 }, (_, i) => T0 + i * 1000);
    const fake = fakeSeriesApi(times, { latency: true });
    const raw = (await fetchRange(fake, ['F'], { start: T0, end: T0 + 4_000_000 }, { pageSize: 100, lanes: 4 })).get(
      'F',
    )!;
    assert.deepEqual(Array.from(raw.x), times);
    assert.ok(
      fake.stats.mostInFlight > 1 && fake.stats.mostInFlight <= 4,
      `${fake.stats.mostInFlight} requests in flight at most`,
    );
  });

  it("downsamples a service's out-of-order pages by sorting the whole range first", async () => {
    const times = Array.from({ length: 1000 }, (_, i) => T0 + i * 1000);
    const range = { start: T0, end: T0 + 1_000_000 };
    const reduced = (
      await fetchDownsampled(fakeSeriesApi([...times].reverse()), ['F'], range, 50, { pageSize: 100 })
    ).get('F')!;
    const expected = lttbOverRange({ x: Float64Array.from(times), y: Float64Array.from(times) }, 50, range);
    assert.deepEqual(Array.from(reduced.x), Array.from(expected.x));
    assert.equal(reduced.rawCount, 1000);
  });

  it('with one lane, follows the continuation token: one request per page, nothing asked for twice', async () => {
    const times = Array.from({ length: 1000 }, (_, i) => T0 + i * 1000 + 500);
    const range = { start: T0, end: T0 + 1_000_000 };
    for (const read of [
      async (fake: BuildingTwinsApi) => (await fetchRange(fake, ['F'], range, { pageSize: 100, lanes: 1 })).get('F')!.x,
      async (fake: BuildingTwinsApi) =>
        (await fetchDownsampled(fake, ['F'], range, 2000, { pageSize: 100, lanes: 1 })).get('F')!.x,
    ]) {
      const fake = fakeSeriesApi(times);
      assert.deepEqual(Array.from(await read(fake)), times);
      assert.equal(fake.stats.queries.length, 10, 'one request per page of 100');
      assert.deepEqual(
        new Set(fake.stats.queries.map((q) => q.start)),
        new Set([new Date(T0).toISOString()]),
        'every page of the first query, by its token',
      );
    }
  });

  it('makes one request when the range fits in a page', async () => {
    requests.length = 0;
    const raw = await fetchRange(api, [twinId], { start: T0, end: T0 + 100_000 }, { pageSize: 200 });
    assert.equal(raw.get(twinId)!.x.length, 100);
    assert.deepEqual(
      requests.filter((op) => op.startsWith('get')),
      ['getTimeSeries'],
    );
  });

  it('pages several twins through the ids endpoint', async () => {
    const raw = await fetchRange(api, [twinId, 'HP-AHU-1-SAT'], { start: T0, end: T0 + 20_000 }, { pageSize: 7 });
    assert.equal(raw.get(twinId)!.x.length, 20);
    assert.ok(raw.has('HP-AHU-1-SAT'));
  });

  it('groups several twins whether rows come sorted by time across twins or twin by twin, leaving out a point at the end', async () => {
    const end = T0 + 10_000;
    const points = (twinId: string, offset: number) =>
      Array.from({ length: 11 }, (_, i) => ({
        twinId,
        sourceTimestamp: new Date(T0 + i * 1000 + offset).toISOString(),
        scalarValue: i + offset,
      }));
    const a = points('A', 0);
    const b = points('B', 0)
      .slice(0, 10)
      .map((p, i) => ({ ...p, sourceTimestamp: new Date(T0 + i * 1000 + 500).toISOString() }));
    const byTime = [...a, ...b].sort((x, y) => Date.parse(x.sourceTimestamp) - Date.parse(y.sourceTimestamp));
    for (const [order, rows] of [
      ['across twins', byTime],
      ['twin by twin', [...a, ...b]],
    ] as const) {
      const fake = {
        async *iterateTimeSeriesByIdsPages() {
          yield { data: rows, continuationToken: null };
        },
      } as unknown as BuildingTwinsApi;
      const raw = await fetchRange(fake, ['A', 'B'], { start: T0, end });
      assert.deepEqual(
        Array.from(raw.get('A')!.x),
        a.slice(0, 10).map((p) => Date.parse(p.sourceTimestamp)),
        `${order}: A without the point at the end`,
      );
      assert.deepEqual(
        Array.from(raw.get('B')!.y),
        b.map((p) => p.scalarValue),
        order,
      );
    }
  });

  it('does not duplicate slice edges when the service treats end as inclusive, and follows the token when pages are not in time order', async () => {
    const times = Array.from({ length: 1000 }, (_, i) => T0 + i * 1000);
    for (const order of ['ascending', 'descending'] as const) {
      const fake = fakeSeriesApi(order === 'ascending' ? times : [...times].reverse());
      const raw = (await fetchRange(fake, ['F'], { start: T0, end: T0 + 1_000_000 }, { pageSize: 100, lanes: 4 })).get(
        'F',
      )!;
      assert.deepEqual(Array.from(raw.x), times, order);
    }
  });
});

/**
 * Pages over fixed points with an inclusive `end`; the token is the offset of the next page. With `latency`
 * each page answers after a few turns of the event loop, and the most requests in flight at once is counted.
 */
function fakeSeriesApi(times: number[], options: { latency?: boolean } = {}): BuildingTwinsApi & { stats: FakeStats } {
  const stats: FakeStats = { mostInFlight: 0, queries: [] };
  let inFlight = 0;
  const getTimeSeries = async (_id: string, q: TimeSeriesQuery): Promise<TimeSeriesPage> => {
    stats.queries.push({ start: q.start!, token: q.continuationToken });
    inFlight++;
    stats.mostInFlight = Math.max(stats.mostInFlight, inFlight);
    try {
      if (options.latency) for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      const start = Date.parse(q.start!);
      const end = Date.parse(q.end!);
      const inRange = times.filter((t) => t >= start && t <= end);
      const offset = Number(q.continuationToken ?? 0);
      const data: TimeSeriesData[] = inRange
        .slice(offset, offset + q.pageSize!)
        .map((t) => ({ sourceTimestamp: new Date(t).toISOString(), scalarValue: t }));
      return { data, continuationToken: offset + q.pageSize! < inRange.length ? String(offset + q.pageSize!) : null };
    } finally {
      inFlight--;
    }
  };
  async function* iterateTimeSeriesPages(id: string, q: TimeSeriesQuery): AsyncGenerator<TimeSeriesPage> {
    for (let token: string | null | undefined; ;) {
      const page = await getTimeSeries(id, { ...q, continuationToken: token ?? undefined });
      yield page;
      token = page.continuationToken;
      if (!token) return;
    }
  }
  return { iterateTimeSeriesPages, stats } as unknown as BuildingTwinsApi & { stats: FakeStats };
}

interface FakeStats {
  mostInFlight: number;
  /** Every page asked for: the start of its query and its continuation token. */
  queries: Array<{ start: string; token: string | undefined }>;
}
