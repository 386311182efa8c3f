// The bulk patch's run: one question with every request, nothing sent when declined or read-only, failures and
// refusals reported with their reasons, cancellation, and resuming from the report.
import * as assert from 'node:assert/strict';
import type { JsonPatchOperation } from '../../../src/core/api/types';
import { memoryReportStore } from '../../../src/core/bulk/importReport';
import { patchKey, type PatchPlan } from '../../../src/core/bulk/patchPlan';
import { runTwinPatches, type PatchQuestion } from '../../../src/core/bulk/patchRunner';

const ROOM = 'dtmi:com:example:Room;1';
const op = (value: unknown): JsonPatchOperation[] => [{ op: 'replace', path: '/capacity', value }];

function planOf(ids: string[], value: unknown = 5): PatchPlan {
  return {
    patches: ids.map((id, i) => ({ key: patchKey(id), twinId: id, modelId: ROOM, position: i + 1, patch: op(value) })),
    refused: [{ twinId: 'BAD', reason: 'no such twin on the service' }],
    unchanged: ['SAME'],
    countsByModel: { [ROOM]: ids.length },
  };
}

/** A client that records what it sends; twins named in `failing` are refused by the "service". */
function recordingClient(failing: string[] = [], readOnly = false) {
  const sent: string[] = [];
  return {
    sent,
    readOnly,
    patchTwin: async (id: string, patch: JsonPatchOperation[]) => {
      sent.push(`${id} ${JSON.stringify(patch)}`);
      if (failing.includes(id)) throw new Error(`400 ${id} refused`);
    },
  };
}

const fixedClock = { now: () => Date.parse('2030-01-02T03:04:05Z') };

describe('runTwinPatches (bulk patch run)', () => {
  it('asks once with every request and sends nothing when declined', async () => {
    const client = recordingClient();
    const questions: PatchQuestion[] = [];
    const result = await runTwinPatches(planOf(['A', 'B/1']), client, {
      connection: 'Test',
      confirm: async (q) => (questions.push(q), false),
    });
    assert.equal(questions.length, 1);
    assert.deepEqual(
      questions[0].requests.map((r) => [r.method, r.path, r.body]),
      [
        ['PATCH', '/twins/A', op(5)],
        ['PATCH', '/twins/B%2F1', op(5)],
      ],
    );
    assert.deepEqual(client.sent, []);
    assert.equal(result.confirmed, false);
    assert.equal(result.sent, 0);
    assert.deepEqual(result.counts, {
      done: 0,
      failed: 0,
      skipped: 0,
      pending: 0,
      declined: 2,
      refused: 1,
      unchanged: 1,
    });
  });

  it('refuses a read-only client before asking or sending', async () => {
    const client = recordingClient([], true);
    let asked = false;
    await assert.rejects(
      runTwinPatches(planOf(['A']), client, { connection: 'Prod', confirm: async () => (asked = true) }),
      /the connection "Prod" is read-only; nothing was sent/,
    );
    assert.equal(asked, false);
    assert.deepEqual(client.sent, []);
  });

  it('reports what failed with the service answer, records it, and resends only what is not done', async () => {
    const report = memoryReportStore();
    const client = recordingClient(['B']);
    const first = await runTwinPatches(planOf(['A', 'B', 'C']), client, {
      connection: 'Test',
      confirm: async () => true,
      report,
      clock: fixedClock,
      concurrency: 1,
    });
    assert.equal(first.sent, 3);
    assert.deepEqual(
      first.outcomes.map((o) => [o.twinId, o.status, o.error]),
      [
        ['A', 'done', undefined],
        ['B', 'failed', '400 B refused'],
        ['C', 'done', undefined],
        ['BAD', 'refused', 'no such twin on the service'],
        ['SAME', 'unchanged', undefined],
      ],
    );
    assert.equal(report.current!.items[patchKey('B')].status, 'failed');
    assert.equal(report.current!.items[patchKey('A')].at, '2030-01-02T03:04:05.000Z');

    client.sent.length = 0;
    const questions: PatchQuestion[] = [];
    const second = await runTwinPatches(planOf(['A', 'B', 'C']), recordingClient(), {
      connection: 'Test',
      confirm: async (q) => (questions.push(q), true),
      report,
    });
    assert.deepEqual(
      questions[0].requests.map((r) => r.twinId),
      ['B'],
    );
    assert.equal(questions[0].alreadyDone, 2);
    assert.deepEqual([second.counts.done, second.counts.skipped, second.sent], [1, 2, 1]);
    assert.equal(report.current!.items[patchKey('B')].attempts, 2);

    // Another value is another patch: sent again, though the twin was done with the first.
    const third = await runTwinPatches(planOf(['A'], 6), recordingClient(), {
      connection: 'Test',
      confirm: async () => true,
      report,
    });
    assert.equal(third.counts.done, 1);
    // Nothing left to send: no question at all.
    let asked = 0;
    const fourth = await runTwinPatches(planOf(['A'], 6), recordingClient(), {
      connection: 'Test',
      confirm: async () => (asked++, true),
      report,
    });
    assert.deepEqual([asked, fourth.questions, fourth.sent, fourth.counts.skipped], [0, 0, 0, 1]);
  });

  it('stops when cancelled, leaves the rest pending in the report, and resumes from there', async () => {
    const report = memoryReportStore();
    const controller = new AbortController();
    const sent: string[] = [];
    const client = {
      patchTwin: async (id: string, _patch: JsonPatchOperation[], o?: { signal?: AbortSignal }) => {
        sent.push(id);
        if (sent.length === 2) controller.abort(new Error('cancelled'));
        if (o?.signal?.aborted) throw o.signal.reason;
      },
    };
    const ids = ['A', 'B', 'C', 'D'];
    const result = await runTwinPatches(planOf(ids), client, {
      connection: 'Test',
      confirm: async () => true,
      report,
      signal: controller.signal,
      concurrency: 1,
    });
    assert.equal(result.aborted, true);
    assert.deepEqual(
      result.outcomes.slice(0, 4).map((o) => o.status),
      ['done', 'pending', 'pending', 'pending'],
    );
    assert.deepEqual(Object.keys(report.current!.items), [patchKey('A')]);
    const rest = recordingClient();
    const resumed = await runTwinPatches(planOf(ids), rest, { connection: 'Test', confirm: async () => true, report });
    assert.deepEqual(
      rest.sent.map((s) => s.split(' ')[0]),
      ['B', 'C', 'D'],
    );
    assert.deepEqual([resumed.counts.done, resumed.counts.skipped], [3, 1]);
  });
});
