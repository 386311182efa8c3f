// The client's time-series calls against a fake that answers as the service does (202 with no body,
// "" as the last token, bodiless 404 and 400), and against the older emulator's answers ({insertedCount},
// null as the last token): the emulator alone cannot prove the client copes with both.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import { collect } from '../../../src/core/api/paging';
import { TIME_SERIES_DEFAULT_PAGE_SIZE } from '../../../src/core/api/requestChecks';
import type { TimeSeriesData } from '../../../src/core/api/types';
import { fakeServicesPerTest, type FakeAnswer, type FakeRequest } from './fakeService';
import { describeEachExchange } from './exchanges';

const T0 = Date.parse('2024-10-01T00:00:00Z');
const MINUTE = 60_000;

/** Stored points: CAP-A every 10 minutes, CAP-B every 15 (they share some times). */
const POINTS: TimeSeriesData[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    twinId: 'CAP-A',
    sourceTimestamp: new Date(T0 + i * 10 * MINUTE).toISOString(),
    scalarValue: i,
  })),
  ...Array.from({ length: 8 }, (_, i) => ({
    twinId: 'CAP-B',
    sourceTimestamp: new Date(T0 + i * 15 * MINUTE).toISOString(),
    scalarValue: 100 + i,
  })),
];
const KNOWN = new Set(['CAP-A', 'CAP-B', 'ROOM-1']);

/**
 * A range read as the service answers it: 400 without start, end or pageSize; 404 when no twin exists; rows
 * in [start, end] sorted by time across twins (ties in request order); offsets as tokens, "" (or null, as
 * older emulators sent) on the last page.
 */
function rangeRead(request: FakeRequest, ids: string[], lastToken: '' | null): FakeAnswer {
  const start = request.query.get('start');
  const end = request.query.get('end');
  const pageSize = request.query.get('pageSize');
  if (!start || !end || pageSize === null) return { status: 400 };
  if (!ids.some((id) => KNOWN.has(id))) return { status: 404 };
  const rows = POINTS.filter(
    (p) =>
      ids.includes(p.twinId!) &&
      Date.parse(p.sourceTimestamp) >= Date.parse(start) &&
      Date.parse(p.sourceTimestamp) <= Date.parse(end),
  ).sort(
    (a, b) =>
      Date.parse(a.sourceTimestamp) - Date.parse(b.sourceTimestamp) || ids.indexOf(a.twinId!) - ids.indexOf(b.twinId!),
  );
  const offset = Number(request.query.get('continuationToken') ?? 0);
  const next = offset + Number(pageSize);
  return {
    status: 200,
    body: { data: rows.slice(offset, next), continuationToken: next < rows.length ? String(next) : lastToken },
  };
}

function serviceLike(lastToken: '' | null = '') {
  return (request: FakeRequest): FakeAnswer | undefined => {
    if (request.path === '/time-series' && request.method === 'POST')
      return JSON.parse(request.body).length ? { status: 202 } : { status: 400 };
    if (request.path === '/time-series/ids') return rangeRead(request, JSON.parse(request.body) as string[], lastToken);
    if (request.path === '/time-series/ids/latest') {
      const ids = JSON.parse(request.body) as string[];
      return ids.some((id) => KNOWN.has(id)) ? { status: 200, body: [] } : { status: 404 };
    }
    const latest = /^\/time-series\/([^/]+)\/latest$/.exec(request.path);
    if (latest) return KNOWN.has(decodeURIComponent(latest[1]!)) ? { status: 200, body: [] } : { status: 404 };
    const one = /^\/time-series\/([^/]+)$/.exec(request.path);
    if (one) return rangeRead(request, [decodeURIComponent(one[1]!)], lastToken);
    return undefined;
  };
}

const range = { start: new Date(T0).toISOString(), end: new Date(T0 + 60 * MINUTE).toISOString() };

describeEachExchange('client: time series against a service that answers like the real one', (exchange) => {
  const fake = fakeServicesPerTest(exchange);

  it('reports a 202 with no body as the entries sent, and sends twinId as dtId', async () => {
    const service = await fake(serviceLike());
    const result = await service.client().sendTimeSeries([
      { connectorId: 'C', twinId: 'CAP-A', sourceTimestamp: range.start, scalarValue: 1 },
      { connectorId: 'C', dtId: 'CAP-B', twinId: 'ignored', sourceTimestamp: range.start, scalarValue: 2 },
      { connectorId: 'C', externalId: 'EXT-1', sourceTimestamp: range.start, scalarValue: 3 },
    ]);
    assert.deepEqual(result, { sent: 3 });
    const [sent] = service.apiRequests;
    const body = JSON.parse(sent!.body) as Array<Record<string, unknown>>;
    assert.deepEqual(
      body.map((e) => [e.dtId, e.externalId, 'twinId' in e]),
      [
        ['CAP-A', undefined, false],
        ['CAP-B', undefined, false],
        [undefined, 'EXT-1', false],
      ],
    );
  });

  it('keeps what an older emulator put in its 200 body', async () => {
    const service = await fake((r) =>
      r.path === '/time-series' ? { status: 200, body: { insertedCount: 1 } } : undefined,
    );
    assert.deepEqual(
      await service
        .client()
        .sendTimeSeries([{ connectorId: 'C', dtId: 'CAP-A', sourceTimestamp: range.start, scalarValue: 1 }]),
      { insertedCount: 1, sent: 1 },
    );
  });

  for (const lastToken of ['', null] as const) {
    it(`pages one twin to the end when the last token is ${JSON.stringify(lastToken)}, always sending start, end and pageSize`, async () => {
      const service = await fake(serviceLike(lastToken));
      const values = await collect(service.client().iterateTimeSeries('CAP-A', { ...range, pageSize: 5 }));
      assert.deepEqual(
        values.map((v) => v.scalarValue),
        [0, 1, 2, 3, 4, 5, 6],
        'end is included: the point at 60 minutes is there',
      );
      const reads = service.apiRequests;
      assert.equal(reads.length, 2, 'no request after the last page');
      for (const read of reads)
        assert.deepEqual(
          [read.query.get('start'), read.query.get('end'), read.query.get('pageSize')],
          [range.start, range.end, '5'],
        );
      const page = await service.client().getTimeSeries('CAP-A', range);
      assert.equal(page.continuationToken, null, 'the last page ends the paging, whatever the service sent');
      assert.equal(service.apiRequests.at(-1)!.query.get('pageSize'), String(TIME_SERIES_DEFAULT_PAGE_SIZE));
    });
  }

  it('walks the same range page by page: one page per request, each as the service sent it, rows normalised', async () => {
    const service = await fake(serviceLike());
    const pages = await collect(service.client().iterateTimeSeriesPages('CAP-A', { ...range, pageSize: 3 }));
    assert.deepEqual(
      pages.map((p) => p.data?.map((d) => d.scalarValue)),
      [[0, 1, 2], [3, 4, 5], [6]],
    );
    assert.deepEqual(
      pages.map((p) => p.continuationToken),
      ['3', '6', null],
    );
    assert.equal(service.apiRequests.length, 3);
    const byIds = await collect(
      service.client().iterateTimeSeriesByIdsPages(['CAP-A', 'CAP-B'], { ...range, pageSize: 4 }),
    );
    assert.deepEqual(
      byIds.map((p) => p.data?.length),
      [4, 4, 4],
    );
    assert.equal(
      byIds.flatMap((p) => p.data ?? []).length,
      POINTS.filter((p) => Date.parse(p.sourceTimestamp) <= Date.parse(range.end)).length,
    );
    assert.ok(byIds.every((p) => (p.data ?? []).every((d) => typeof d.twinId === 'string')));
  });

  it('stops a page walk at maxPages given with the call', async () => {
    const service = await fake(serviceLike());
    await assert.rejects(
      collect(service.client().iterateTimeSeriesPages('CAP-A', { ...range, pageSize: 2 }, { maxPages: 2 })),
      (e: unknown) => e instanceof ApiError && /stopped after 2 pages/.test(e.message),
    );
  });

  it('pages several twins whose rows come sorted by time across twins', async () => {
    const service = await fake(serviceLike());
    const rows = await collect(service.client().iterateTimeSeriesByIds(['CAP-B', 'CAP-A'], { ...range, pageSize: 3 }));
    const expected = POINTS.filter((p) => Date.parse(p.sourceTimestamp) <= Date.parse(range.end));
    assert.equal(rows.length, expected.length);
    assert.deepEqual(
      rows.filter((r) => r.twinId === 'CAP-A').map((r) => r.scalarValue),
      expected.filter((p) => p.twinId === 'CAP-A').map((p) => p.scalarValue),
    );
    assert.deepEqual(
      rows.filter((r) => r.twinId === 'CAP-B').map((r) => r.scalarValue),
      expected.filter((p) => p.twinId === 'CAP-B').map((p) => p.scalarValue),
    );
    const times = rows.map((r) => Date.parse(r.sourceTimestamp));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'interleaved in time order, as sent',
    );
  });

  it('turns the bodiless 404 for "none of these twins exists" into no data', async () => {
    const service = await fake(serviceLike());
    const page = await service.client().getTimeSeriesByIds(['NOPE-1', 'NOPE-2'], range);
    assert.deepEqual([page.data, page.continuationToken, page.errorData?.ids], [[], null, ['NOPE-1', 'NOPE-2']]);
    assert.deepEqual(await collect(service.client().iterateTimeSeriesByIds(['NOPE-1'], range)), []);
    assert.deepEqual(await service.client().getLatestTimeSeriesByIds(['NOPE-1']), []);
    assert.equal(service.apiRequests.length, 3);
  });

  it('still fails for one unknown twin, and reads an empty latest as null', async () => {
    const service = await fake(serviceLike());
    await assert.rejects(
      service.client().getTimeSeries('NOPE-1', range),
      (e: unknown) => e instanceof ApiError && e.status === 404,
    );
    await assert.rejects(
      service.client().getLatestTimeSeries('NOPE-1'),
      (e: unknown) => e instanceof ApiError && e.status === 404,
    );
    assert.equal(await service.client().getLatestTimeSeries('ROOM-1'), null);
    assert.deepEqual(await service.client().getLatestTimeSeriesByIds(['ROOM-1', 'NOPE-1']), []);
  });

  it('refuses a range read without start and end before sending anything', async () => {
    const service = await fake(serviceLike());
    await assert.rejects(async () => service.client().getTimeSeries('CAP-A', { end: range.end }), /start is required/);
    await assert.rejects(
      async () => collect(service.client().iterateTimeSeries('CAP-A', { start: range.start })),
      /end is required/,
    );
    assert.deepEqual(service.apiRequests, []);
  });
});
