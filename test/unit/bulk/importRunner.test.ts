import * as assert from 'node:assert/strict';
import type { DigitalTwin, Relationship } from '../../../src/core/api/types';
import { planImport } from '../../../src/core/bulk/importPlan';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import { memoryReportStore } from '../../../src/core/bulk/importReport';
import { runImport } from '../../../src/core/bulk/importRunner';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { ROOM, SPACE, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);

function recordingClient(): {
  sent: string[];
  putTwin: (t: DigitalTwin) => Promise<DigitalTwin>;
  putRelationship: (r: Relationship) => Promise<Relationship>;
} {
  const sent: string[] = [];
  return {
    sent,
    putTwin: async (t) => {
      sent.push(`twin ${t.id}`);
      return t;
    },
    putRelationship: async (r) => {
      sent.push(`rel ${r.sourceId}>${r.targetId}`);
      return r;
    },
  };
}

describe('runImport (in isolation)', () => {
  it('sends twins before relationships and re-sends only items edited since the report', async () => {
    const file = (capacity: number): string =>
      JSON.stringify([
        { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
        { id: 'S1', modelId: SPACE },
        { id: 'R1', modelId: ROOM, contents: { capacity } },
      ]);
    const report = memoryReportStore();
    const client = recordingClient();
    await runImport(await planImport(parseImportJson(file(1)), { index }), client, { concurrency: 1, report });
    assert.deepEqual(client.sent, ['twin S1', 'twin R1', 'rel R1>S1']);
    client.sent.length = 0;
    const result = await runImport(await planImport(parseImportJson(file(2)), { index }), client, { report });
    assert.deepEqual(client.sent, ['twin R1']);
    assert.deepEqual([result.done, result.skipped], [1, 2]);
    assert.equal(report.current!.items['twin:R1'].attempts, 2);
  });

  it('refuses a plan with errors without sending anything', async () => {
    const client = recordingClient();
    const plan = await planImport(parseImportJson(`[{"id":"S1","modelId":"${SPACE}","contents":{"nope":1}}]`), {
      index,
    });
    await assert.rejects(
      runImport(plan, client),
      /The import plan has 1 error\(s\); fix them first \(nothing was sent\)\./,
    );
    assert.deepEqual(client.sent, []);
  });
});
