// What an agent reads is what is there: ids found by name search, why a filtered-out insight is listed, the values a
// relationship property takes, the untrusted note whole under any budget, and service text without hidden characters.
import * as assert from 'node:assert/strict';
import { createToolContext } from '../../../src/core/agentTools/toolContext';
import { ApiError } from '../../../src/core/api/apiError';
import type { BuildingTwinsApi, GetTwinsRequest } from '../../../src/core/api/types';
import { UNTRUSTED_TEXT_NOTE } from '../../../src/core/untrusted/serviceText';
import { answerOf as call, toolSession } from './toolSession';

const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';

describe('agent tools: honest answers', function () {
  this.timeout(30_000);
  const session = toolSession();

  it('find_twins name finds twins by their id too ("AHU-1" finds HP-AHU-1, named "Air handling unit 1")', async () => {
    const { data } = await call(session.ctx, 'find_twins', { name: 'AHU-1' });
    const ids = (data.twins as Array<{ id: string }>).map((t) => t.id);
    assert.ok(ids.includes('HP-AHU-1'), ids.join(', '));
    assert.equal(data.searched, undefined);
  });

  it('find_twins searches names only, and says so, where the service refuses a filter on the id', async () => {
    const client = session.emu.client().client;
    const refusing = Object.create(client) as BuildingTwinsApi;
    refusing.listTwins = (request: GetTwinsRequest, o) => {
      if (JSON.stringify(request.propertyFilter ?? {}).includes('"field":"id"'))
        return Promise.reject(new ApiError({ kind: 'http', operation: 'listTwins', status: 400 }));
      return client.listTwins(request, o);
    };
    refusing.countTwins = (request, o) =>
      JSON.stringify(request?.propertyFilter ?? {}).includes('"field":"id"')
        ? Promise.reject(new ApiError({ kind: 'http', operation: 'countTwins', status: 400 }))
        : client.countTwins(request, o);
    const { data } = await call(createToolContext(refusing, 'Strict'), 'find_twins', { name: 'Air handling unit 1' });
    assert.match(String(data.searched), /names only/);
    assert.ok((data.twins as Array<{ id: string }>).some((t) => t.id === 'HP-AHU-1'));
  });

  it('insights openOnly says why a resolved or ignored insight is listed (an open child)', async () => {
    const { data } = await call(session.ctx, 'insights', { openOnly: true, limit: 50, includeChildren: true });
    const items = data.insights as Array<{ status: string; listedFor?: string; children: Array<{ status: string }> }>;
    const closed = items.filter((i) => ['resolved', 'ignored'].includes(i.status));
    assert.ok(closed.length > 0, 'the sample has a closed insight with an open child');
    for (const item of closed) assert.match(String(item.listedFor), /a child insight whose status matches.*itself is/);
    for (const item of items.filter((i) => !closed.includes(i))) assert.equal(item.listedFor, undefined);
  });

  it('model_vocabulary names the properties a relationship may carry, with the values of an enum', async () => {
    const { data } = await call(session.ctx, 'model_vocabulary', {
      models: ['dtmi:com:buildingtwins:sample:AirHandlingUnit;1'],
    });
    const [model] = data.models as Array<{ relationshipProperties?: Record<string, Record<string, string>> }>;
    assert.match(
      String(model!.relationshipProperties?.isFedBy?.substance),
      /^enum of string: "SupplyAir", "ChilledWater"/,
    );
  });

  it('keeps the untrusted note whole under a small budget: the data gives way', async () => {
    for (const budget of [400, 700, 1_500]) {
      const answer = await call(session.ctx, 'find_twins', { limit: 50 }, budget);
      assert.equal(answer.data.untrusted, UNTRUSTED_TEXT_NOTE, `budget ${budget}`);
      assert.ok(answer.text.length <= budget, `${answer.text.length} > ${budget}`);
    }
  });

  it('cleans hidden characters out of service text: bidi marks, zero-width characters and tags', async () => {
    const hidden =
      'Plant\u200e room\u200f\u061c B\u200b\u200c\u2060\ufeff \u{e0049}\u{e0067}\u{e006e}\u{e006f}\u{e0072}\u{e0065}';
    await session.emu
      .client()
      .client.putTwin({ id: 'HIDDEN-ROOM', modelId: ROOM, contents: { name: `${hidden} team 👩‍🔧` } });
    for (const answer of [
      await call(session.ctx, 'get_twin', { id: 'HIDDEN-ROOM', relationships: false }),
      await call(session.ctx, 'find_twins', { name: 'Plant' }),
    ]) {
      assert.doesNotMatch(
        answer.text,
        /[\u061c\u200b\u200c\u200e\u200f\u2060\ufeff]|[\u{e0000}-\u{e007f}]/u,
        answer.text,
      );
      assert.match(answer.text, /Plant room B /);
      assert.match(answer.text, /team 👩‍🔧/, 'a joiner inside an emoji stays');
    }
  });
});
