// POST /time-series binds `sourceTimestamp` as LiveDataCore does: a System.Text.Json `DateTime`, ISO 8601 extended
// form only; one entry that does not bind fails the whole batch with a bodiless 400 and nothing is queued (Willow
// source: applications/LiveData/LiveDataCore/src/LiveData.Core/Features/TimeSeries/Models/IncomingTelemetry.cs,
// PostTelemetryHandler.cs; minimal-API binding failures answer 400 with no body).
import * as assert from 'node:assert/strict';
import { bindDotnetDateTime } from '../../../src/emulator/timeSeries/dotnetDateTime';
import { assertEmptyError } from './emulatorProblems';
import type { EmulatorTestClient } from './emulatorTestClient';
import { smallBuildingAt } from './emulatorFixtures';

const NOW = Date.parse('2024-05-01T12:00:00Z');
const TEN = Date.parse('2024-05-01T10:00:00Z');

describe('emulator: sourceTimestamp binds as System.Text.Json binds a DateTime (LiveData.Core IncomingTelemetry.cs)', () => {
  it('reads the extended forms, with or without seconds, fraction and zone', () => {
    const binds: [string, number][] = [
      ['2024-05-01T10:00:00Z', TEN],
      ['2024-05-01T10:00Z', TEN],
      ['2024-05-01T10:00:00.1234567890123456Z', TEN + 123],
      ['2024-05-01T20:00:00+10:00', TEN],
      ['2024-05-01T20:00:00+10', TEN],
      ['2024-05-01T10:00:00', TEN], // no zone binds (as an unspecified time); read as UTC
      ['2024-05-01', Date.parse('2024-05-01T00:00:00Z')],
    ];
    for (const [text, ms] of binds) assert.equal(bindDotnetDateTime(text), ms, text);
  });

  it('refuses what the binder cannot read', () => {
    for (const text of [
      '2024-05-01 10:00:00Z',
      '2024-05-01t10:00:00Z',
      '2024-05-01T10:00:00z',
      '2024-05-01T10:00:00+0000',
      '2024-05-01T10:00:00 UTC',
      '2024-05-01T10:00:00.12345678901234567Z',
      '2024-05-01T10:00:00.Z',
      '2024-02-30T10:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T10:00:60Z',
      '2024-05-01T10:00:00+15:00',
      '2024-05-01Z',
    ])
      assert.equal(bindDotnetDateTime(text), undefined, text);
  });

  describe('POST /time-series', () => {
    let client: EmulatorTestClient;
    before(async () => {
      ({ client } = await smallBuildingAt(NOW));
    });
    after(() => client.close());

    const entry = (sourceTimestamp: string, scalarValue: number) => ({
      connectorId: 'C',
      dtId: 'T1',
      sourceTimestamp,
      scalarValue,
    });
    const stored = async () => {
      const res = await client.call(
        'GET',
        `/time-series/T1?start=2024-05-01T00:00:00Z&end=2024-05-02T00:00:00Z&pageSize=100`,
      );
      return res.status === 404 ? [] : (res.json.data as { scalarValue: number }[]).map((d) => d.scalarValue);
    };

    for (const text of ['2024-05-01 10:00:00Z', '2024-05-01t10:00:00z', '2024-05-01T10:00:00+0000']) {
      it(`answers a bodiless 400 for the whole batch when one entry says ${text}, storing nothing`, async () => {
        const res = await client.call('POST', '/time-series', [entry('2024-05-01T09:00:00Z', 1), entry(text, 2)]);
        assertEmptyError(res, 400);
        assert.match(
          res.headers.get('x-emulator-detail') ?? '',
          /1 of 2 time series entries are malformed; nothing was stored/,
        );
        assert.deepEqual(await stored(), []);
      });
    }

    it('stores the extended forms at their instant', async () => {
      const res = await client.call('POST', '/time-series', [entry('2024-05-01T20:00:00+10:00', 7)]);
      assert.equal(res.status, 202);
      const page = await client.call(
        'GET',
        `/time-series/T1?start=2024-05-01T10:00:00Z&end=2024-05-01T10:00:00Z&pageSize=10`,
      );
      assert.deepEqual(
        (page.json.data as { scalarValue: number; sourceTimestamp: string }[]).map((d) => [
          d.sourceTimestamp,
          d.scalarValue,
        ]),
        [['2024-05-01T10:00:00.000Z', 7]],
      );
    });
  });
});
