import * as assert from 'node:assert/strict';
import type { DigitalTwin, Relationship } from '../../../src/core/api/types';
import { planImport } from '../../../src/core/bulk/importPlan';
import { parseImportJson } from '../../../src/core/bulk/importJson';
import { memoryReportStore } from '../../../src/core/bulk/importReport';
import type { ImportProgress } from '../../../src/core/bulk/importRunner';
import { writePlan } from '../../../src/core/bulk/writePlan';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { ROOM, SPACE, fixtureInterfaces } from '../dtdl/dtdlFixtures';

const index = ModelIndex.fromInterfaces(fixtureInterfaces);
const FILE = JSON.stringify([
  { id: 'S1', modelId: SPACE },
  { id: 'R1', modelId: ROOM },
  { sourceId: 'R1', name: 'isPartOf', targetId: 'S1' },
]);

/** A service holding `twins` and `relationships`, recording every request. */
function fakeService(twins: string[] = [], relationships: Relationship[] = []) {
  const requests: string[] = [];
  return {
    requests,
    getTwinsByIds: async (ids: string[]) => {
      requests.push(`get ${ids.join(',')}`);
      return { twins: ids.filter((id) => twins.includes(id)).map((id) => ({ id }) as DigitalTwin), omitted: [] };
    },
    putTwin: async (twin: DigitalTwin) => {
      requests.push(`put twin ${twin.id}`);
      return { ...twin, $etag: 'W/"1"' };
    },
    putRelationship: async (rel: Relationship) => {
      requests.push(`put rel ${rel.sourceId}>${rel.targetId}${rel.id ? ` (${rel.id})` : ''}`);
      return { ...rel, id: `${rel.sourceId}-${rel.name}-${rel.targetId}` };
    },
    listOutgoingRelationships: async (sourceId: string) => {
      requests.push(`list ${sourceId}`);
      return relationships.filter((r) => r.sourceId === sourceId);
    },
  };
}

const plan = () => planImport(parseImportJson(FILE), { index });
const yes = () => Promise.resolve(true);
const no = () => Promise.resolve(false);

describe('writePlan: the one write pipeline of an import plan', () => {
  it('asks about the twins that exist, in plan order, and sends nothing when the replace is declined', async () => {
    const service = fakeService(['R1', 'S1']);
    let asked: readonly string[] = [];
    let confirmed = false;
    const result = await writePlan(await plan(), service, {
      confirmReplace: (existing) => {
        asked = existing;
        return no();
      },
      confirm: () => {
        confirmed = true;
        return yes();
      },
    });
    assert.deepEqual(asked, ['S1', 'R1']);
    assert.deepEqual(result, { sent: false, declined: 'replace', existing: ['S1', 'R1'] });
    assert.equal(confirmed, false, 'the write confirmation is not reached');
    assert.deepEqual(service.requests, ['get S1,R1'], 'no write was sent');
  });

  it('does not ask about replacing when no twin exists, and sends nothing when the confirmation is declined', async () => {
    const service = fakeService();
    let replaceAsked = false;
    const result = await writePlan(await plan(), service, {
      confirmReplace: () => {
        replaceAsked = true;
        return yes();
      },
      confirm: no,
    });
    assert.equal(replaceAsked, false);
    assert.deepEqual(result, { sent: false, declined: 'confirm', existing: [] });
    assert.deepEqual(service.requests, ['get S1,R1']);
  });

  it('sends twins then relationships as upserts that say which relationship was there already', async () => {
    const there = { $relationshipId: 'x', id: 'R1-isPartOf-S1', sourceId: 'R1', name: 'isPartOf', targetId: 'S1' };
    const service = fakeService(['S1'], [there as unknown as Relationship]);
    const result = await writePlan(await plan(), service, {
      confirmReplace: yes,
      confirm: yes,
      concurrency: 1,
      upsertRelationships: true,
    });
    assert.ok(result.sent);
    assert.deepEqual(result.existing, ['S1']);
    assert.deepEqual(service.requests, ['get S1,R1', 'put twin S1', 'put twin R1', 'list R1', 'put rel R1>S1']);
    const [s1, , rel] = result.result.outcomes;
    assert.deepEqual(s1.written, { id: 'S1', modelId: SPACE, $etag: 'W/"1"' }, 'the twin as the service wrote it');
    assert.equal(rel.existed, true);
    assert.equal((rel.written as Relationship).id, 'R1-isPartOf-S1');
  });

  it('resumes from a report, skipping what is done, inside the sending the command provides', async () => {
    const report = memoryReportStore();
    const first = fakeService();
    await writePlan(await plan(), first, { confirm: yes, report });
    assert.deepEqual(
      first.requests,
      ['put twin S1', 'put twin R1', 'put rel R1>S1'],
      'no lookup without confirmReplace',
    );
    const again = fakeService();
    const progress: ImportProgress[] = [];
    let wrapped = false;
    const result = await writePlan(await plan(), again, {
      confirm: yes,
      report,
      sending: async (send) => {
        wrapped = true;
        return send({ onProgress: (p) => progress.push(p) });
      },
    });
    assert.ok(result.sent);
    assert.equal(wrapped, true);
    assert.deepEqual(again.requests, []);
    assert.equal(result.result.skipped, 3);
    assert.ok(progress.length > 0, 'progress reaches the command');
  });

  it('refuses a plan with errors before asking anything', async () => {
    const service = fakeService();
    const bad = await planImport(parseImportJson(`[{"id":"S1","modelId":"${SPACE}","contents":{"nope":1}}]`), {
      index,
    });
    let asked = false;
    await assert.rejects(
      writePlan(bad, service, {
        confirm: () => {
          asked = true;
          return yes();
        },
      }),
      /fix them first \(nothing was sent\)/,
    );
    assert.equal(asked, false);
    assert.deepEqual(service.requests, []);
  });
});
