// A telemetry CSV with every timestamp form, imported against a stand-in that binds `sourceTimestamp` as
// LiveDataCore does: System.Text.Json reads a `DateTime` only in ISO 8601 extended form, and one entry that does
// not bind fails the whole batch with a bodiless 400 (Willow source: applications/LiveData/LiveDataCore/src/
// LiveData.Core/Features/TimeSeries/Models/IncomingTelemetry.cs, PostTelemetryHandler.cs).
import * as assert from 'node:assert/strict';
import { parseTelemetryFile, sendTelemetry } from '../../../src/core/bulk/telemetryFile';
import { fakeServicesPerTest, type FakeRequest } from '../api/fakeService';

/** The stand-in's own reading of .NET's ISO 8601 extended profile (upper-case T and Z, offsets ±hh or ±hh:mm). */
const BINDS = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,16})?)?(Z|[+-]\d{2}(:\d{2})?)?)?$/;

function liveDataCore(request: FakeRequest) {
  if (request.path !== '/time-series') return undefined;
  const entries = JSON.parse(request.body) as { sourceTimestamp?: unknown }[];
  const binds = entries.every((e) => typeof e.sourceTimestamp === 'string' && BINDS.test(e.sourceTimestamp));
  return { status: binds ? 202 : 400 };
}

describe('telemetry CSV import against a stand-in that binds as LiveDataCore does', () => {
  const start = fakeServicesPerTest();

  it('sends every unambiguous form in the form the service binds and refuses ambiguous rows by line', async () => {
    const csv = [
      'twinId,timestamp,value,connectorId',
      'T,2024-05-01T10:00:00Z,1,C', // line 2: already extended
      'T,2024-05-01 10:00:00Z,2,C', // line 3: space
      'T,2024-05-01t10:00:00z,3,C', // line 4: lower-case t and z
      'T,2024-05-01T10:00:00+0000,4,C', // line 5: offset without colon
      'T,2024-05-01T20:00:00+10:00,5,C', // line 6: extended offset
      'T,1714557600000,6,C', // line 7: epoch milliseconds
      'T,2024-05-01 10:00:00,7,C', // line 8: no zone: refused
      'T,2024-05-01,8,C', // line 9: a date alone: refused
    ].join('\n');
    const parsed = parseTelemetryFile(csv, 'points.csv');
    assert.deepEqual(
      parsed.errors.map((e) => [e.line, e.message.replace(/ \(.*$/, '')]),
      [
        [8, 'timestamp "2024-05-01 10:00:00" has no time zone, so the service would not know which instant it is'],
        [9, 'timestamp "2024-05-01" has no time of day and no time zone'],
      ],
    );
    const service = await start(liveDataCore);
    const result = await sendTelemetry(parsed.rows, service.client(), { batchSize: 2 });
    assert.deepEqual(result, { sent: 6 });
    const sent = service.apiRequests.flatMap((r) => JSON.parse(r.body) as { sourceTimestamp: string }[]);
    assert.deepEqual(
      sent.map((e) => e.sourceTimestamp),
      [
        '2024-05-01T10:00:00Z',
        '2024-05-01T10:00:00Z',
        '2024-05-01T10:00:00Z',
        '2024-05-01T10:00:00+00:00',
        '2024-05-01T20:00:00+10:00',
        '2024-05-01T10:00:00.000Z',
      ],
    );
    assert.ok(sent.every((e) => Date.parse(e.sourceTimestamp) === Date.parse('2024-05-01T10:00:00Z')));
  });
});
