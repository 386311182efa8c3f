// The read-only contract of the service, as the client sees it: the same assertions run against the local
// emulator (unit tier) and against a real instance (`npm run test:live`), so anyone with credentials can
// prove the emulator right or wrong. Nothing here writes: every request is a read or a refused request.
// A check that needs data the instance lacks (no twins, no capability with telemetry) fails with a message
// that says so; it never passes silently.

import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/core/api/apiError';
import type { BuildingTwinsClient } from '../../src/core/api/client';
import type { DigitalTwin, Model } from '../../src/core/api/types';

export interface ContractTarget {
  client: BuildingTwinsClient;
  /** Base URL ending in /api/v3, for the few raw requests the client refuses to send. */
  url: string;
}

const DAY_MS = 86_400_000;
const UNKNOWN_GUID = '00000000-0000-4000-8000-00000000c0de';

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  assert.fail('expected the service to refuse the request');
}

/** A raw authenticated request, for what the client itself would refuse to send. */
async function raw(
  target: ContractTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const { access_token: token } = await target.client.getToken();
  const res = await fetch(`${target.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

export function describeReadContract(title: string, connect: () => Promise<ContractTarget>): void {
  describe(title, function () {
    this.timeout(120_000);
    let target: ContractTarget;
    let models: Model[] = [];
    let twins: DigitalTwin[] = [];
    let capability: DigitalTwin | undefined;

    before(async () => {
      target = await connect();
      models = await target.client.listModels();
      twins = (await target.client.listTwins({ pageSize: 20 })).content;
      const capabilityModels = models.filter((m) => /:Capability;\d+$/.test(m.id)).map((m) => m.id);
      if (capabilityModels.length) {
        const found = await target.client.listTwins({ pageSize: 50, modelFilter: { modelIds: capabilityModels } });
        const latest = await target.client.getLatestTimeSeriesByIds(found.content.map((t) => t.id));
        capability = found.content.find((t) => latest.some((value) => value.twinId === t.id)) ?? found.content[0];
      }
    });

    it('issues a bearer token with a lifetime', async () => {
      const token = await target.client.getToken();
      assert.equal(typeof token.access_token, 'string');
      assert.match(token.token_type, /^bearer$/i);
      assert.ok(token.expires_in > 0);
    });

    it('lists models with DTMI ids and gets one with its definition', async () => {
      assert.ok(models.length > 0, 'the instance has no models');
      for (const model of models) assert.match(model.id, /^dtmi:[^;]+;\d+$/);
      const one = await target.client.getModel(models[0]!.id);
      assert.equal(one.id, models[0]!.id);
      assert.equal(typeof one.modelDefinition, 'string');
      assert.equal((JSON.parse(one.modelDefinition!) as { '@id': string })['@id'], one.id);
    });

    it('lists the root model and its descendants, and nothing for an unknown root (200 [])', async () => {
      const root = models.find((m) => /:(Space|Asset|Capability);\d+$/.test(m.id)) ?? models[0]!;
      const descendants = await target.client.listModels({ rootModel: root.id });
      assert.ok(
        descendants.some((m) => m.id === root.id),
        'the root itself is listed',
      );
      assert.deepEqual(
        await target.client.listModels({ rootModel: 'dtmi:com:buildingtwins:contract:NoSuchModel;1' }),
        [],
      );
    });

    it('pages twins with a continuation token, each twin once', async () => {
      assert.ok(twins.length > 0, 'the instance has no twins');
      const first = await target.client.listTwins({ pageSize: 2 });
      assert.ok(first.content.length <= 2);
      if (first.continuationToken) {
        const second = await target.client.listTwins({ pageSize: 2, continuationToken: first.continuationToken });
        const ids = new Set(first.content.map((t) => t.id));
        assert.ok(
          second.content.every((t) => !ids.has(t.id)),
          'the second page repeats no twin of the first',
        );
      }
    });

    it('gets a twin by id (flat or wrapped, the client reads both) with a model id', async () => {
      const twin = await target.client.getTwin(twins[0]!.id);
      assert.equal(twin.id, twins[0]!.id);
      assert.match(twin.modelId, /^dtmi:/);
    });

    it('omits unknown ids from POST /twins/ids without a 404', async () => {
      const { twins: found, omitted } = await target.client.getTwinsByIds([twins[0]!.id, 'contract-no-such-twin']);
      assert.deepEqual(
        found.map((t) => t.id),
        [twins[0]!.id],
      );
      assert.deepEqual(omitted, ['contract-no-such-twin']);
    });

    it('answers 404 for an unknown twin', async () => {
      const error = await refusal(target.client.getTwin('contract-no-such-twin'));
      assert.equal(error.status, 404, error.oneLine);
      assert.match(error.oneLine, /contract-no-such-twin/, 'the message names the twin');
    });

    it('lists outgoing and incoming relationships with their twins', async () => {
      const twin = twins[0]!;
      for (const rel of await target.client.listOutgoingRelationships(twin.id)) assert.equal(rel.sourceId, twin.id);
      for (const rel of await target.client.listIncomingRelationships(twin.id)) assert.equal(rel.targetId, twin.id);
    });

    it('keeps the outgoing relationships of one name with relationshipName', async () => {
      let twinId = twins[0]!.id;
      let all = await target.client.listOutgoingRelationships(twinId);
      for (const twin of twins.slice(1, 5)) {
        if (all.length) break;
        twinId = twin.id;
        all = await target.client.listOutgoingRelationships(twinId);
      }
      const name = all[0]?.name ?? 'isPartOf';
      const named = await target.client.listOutgoingRelationships(twinId, { relationshipName: name });
      assert.deepEqual(
        named.map((r) => r.id).sort(),
        all
          .filter((r) => r.name === name)
          .map((r) => r.id)
          .sort(),
      );
    });

    it('refuses an operator Willow.Batch does not know (eq) with 400 naming FilterSpecifications[0]', async () => {
      const res = await raw(target, 'POST', '/insights', {
        filterSpecifications: [{ field: 'name', operator: 'eq', value: 'x' }],
      });
      assert.equal(res.status, 400, res.text.slice(0, 300));
      assert.match(res.text, /FilterSpecifications\[0\]/i);
    });

    it('pages insights by number with before/after/total, sorted by `sort`', async () => {
      const page = await target.client.listInsights({
        page: 1,
        pageSize: 5,
        sortSpecifications: [{ field: 'createdDate', sort: 'desc' }],
      });
      for (const key of ['before', 'after', 'total'] as const) assert.equal(typeof page[key], 'number');
      assert.equal(page.before, 0);
      const roots = page.items.filter((i) => i.scenarioId === null);
      assert.ok(roots.length <= 5);
      const dates = roots.map((i) => Date.parse(String(i.createdDate)));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
        'newest first',
      );
    });

    it('answers 400 for an insight id that is not a GUID and 404 for an unknown GUID', async () => {
      assert.equal((await refusal(target.client.getInsight('not-a-guid'))).status, 400);
      assert.equal((await refusal(target.client.getInsight(UNKNOWN_GUID))).status, 404);
    });

    it('requires start, end and pageSize on time-series reads (400 without them)', async () => {
      assert.ok(capability, 'the instance has no capability twin');
      const res = await raw(target, 'GET', `/time-series/${encodeURIComponent(capability.id)}`);
      assert.equal(res.status, 400, res.text.slice(0, 300));
    });

    it("reads a week of a capability's time series within the range, oldest first", async () => {
      assert.ok(capability, 'the instance has no capability twin');
      const end = new Date();
      const start = new Date(end.getTime() - 7 * DAY_MS);
      const page = await target.client.getTimeSeries(capability.id, {
        start: start.toISOString(),
        end: end.toISOString(),
        pageSize: 100,
      });
      const times = (page.data ?? []).map((p) => Date.parse(p.sourceTimestamp));
      for (const time of times)
        assert.ok(time >= start.getTime() && time <= end.getTime(), 'every point lies in [start, end]');
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
      assert.ok(page.continuationToken === null || typeof page.continuationToken === 'string');
    });

    it('ends the last page of a time-series read with an empty token', async () => {
      assert.ok(capability, 'the instance has no capability twin');
      const end = new Date();
      const start = new Date(end.getTime() - DAY_MS);
      const query = `start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}&pageSize=10000`;
      let token: unknown = '';
      for (let pages = 0; pages === 0 || (typeof token === 'string' && token !== ''); pages++) {
        assert.ok(pages < 50, 'a day of one capability ends within 50 pages of 10,000');
        const next = pages ? `&continuationToken=${encodeURIComponent(token as string)}` : '';
        const res = await raw(target, 'GET', `/time-series/${encodeURIComponent(capability.id)}?${query}${next}`);
        assert.equal(res.status, 200, res.text.slice(0, 300));
        token = (JSON.parse(res.text) as { continuationToken: unknown }).continuationToken;
      }
      assert.equal(token, '');
    });

    it('answers a time-series read of twins none of which exists with an empty 404, and the client reads it as no data', async () => {
      const ids = ['building-twins-contract-no-such-twin-1', 'building-twins-contract-no-such-twin-2'];
      const end = new Date();
      const query = `start=${encodeURIComponent(new Date(end.getTime() - DAY_MS).toISOString())}&end=${encodeURIComponent(end.toISOString())}&pageSize=10`;
      const res = await raw(target, 'POST', `/time-series/ids?${query}`, ids);
      assert.deepEqual([res.status, res.text], [404, '']);
      const page = await target.client.getTimeSeriesByIds(ids, {
        start: new Date(end.getTime() - DAY_MS).toISOString(),
        end: end.toISOString(),
      });
      assert.deepEqual([page.data, page.errorData?.ids], [[], ids]);
    });

    it('answers latest with an array, empty when nothing arrived in the last hour', async () => {
      assert.ok(capability, 'the instance has no capability twin');
      const res = await raw(target, 'GET', `/time-series/${encodeURIComponent(capability.id)}/latest`);
      assert.equal(res.status, 200, res.text.slice(0, 300));
      const values = JSON.parse(res.text) as Array<{ sourceTimestamp: string }>;
      assert.ok(Array.isArray(values) && values.length <= 1, res.text.slice(0, 300));
      for (const value of values)
        assert.ok(Date.now() - Date.parse(value.sourceTimestamp) <= 60 * 60_000 + 60_000, 'within the last hour');
    });

    it('lists events, tickets, ticket statuses and priorities', async () => {
      const events = await target.client.listEvents({ pageSize: 5 });
      assert.ok(events.items.length <= 5);
      const tickets = await target.client.listTickets({ pageSize: 5 });
      assert.ok(tickets.items.length <= 5);
      assert.ok((await target.client.listTicketStatuses()).length > 0, 'ticket statuses are listed');
      assert.ok(Array.isArray(await target.client.listTicketPriorities()));
    });
  });
}
