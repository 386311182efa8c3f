// `scalarValue: "NaN"` as LiveDataCore takes it: System.Text.Json reads the named floating-point literals
// (`AllowNamedFloatingPointLiterals`, applications/LiveData/LiveDataCore/src/LiveData.Core/Program.cs), so the batch
// is accepted (202), and reads leave such values out (Features/Telemetry/Helpers/AdxQueryHelper.cs,
// `SkipIllegalValues`).
import * as assert from 'node:assert/strict';
import type { EmulatorTestClient } from './emulatorTestClient';
import { smallBuildingAt } from './emulatorFixtures';

const NOW = Date.parse('2024-05-01T12:00:00Z');

describe('emulator: scalarValue "NaN", "Infinity", "-Infinity" accepted and left out of reads (LiveDataCore Program.cs, AdxQueryHelper.cs)', () => {
  let client: EmulatorTestClient;
  before(async () => {
    ({ client } = await smallBuildingAt(NOW));
  });
  after(() => client.close());

  it('answers 202, stores the finite values and leaves the named ones out of reads, logging them as dropped', async () => {
    const entry = (minute: number, scalarValue: unknown) => ({
      connectorId: 'c',
      dtId: 'T1',
      sourceTimestamp: `2024-05-01T10:0${minute}:00Z`,
      scalarValue,
    });
    await client.admin('DELETE', '/_emulator/requests');
    const res = await client.call('POST', '/time-series', [
      entry(0, 20.5),
      entry(1, 'NaN'),
      entry(2, 'Infinity'),
      entry(3, '-Infinity'),
    ]);
    assert.equal(res.status, 202, res.text);
    const read = await client.call(
      'GET',
      '/time-series/T1?start=2024-05-01T09:00:00Z&end=2024-05-01T11:00:00Z&pageSize=100',
    );
    assert.deepEqual(
      read.json.data.map((p: { scalarValue: number }) => p.scalarValue),
      [20.5],
    );
    const log = (await (await client.admin('GET', '/_emulator/requests')).json()) as Array<{
      method: string;
      dropped?: { count: number };
    }>;
    assert.equal(log.find((r) => r.method === 'POST')?.dropped?.count, 3, JSON.stringify(log));
  });

  it('refuses other text and other spellings as the binder does (400, nothing stored)', async () => {
    for (const scalarValue of ['nan', 'NAN', '12', 'Inf', null]) {
      const res = await client.call('POST', '/time-series', [
        { connectorId: 'c', dtId: 'T1', sourceTimestamp: '2024-05-01T10:30:00Z', scalarValue },
      ]);
      assert.equal(res.status, 400, String(scalarValue));
    }
  });
});
