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

  it('sends relationships as upserts that say which one was there already, when asked to', async () => {
    const file = JSON.stringify([
      { id: 'S1', modelId: SPACE },
      { id: 'R1', modelId: ROOM },
      { id: 'R2', modelId: ROOM },
      { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
      { sourceId: 'R2', name: 'isPartOf', targetId: 'S1' },
    ]);
    const derivedId = (r: Relationship): string => `${r.sourceId}-${r.name}-${r.targetId}`;
    const there = { id: 'R1-isPartOf-S1', sourceId: 'R1', name: 'isPartOf', targetId: 'S1' } as Relationship;
    const client = {
      ...recordingClient(),
      putRelationship: async (r: Relationship) => {
        client.sent.push(`rel ${r.sourceId}>${r.targetId}${r.id ? ` (${r.id})` : ''}`);
        return { ...r, id: derivedId(r) };
      },
      listOutgoingRelationships: async (sourceId: string) => {
        client.sent.push(`list ${sourceId}`);
        return [there].filter((r) => r.sourceId === sourceId);
      },
    };
    const result = await runImport(await planImport(parseImportJson(file), { index }), client, {
      concurrency: 1,
      upsertRelationships: true,
    });
    assert.deepEqual(client.sent.slice(3), ['list R1', 'rel R1>S1', 'list R2', 'rel R2>S1']);
    const [r1, r2] = result.outcomes.slice(3);
    assert.deepEqual([r1.existed, r2.existed], [true, false]);
    assert.equal((r1.written as Relationship).id, 'R1-isPartOf-S1', 'the relationship as the service wrote it');
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
