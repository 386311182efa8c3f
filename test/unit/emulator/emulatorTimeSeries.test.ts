import * as assert from 'node:assert/strict';
import type { RequestLogEntry } from '../../../src/emulator/requestLog';
import { FakeClock } from '../api/fakeClock';
import { assertEmptyError } from './emulatorProblems';
import { EmulatorTestClient, type TestResponse } from './emulatorTestClient';
import { FIXTURE_MODELS, putSmallBuilding } from './emulatorFixtures';

const T0 = Date.parse('2024-10-01T00:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
const range = (from: number, to: number, pageSize = 100) => `start=${at(from)}&end=${at(to)}&pageSize=${pageSize}`;

type Row = { twinId: string; scalarValue: number; sourceTimestamp: string };
/** `twin:value` of a page's data, or of a latest array. */
const rows = (res: TestResponse) =>
  ((Array.isArray(res.json) ? res.json : res.json.data) as Row[]).map((d) => `${d.twinId}:${d.scalarValue}`);

describe("emulator time series (the service's rules, docs/service-compatibility.md)", () => {
  let client: EmulatorTestClient;
  const clock = new FakeClock();
  const logLines: string[] = [];

  before(async () => {
    await clock.advance(T0 + 10 * 60 * MINUTE - clock.now());
    client = await EmulatorTestClient.start({
      sample: false,
      models: [FIXTURE_MODELS],
      clock,
      log: (line) => logLines.push(line),
    });
    await putSmallBuilding(client);
    // T1: 20 points every 15 minutes (values 20..39), sent out of order in two batches.
    const t1 = Array.from({ length: 20 }, (_, i) => ({
      connectorId: 'C1',
      dtId: 'T1',
      sourceTimestamp: at(i * 15),
      scalarValue: 20 + i,
    }));
    assert.equal((await client.call('POST', '/time-series', t1.slice(10))).status, 202);
    assert.equal((await client.call('POST', '/time-series', t1.slice(0, 10).reverse())).status, 202);
    // T2 interleaves with T1 and shares two of its times (0 and 30 minutes).
    const t2 = [0, 20, 30, 40].map((m, i) => ({
      connectorId: 'C2',
      dtId: 'T2',
      sourceTimestamp: at(m),
      scalarValue: 100 + i,
    }));
    assert.equal((await client.call('POST', '/time-series', t2)).status, 202);
  });
  after(() => client.close());

  async function loggedRequests(): Promise<RequestLogEntry[]> {
    return (await (await client.admin('GET', '/_emulator/requests')).json()) as RequestLogEntry[];
  }

  describe('POST /time-series', () => {
    it('answers 202 Accepted with no body and stores the values', async () => {
      const res = await client.call('POST', '/time-series', [
        { connectorId: 'C2', dtId: 'T2', sourceTimestamp: at(50), scalarValue: 104 },
      ]);
      assert.equal(res.status, 202);
      assert.equal(res.text, '');
      assert.equal(res.headers.get('content-type'), null);
      assert.deepEqual(rows(await client.call('GET', `/time-series/T2?${range(50, 50)}`)), ['T2:104']);
    });

    it('refuses an empty array and a body that is not an array with a bodiless 400', async () => {
      assertEmptyError(await client.call('POST', '/time-series', []), 400);
      assertEmptyError(await client.call('POST', '/time-series', { connectorId: 'C1' }), 400);
    });

    it('accepts and drops entries for unknown, non-Capability or unnamed twins, and lists them in the request log', async () => {
      await client.admin('DELETE', '/_emulator/requests');
      logLines.length = 0;
      const res = await client.call('POST', '/time-series', [
        { connectorId: 'C1', dtId: 'missing', sourceTimestamp: at(500), scalarValue: 1 },
        { connectorId: 'C1', dtId: 'R1', sourceTimestamp: at(500), scalarValue: 2 },
        { connectorId: 'C1', sourceTimestamp: at(500), scalarValue: 3 },
        { connectorId: 'C1', twinId: 'T2', sourceTimestamp: at(500), scalarValue: 4 },
        { connectorId: 'C1', externalId: 'NO-SUCH-EXT', sourceTimestamp: at(500), scalarValue: 5 },
        { connectorId: 'C1', externalId: 'EXT-T1', sourceTimestamp: at(500), scalarValue: 6 },
      ]);
      assert.equal(res.status, 202);
      assert.equal(res.text, '');
      // Only the usable entry was stored (T1 by its external id); T2 did not get the twinId-keyed value.
      assert.deepEqual(rows(await client.call('POST', `/time-series/ids?${range(500, 500)}`, ['T1', 'T2'])), ['T1:6']);
      const [logged] = (await loggedRequests()).filter((r) => r.path === '/api/v3/time-series');
      assert.equal(logged?.status, 202);
      assert.equal(logged.dropped?.count, 5);
      assert.equal(logged.dropped?.sent, 6);
      assert.deepEqual(
        logged.dropped?.entries.map((e) => e.index),
        [0, 1, 2, 3, 4],
      );
      const reasons = logged.dropped!.entries.map((e) => e.reason);
      assert.match(reasons[0], /'missing' does not exist/);
      assert.match(reasons[1], /not a Capability/);
      assert.match(reasons[2], /names no twin/);
      assert.match(reasons[3], /keyed by twinId 'T2' only/);
      assert.match(reasons[4], /no twin has externalID 'NO-SUCH-EXT'/);
      assert.ok(
        logLines.some((line) =>
          /^POST \/api\/v3\/time-series 202 .*dropped 5 of 6 entries: \[0\] twin 'missing' does not exist/.test(line),
        ),
        logLines.join('\n'),
      );
    });

    it('logs no dropped field when every entry was usable', async () => {
      await client.admin('DELETE', '/_emulator/requests');
      await client.call('POST', '/time-series', [
        { connectorId: 'C1', dtId: 'T1', sourceTimestamp: at(501), scalarValue: 7 },
      ]);
      const [logged] = await loggedRequests();
      assert.equal(logged.status, 202);
      assert.equal('dropped' in logged, false);
    });

    it('fails the whole request with a bodiless 400 when an entry is malformed; nothing is stored', async () => {
      for (const bad of [
        { connectorId: 'C1', dtId: 'T2', sourceTimestamp: 'noon', scalarValue: 1 },
        { connectorId: 'C1', dtId: 'T2', sourceTimestamp: at(600), scalarValue: 'hot' },
        { dtId: 'T2', sourceTimestamp: at(600), scalarValue: 1 },
        { connectorId: 'C1', dtId: 42, sourceTimestamp: at(600), scalarValue: 1 },
        { connectorId: 'C1', dtId: 'T2', sourceTimestamp: at(600), scalarValue: 1, properties: 'x' },
        'not an entry',
      ]) {
        const res = await client.call('POST', '/time-series', [
          { connectorId: 'C1', dtId: 'T2', sourceTimestamp: at(601), scalarValue: 9 },
          bad,
        ]);
        assertEmptyError(res, 400);
        assert.ok(res.headers.get('x-emulator-detail'), 'the emulator says why in a header');
      }
      assert.deepEqual(rows(await client.call('GET', `/time-series/T2?${range(600, 601)}`)), []);
    });

    it('replaces a value sent again for the same time', async () => {
      await client.call('POST', '/time-series', [
        { connectorId: 'C2', dtId: 'T2', sourceTimestamp: at(700), scalarValue: 1 },
      ]);
      await client.call('POST', '/time-series', [
        { connectorId: 'C2', dtId: 'T2', sourceTimestamp: at(700), scalarValue: 2 },
      ]);
      assert.deepEqual(rows(await client.call('GET', `/time-series/T2?${range(700, 700)}`)), ['T2:2']);
    });
  });

  describe('range reads', () => {
    it('require start, end and pageSize (bodiless 400), checked before the twins are looked up', async () => {
      for (const query of [`end=${at(60)}&pageSize=10`, `start=${at(0)}&pageSize=10`, `start=${at(0)}&end=${at(60)}`]) {
        assertEmptyError(await client.call('GET', `/time-series/T1?${query}`), 400);
        assertEmptyError(await client.call('GET', `/time-series/nope?${query}`), 400);
        assertEmptyError(await client.call('POST', `/time-series/ids?${query}`, ['T1']), 400);
      }
      for (const query of [
        `start=tomorrow&end=${at(60)}&pageSize=10`,
        range(100, 0),
        range(0, 60, 10001),
        range(0, 60, -1),
        `start=${at(0)}&end=${at(60)}&pageSize=ten`,
      ]) {
        assertEmptyError(await client.call('GET', `/time-series/T1?${query}`), 400);
      }
    });

    it('include both start and end', async () => {
      const res = await client.call('GET', `/time-series/T1?${range(30, 90)}`);
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.json.data.map((d: Row) => d.scalarValue),
        [22, 23, 24, 25, 26],
      );
      const first = res.json.data[0];
      assert.deepEqual([first.twinId, first.connectorId, first.sourceTimestamp], ['T1', 'C1', at(30)]);
      assert.ok(first.enqueuedTimestamp);
      assert.equal(first.dataQuality, undefined);
    });

    it('cut start and end to the whole second, as the service writes its range query (datetime({start:s}))', async () => {
      const base = Date.parse(at(800));
      const iso = (ms: number) => new Date(ms).toISOString();
      await client.call(
        'POST',
        '/time-series',
        [0, 400, 900, 1000, 1500, 2000, 2700].map((offset) => ({
          connectorId: 'C3',
          dtId: 'T2',
          sourceTimestamp: iso(base + offset),
          scalarValue: offset,
        })),
      );
      const read = async (start: number, end: number) =>
        (
          (await client.call('GET', `/time-series/T2?start=${iso(base + start)}&end=${iso(base + end)}&pageSize=100`))
            .json.data as Row[]
        ).map((d) => d.scalarValue);
      // [0.9 s, 2.5 s] is read as [0 s, 2 s]: the points at 0 and 0.4 s come, the one at 2.7 s does not.
      assert.deepEqual(await read(900, 2500), [0, 400, 900, 1000, 1500, 2000]);
      // [1.2 s, 1.8 s] is read as [1 s, 1 s].
      assert.deepEqual(await read(1200, 1800), [1000]);
    });

    it('answer pageSize=0 with an empty page whose token is ""', async () => {
      const res = await client.call('GET', `/time-series/T1?${range(0, 300, 0)}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.json.data, []);
      assert.equal(res.json.continuationToken, '');
      const ids = await client.call('POST', `/time-series/ids?${range(0, 300, 0)}`, ['T1', 'T2']);
      assert.deepEqual([ids.json.data, ids.json.continuationToken], [[], '']);
    });

    it('page with tokens in the query; the last page\'s token is ""', async () => {
      const values: number[] = [];
      const tokens: string[] = [];
      let token = '';
      do {
        const res = await client.call(
          'GET',
          `/time-series/T1?${range(0, 300, 6)}${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`,
        );
        assert.equal(res.status, 200);
        values.push(...res.json.data.map((d: Row) => d.scalarValue));
        token = res.json.continuationToken;
        tokens.push(token);
      } while (token);
      assert.deepEqual(
        values,
        Array.from({ length: 20 }, (_, i) => 20 + i),
      );
      assert.equal(tokens.length, 4);
      assert.equal(tokens[3], '');
    });

    it('refuse a token of another query', async () => {
      const first = await client.call('GET', `/time-series/T1?${range(0, 300, 2)}`);
      assertEmptyError(
        await client.call(
          'GET',
          `/time-series/T1?${range(0, 200, 2)}&continuationToken=${encodeURIComponent(first.json.continuationToken)}`,
        ),
        400,
      );
      assertEmptyError(await client.call('GET', `/time-series/T1?${range(0, 300, 2)}&continuationToken=xyz`), 400);
    });

    it('add data quality flags on request', async () => {
      const res = await client.call('GET', `/time-series/T1?${range(0, 300, 2)}&includeDataQuality=true`);
      assert.deepEqual(Object.keys(res.json.data[0].dataQuality).sort(), [
        'delayed',
        'flatline',
        'offline',
        'sparse',
        'valueOutOfRange',
      ]);
    });

    it('answer 404 with no body for an unknown twin, and report a non-Capability twin in errorData', async () => {
      assertEmptyError(await client.call('GET', `/time-series/nope?${range(0, 60)}`), 404);
      const res = await client.call('GET', `/time-series/R1?${range(0, 60)}`);
      assert.equal(res.status, 200);
      assert.deepEqual([res.json.data, res.json.continuationToken, res.json.errorData.ids], [[], '', ['R1']]);
    });
  });

  describe('POST /time-series/ids', () => {
    it('sorts rows by time across all twins, ties in the order the twins were asked for', async () => {
      const res = await client.call('POST', `/time-series/ids?${range(0, 45)}`, ['T1', 'T2']);
      assert.equal(res.status, 200);
      assert.deepEqual(rows(res), ['T1:20', 'T2:100', 'T1:21', 'T2:101', 'T1:22', 'T2:102', 'T2:103', 'T1:23']);
      const times = (res.json.data as Row[]).map((d) => Date.parse(d.sourceTimestamp));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
      assert.deepEqual(rows(await client.call('POST', `/time-series/ids?${range(0, 0)}`, ['T2', 'T1'])), [
        'T2:100',
        'T1:20',
      ]);
      assert.equal(res.json.continuationToken, '');
    });

    it('pages through the merged order without losing or repeating a row, whatever the page size', async () => {
      const whole = rows(await client.call('POST', `/time-series/ids?${range(0, 300)}`, ['T2', 'T1']));
      for (const size of [1, 2, 3, 5]) {
        const seen: string[] = [];
        let token = '';
        do {
          const res = await client.call(
            'POST',
            `/time-series/ids?${range(0, 300, size)}${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`,
            ['T2', 'T1'],
          );
          assert.ok(res.json.data.length <= size);
          seen.push(...rows(res));
          token = res.json.continuationToken;
        } while (token);
        assert.deepEqual(seen, whole, `page size ${size}`);
      }
    });

    it('lists unknown and non-Capability ids in errorList when some twin exists', async () => {
      const res = await client.call('POST', `/time-series/ids?${range(0, 0)}`, ['T1', 'nope', 'R1']);
      assert.equal(res.status, 200);
      assert.deepEqual(rows(res), ['T1:20']);
      assert.deepEqual(
        res.json.errorList.map((e: { ids: string[] }) => e.ids),
        [['nope'], ['R1']],
      );
    });

    it('answers 404 with no body when none of the ids exists', async () => {
      assertEmptyError(await client.call('POST', `/time-series/ids?${range(0, 60)}`, ['nope', 'nada']), 404);
      assertEmptyError(await client.call('POST', `/time-series/ids?${range(0, 60)}`, []), 404);
      assertEmptyError(
        await client.call('POST', `/time-series/ids?${range(0, 60)}`, '"T1"', {
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
    });
  });

  describe('latest', () => {
    it('looks back one hour from now by default: an array of 0 or 1 point', async () => {
      const twin = 'T2';
      const now = clock.now();
      await client.call('POST', '/time-series', [
        { connectorId: 'C2', dtId: twin, sourceTimestamp: new Date(now - 59 * MINUTE).toISOString(), scalarValue: 55 },
      ]);
      const recent = await client.call('GET', `/time-series/${twin}/latest`);
      assert.equal(recent.status, 200);
      assert.deepEqual(
        recent.json.map((d: Row) => d.scalarValue),
        [55],
      );
      await clock.advance(2 * MINUTE);
      assert.deepEqual((await client.call('GET', `/time-series/${twin}/latest`)).json, []);
    });

    it('takes the optional start and end of the docs instead of the hour', async () => {
      const bounded = await client.call('GET', `/time-series/T1/latest?start=${at(0)}&end=${at(45)}`);
      assert.deepEqual(
        bounded.json.map((d: Row) => d.scalarValue),
        [23],
      );
      const onlyEnd = await client.call('GET', `/time-series/T1/latest?end=${at(100)}`);
      assert.deepEqual(
        onlyEnd.json.map((d: Row) => d.scalarValue),
        [26],
        'the hour before end',
      );
      assert.deepEqual((await client.call('GET', `/time-series/T1/latest?end=${at(-10)}`)).json, []);
      assertEmptyError(await client.call('GET', `/time-series/T1/latest?start=${at(10)}&end=${at(0)}`), 400);
    });

    it('answers 404 with no body for an unknown twin', async () => {
      assertEmptyError(await client.call('GET', '/time-series/nope/latest'), 404);
    });

    it('for several twins: the latest point of each within the window, sorted by time; 404 when none exists', async () => {
      const res = await client.call('POST', `/time-series/ids/latest?start=${at(0)}&end=${at(40)}`, [
        'T1',
        'nope',
        'T2',
      ]);
      assert.deepEqual(rows(res), ['T1:22', 'T2:103']);
      const now = clock.now();
      await client.call('POST', '/time-series', [
        { connectorId: 'C1', dtId: 'T1', sourceTimestamp: new Date(now - 10 * MINUTE).toISOString(), scalarValue: 61 },
        { connectorId: 'C2', dtId: 'T2', sourceTimestamp: new Date(now - 20 * MINUTE).toISOString(), scalarValue: 62 },
      ]);
      assert.deepEqual(rows(await client.call('POST', '/time-series/ids/latest', ['T1', 'T2'])), ['T2:62', 'T1:61']);
      await clock.advance(61 * MINUTE);
      assert.deepEqual((await client.call('POST', '/time-series/ids/latest', ['T1', 'T2'])).json, []);
      assertEmptyError(await client.call('POST', '/time-series/ids/latest', ['nope']), 404);
    });
  });
});
