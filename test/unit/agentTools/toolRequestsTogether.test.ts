// A tool's independent requests go out together: each is asked for before any has answered.
import * as assert from 'node:assert/strict';
import type { AgentToolContext } from '../../../src/core/agentTools/agentTool';
import { getTwinTool, findTwinsTool } from '../../../src/core/agentTools/twinTools';
import { createTicketTool } from '../../../src/core/agentTools/writeTools';
import type { BuildingTwinsApi } from '../../../src/core/api/types';

/** An API whose calls answer only when `release` is called; `asked` lists the calls made so far. */
function heldApi(answers: Record<string, unknown>): {
  ctx: AgentToolContext;
  asked: string[];
  release: () => void;
} {
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const api = new Proxy({} as BuildingTwinsApi, {
    get: (_, name: string) =>
      name === 'readOnly'
        ? false
        : async () => {
            asked.push(name);
            await released;
            if (!(name in answers)) throw new Error(`unexpected call ${name}`);
            return answers[name];
          },
  });
  const ctx: AgentToolContext = {
    api,
    connection: 'test',
    models: () => Promise.reject(new Error('no models here')),
    now: () => 0,
  };
  return { ctx, asked, release };
}

/** Lets every pending promise reaction run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('agent tools send their independent requests together', () => {
  it('get_twin: the twin and both directions of its relationships', async () => {
    const { ctx, asked, release } = heldApi({
      getTwin: { id: 'AHU-1', modelId: 'dtmi:x;1', contents: {} },
      listOutgoingRelationships: [],
      listIncomingRelationships: [],
    });
    const answer = getTwinTool.run({ id: 'AHU-1' }, ctx);
    await settle();
    assert.deepEqual([...asked].sort(), ['getTwin', 'listIncomingRelationships', 'listOutgoingRelationships']);
    release();
    assert.deepEqual(await answer, {
      twin: { id: 'AHU-1', modelId: 'dtmi:x;1', lastUpdateTime: null, contents: {} },
      outgoing: [],
      incoming: [],
    });
  });

  it("get_twin reports the twin's own failure, not its relationships'", async () => {
    const { ctx, release } = heldApi({});
    const answer = getTwinTool.run({ id: 'NOPE' }, ctx);
    release();
    await assert.rejects(answer, /unexpected call getTwin/);
  });

  it('find_twins: the first page and the total', async () => {
    const { ctx, asked, release } = heldApi({ listTwins: { content: [] }, countTwins: 0 });
    const answer = findTwinsTool.run({ name: 'AHU' }, ctx);
    await settle();
    assert.deepEqual([...asked].sort(), ['countTwins', 'listTwins']);
    release();
    assert.deepEqual(await answer, { total: 0, twins: [] });
  });

  it("create_ticket's checks: the status, the priority and the twin", async () => {
    const { ctx, asked, release } = heldApi({
      listTicketStatuses: [{ id: 's1', name: 'Open' }],
      listTicketPriorities: [{ id: 'p1', name: 'High', priorityLevel: 1 }],
      getTwinsByIds: { twins: [], omitted: ['T-1'] },
    });
    const plan = createTicketTool.plan({ summary: 'x', statusId: 's1', priorityId: 'p9', twinId: 'T-1' }, ctx);
    await settle();
    assert.deepEqual([...asked].sort(), ['getTwinsByIds', 'listTicketPriorities', 'listTicketStatuses']);
    release();
    await assert.rejects(plan, /no ticket priority p9; no twin T-1 \(ticket_metadata lists the ids\)/);
  });
});
