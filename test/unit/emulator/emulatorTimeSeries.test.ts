import * as assert from 'node:assert/strict';
import { EmulatorTestClient } from './emulatorTestClient';
import { FIXTURE_MODELS, putSmallBuilding } from './emulatorFixtures';

const T0 = Date.parse('2024-10-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('emulator time series (contract and chosen behaviour)', () => {
  let client: EmulatorTestClient;

  before(async () => {
    client = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS] });
    await putSmallBuilding(client);
    // T1: 20 points every 15 minutes, sent out of order in two batches.
    const entries = Array.from({ length: 20 }, (_, i) => ({ connectorId: 'C1', dtId: 'T1', sourceTimestamp: at(i * 15), scalarValue: 20 + i }));
    assert.equal((await client.call('POST', '/time-series', entries.slice(10))).status, 200);
    const res = await client.call('POST', '/time-series', entries.slice(0, 10).reverse());
    assert.deepEqual(res.json, { insertedCount: 10 });
  });
  after(() => client.close());

  it('accepts twinId and externalId (contents.externalID) as the twin reference', async () => {
    const res = await client.call('POST', '/time-series', [
      { connectorId: 'C2', twinId: 'T2', sourceTimestamp: at(0), scalarValue: 12.5 },
      { connectorId: 'C1', externalId: 'EXT-T1', sourceTimestamp: at(20 * 15), scalarValue: 40, properties: { quality: 'good' } },
    ]);
    assert.equal(res.status, 200, res.text);
    const latest = await client.call('GET', '/time-series/T1/latest');
    assert.equal(latest.json.length, 1);
    assert.equal(latest.json[0].scalarValue, 40);
    assert.equal(latest.json[0].externalId, 'EXT-T1');
    assert.deepEqual(latest.json[0].properties, { quality: 'good' });
  });

  it('is all-or-nothing: one bad entry -> 400 naming [index] and the reason; nothing stored', async () => {
    const res = await client.call('POST', '/time-series', [
      { connectorId: 'C1', dtId: 'T2', sourceTimestamp: at(1000), scalarValue: 1 },
      { connectorId: 'C1', dtId: 'R1', sourceTimestamp: at(1000), scalarValue: 1 },
      { connectorId: 'C1', dtId: 'missing', sourceTimestamp: at(1000), scalarValue: 1 },
      { connectorId: 'C1', dtId: 'T2', sourceTimestamp: 'noon', scalarValue: 1 },
      { connectorId: 'C1', dtId: 'T2', sourceTimestamp: at(1000), scalarValue: 'hot' },
      { dtId: 'T2', sourceTimestamp: at(1000), scalarValue: 1 },
      { connectorId: 'C1', sourceTimestamp: at(1000), scalarValue: 1 },
    ]);
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.json.errors).sort(), ['[1]', '[2]', '[3]', '[4]', '[5]', '[6]']);
    assert.match(res.json.errors['[1]'][0], /not a Capability/);
    assert.match(res.json.errors['[2]'][0], /does not exist/);
    const latest = await client.call('GET', '/time-series/T2/latest');
    assert.equal(latest.json[0].sourceTimestamp, at(0));
    assert.equal((await client.call('POST', '/time-series', { connectorId: 'C1' })).status, 400);
  });

  it('reads a range with start inclusive, end exclusive, sorted ascending', async () => {
    const res = await client.call('GET', `/time-series/T1?start=${at(30)}&end=${at(90)}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data.map((d: { scalarValue: number }) => d.scalarValue), [22, 23, 24, 25]);
    assert.equal(res.json.continuationToken, null);
    const first = res.json.data[0];
    assert.equal(first.twinId, 'T1');
    assert.equal(first.connectorId, 'C1');
    assert.equal(first.sourceTimestamp, at(30));
    assert.ok(first.enqueuedTimestamp);
    assert.equal(first.dataQuality, undefined);
  });

  it('pages with continuation tokens in the query', async () => {
    const values: number[] = [];
    let token: string | null = null;
    do {
      const qs: string = `pageSize=6${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`;
      const res = await client.call('GET', `/time-series/T1?${qs}`);
      assert.equal(res.status, 200);
      values.push(...res.json.data.map((d: { scalarValue: number }) => d.scalarValue));
      token = res.json.continuationToken;
    } while (token);
    assert.deepEqual(values, [...Array.from({ length: 20 }, (_, i) => 20 + i), 40]);
  });

  it('adds data quality flags on request', async () => {
    const res = await client.call('GET', `/time-series/T1?includeDataQuality=true&pageSize=2`);
    assert.deepEqual(Object.keys(res.json.data[0].dataQuality).sort(), ['delayed', 'flatline', 'offline', 'sparse', 'valueOutOfRange']);
  });

  it('rejects bad query parameters and unknown twins', async () => {
    assert.equal((await client.call('GET', '/time-series/T1?pageSize=0')).status, 400);
    assert.equal((await client.call('GET', '/time-series/T1?pageSize=10001')).status, 400);
    assert.equal((await client.call('GET', '/time-series/T1?start=tomorrow')).status, 400);
    assert.equal((await client.call('GET', `/time-series/T1?start=${at(100)}&end=${at(0)}`)).status, 400);
    assert.equal((await client.call('GET', '/time-series/T1?continuationToken=xyz')).status, 400);
    assert.equal((await client.call('GET', '/time-series/nope')).status, 404);
    assert.equal((await client.call('GET', '/time-series/nope/latest')).status, 404);
  });

  it('reports a non-capability twin in errorData', async () => {
    const res = await client.call('GET', '/time-series/R1');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data, []);
    assert.deepEqual(res.json.errorData.ids, ['R1']);
  });

  it('latest is an array of 0 or 1 item, limited by start/end', async () => {
    assert.deepEqual((await client.call('GET', '/time-series/T1/latest')).json.length, 1);
    const bounded = await client.call('GET', `/time-series/T1/latest?end=${at(45)}`);
    assert.equal(bounded.json[0].scalarValue, 22);
    assert.deepEqual((await client.call('GET', `/time-series/T1/latest?end=${at(-10)}`)).json, []);
  });

  it('POST /time-series/ids reads several twins and lists unknown ids in errorList', async () => {
    const res = await client.call('POST', `/time-series/ids?start=${at(0)}&end=${at(31)}&pageSize=100`, ['T1', 'nope', 'T2']);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data.map((d: { twinId: string; scalarValue: number }) => `${d.twinId}:${d.scalarValue}`), ['T1:20', 'T1:21', 'T1:22', 'T2:12.5']);
    assert.deepEqual(res.json.errorList, [{ message: 'Twins not found.', ids: ['nope'] }]);
    assert.equal((await client.call('POST', '/time-series/ids', 'T1')).status, 400);
  });

  it('POST /time-series/ids pages across twins', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const qs: string = `start=${at(0)}&end=${at(31)}&pageSize=2${token ? `&continuationToken=${encodeURIComponent(token)}` : ''}`;
      const res = await client.call('POST', `/time-series/ids?${qs}`, ['T1', 'T2']);
      seen.push(...res.json.data.map((d: { twinId: string; scalarValue: number }) => `${d.twinId}:${d.scalarValue}`));
      token = res.json.continuationToken;
    } while (token);
    assert.deepEqual(seen, ['T1:20', 'T1:21', 'T1:22', 'T2:12.5']);
  });

  it('POST /time-series/ids/latest returns the latest point of each known twin', async () => {
    const res = await client.call('POST', '/time-series/ids/latest', ['T2', 'nope', 'T1']);
    assert.deepEqual(res.json.map((d: { twinId: string; scalarValue: number }) => `${d.twinId}:${d.scalarValue}`), ['T2:12.5', 'T1:40']);
  });

  it('replaces a point sent again for the same time', async () => {
    await client.call('POST', '/time-series', [{ connectorId: 'C2', dtId: 'T2', sourceTimestamp: at(0), scalarValue: 13 }]);
    const res = await client.call('GET', '/time-series/T2');
    assert.deepEqual(res.json.data.map((d: { scalarValue: number }) => d.scalarValue), [13]);
  });
});
