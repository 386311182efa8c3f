// Telemetry timestamps are written in the form LiveDataCore binds (Willow source:
// applications/LiveData/LiveDataCore/src/LiveData.Core/Features/TimeSeries/Models/IncomingTelemetry.cs, a
// System.Text.Json `DateTime`), and ambiguous ones are refused before anything is sent.
import * as assert from 'node:assert/strict';
import { toServiceTimestamp } from '../../../src/core/api/serviceTimestamp';
import { apiFailure, fakeServicesPerTest } from './fakeService';

describe('telemetry timestamps in the form the service binds (LiveData.Core IncomingTelemetry.cs)', () => {
  const written = (text: string) => {
    const result = toServiceTimestamp(text);
    return 'timestamp' in result ? result.timestamp : `refused: ${result.problem}`;
  };

  it('rewrites every unambiguous form into ISO 8601 extended form', () => {
    const cases: [string, string][] = [
      ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00Z'],
      ['2024-05-01 10:00:00Z', '2024-05-01T10:00:00Z'],
      ['2024-05-01t10:00:00z', '2024-05-01T10:00:00Z'],
      ['2024-05-01T10:00:00+0000', '2024-05-01T10:00:00+00:00'],
      ['2024-05-01T10:00:00-0530', '2024-05-01T10:00:00-05:30'],
      ['2024-05-01T10:00:00+10', '2024-05-01T10:00:00+10:00'],
      ['2024-05-01 10:00:00 UTC', '2024-05-01T10:00:00Z'],
      ['2024-05-01T10:00Z', '2024-05-01T10:00:00Z'],
      ['2024-05-01T10:00:00,5Z', '2024-05-01T10:00:00.5Z'],
      ['2024-05-01T10:00:00.123456789Z', '2024-05-01T10:00:00.1234567Z'],
      [' 2024-05-01T10:00:00+10:00 ', '2024-05-01T10:00:00+10:00'],
    ];
    for (const [text, expected] of cases) assert.equal(written(text), expected, text);
  });

  it('keeps the instant of what it rewrites', () => {
    for (const text of ['2024-05-01 10:00:00z', '2024-05-01T20:00:00+1000', '2024-05-01T05:30:00-0430'])
      assert.equal(Date.parse(written(text)), Date.parse('2024-05-01T10:00:00Z'), text);
  });

  it('refuses what it cannot place in time or what names no real instant', () => {
    assert.match(written('2024-05-01T10:00:00'), /has no time zone.*add Z for UTC or an offset such as \+10:00/);
    assert.match(written('2024-05-01 10:00'), /has no time zone/);
    assert.match(written('2024-05-01'), /no time of day and no time zone \(write e\.g\. 2024-05-01T00:00:00Z\)/);
    assert.match(written('01/05/2024 10:00'), /is not an ISO 8601 date-time/);
    assert.match(written('2024-02-30T10:00:00Z'), /is not a real date and time of day/);
    assert.match(written('2024-05-01T24:00:00Z'), /is not a real date and time of day/);
    assert.match(written('2024-05-01T10:00:00+15:00'), /offset beyond ±14:00/);
  });

  describe('sendTimeSeries', () => {
    const start = fakeServicesPerTest();

    it('sends each timestamp in the extended form, whatever form it was given in', async () => {
      const service = await start((r) => (r.path === '/time-series' ? { status: 202 } : undefined));
      await service.client().sendTimeSeries([
        { connectorId: 'C', dtId: 'T', sourceTimestamp: '2024-05-01 10:00:00z', scalarValue: 1 },
        { connectorId: 'C', dtId: 'T', sourceTimestamp: '2024-05-01T10:00:00+0000', scalarValue: 2 },
      ]);
      const sent = JSON.parse(service.apiRequests[0].body) as { sourceTimestamp: string }[];
      assert.deepEqual(
        sent.map((e) => e.sourceTimestamp),
        ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00+00:00'],
      );
    });

    it('refuses a timestamp without a time zone, naming the entry, and sends nothing', async () => {
      const service = await start(() => ({ status: 202 }));
      const error = await apiFailure(
        Promise.resolve().then(() =>
          service.client().sendTimeSeries([
            { connectorId: 'C', dtId: 'T', sourceTimestamp: '2024-05-01T10:00:00Z', scalarValue: 1 },
            { connectorId: 'C', dtId: 'T', sourceTimestamp: '2024-05-01 10:00:00', scalarValue: 2 },
          ]),
        ),
      );
      assert.match(error.message, /\[1\]\.sourceTimestamp: "2024-05-01 10:00:00" has no time zone/);
      assert.equal(service.apiRequests.length, 0);
    });
  });
});
