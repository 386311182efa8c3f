import * as assert from 'node:assert/strict';
import { parseTelemetryFile, sendTelemetry, telemetryBatches } from '../../../src/core/bulk/telemetryFile';
import type { TimeSeriesEntry } from '../../../src/core/api/types';

describe('telemetry files', () => {
  it('parses CSV with twinId or externalId, ISO or epoch timestamps, extra columns as properties', () => {
    const text = [
      'twinId,externalId,timestamp,value,connectorId,quality',
      'T1,,2024-10-01T12:00:00Z,21.5,C1,good',
      ',EXT-9,1727784000000,-3e2,,',
      'T2,,2024-10-01T12:00:00,x,C1,',
      ',,2024-10-01T12:00:00Z,1,C1,',
    ].join('\n');
    const parsed = parseTelemetryFile(text, 'points.csv', { defaultConnectorId: 'DEFAULT' });
    assert.deepEqual(parsed.rows, [
      {
        file: 'points.csv',
        line: 2,
        entry: {
          connectorId: 'C1',
          dtId: 'T1',
          sourceTimestamp: '2024-10-01T12:00:00Z',
          scalarValue: 21.5,
          properties: { quality: 'good' },
        },
      },
      {
        file: 'points.csv',
        line: 3,
        entry: {
          connectorId: 'DEFAULT',
          externalId: 'EXT-9',
          sourceTimestamp: '2024-10-01T12:00:00.000Z',
          scalarValue: -300,
        },
      },
    ]);
    assert.deepEqual(parsed.errors, [
      {
        file: 'points.csv',
        line: 4,
        message:
          'timestamp "2024-10-01T12:00:00" has no time zone, so the service would not know which instant it is (add Z for UTC or an offset such as +10:00); value "x" is not a number',
      },
      { file: 'points.csv', line: 5, message: 'twinId or externalId is required' },
    ]);
  });

  it('parses JSON rows in the short and the wire field names, with line numbers', () => {
    const text = [
      '[',
      '  { "twinId": "T1", "timestamp": "2024-10-01T12:00:00+02:00", "value": 1, "connectorId": "C" },',
      '  { "dtId": "T2", "sourceTimestamp": "2024-10-01T12:00:00Z", "scalarValue": 2, "connectorId": "C", "properties": { "a": 1 } },',
      '  { "twinId": "T3", "timestamp": "2024-10-01T12:00:00Z", "value": "3" },',
      '  7',
      ']',
    ].join('\n');
    const parsed = parseTelemetryFile(text, 'points.json');
    assert.deepEqual(
      parsed.rows.map((r) => [r.line, r.entry.dtId, r.entry.scalarValue]),
      [
        [2, 'T1', 1],
        [3, 'T2', 2],
      ],
    );
    assert.deepEqual(parsed.rows[1].entry.properties, { a: 1 });
    assert.deepEqual(parsed.errors, [
      {
        file: 'points.json',
        line: 4,
        message:
          'value "3" is not a number; connectorId is required (add a connectorId column or choose a default connector)',
      },
      { file: 'points.json', line: 5, message: 'each row must be a JSON object' },
    ]);
    assert.deepEqual(
      parseTelemetryFile('{"a":1}', 'x.json').errors.map((e) => e.message),
      ['expected a JSON array of telemetry rows'],
    );
    assert.deepEqual(
      parseTelemetryFile('a,b\n1,2', 'x.csv').errors.map((e) => e.message),
      ['the header needs twinId (or externalId), timestamp and value columns'],
    );
  });

  it('splits rows into batches and sends them in order', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      line: i + 2,
      entry: { connectorId: 'C', dtId: 'T', sourceTimestamp: new Date(i).toISOString(), scalarValue: i },
    }));
    assert.deepEqual(
      telemetryBatches(rows, 2).map((b) => b.length),
      [2, 2, 1],
    );
    assert.throws(() => telemetryBatches(rows, 0), /batchSize must be a positive integer/);
    const sent: TimeSeriesEntry[][] = [];
    const progress: number[] = [];
    // The service acknowledges with 202 and no body: the count is what was sent.
    const result = await sendTelemetry(
      rows,
      {
        sendTimeSeries: async (entries) => {
          sent.push(entries);
          return { sent: entries.length };
        },
      },
      { batchSize: 2, onProgress: (n) => progress.push(n) },
    );
    assert.deepEqual(result, { sent: 5 });
    assert.deepEqual(
      sent.flat().map((e) => e.scalarValue),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(progress, [2, 4, 5]);
  });
});
