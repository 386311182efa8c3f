import * as assert from 'node:assert/strict';
import { canonicalGuid } from '../../../src/core/api/guid';
import type { Insight } from '../../../src/core/api/types';
import {
  INSIGHT_STATUS_CODES,
  INSIGHT_STATUS_SORT_ORDER,
  INSIGHT_TYPE_CODES,
  type InsightStatus,
} from '../../../src/core/api/insightStatus';
import { buildSample } from '../../../src/emulator/sample/sampleBuilding';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

describe('emulator insights routes', () => {
  let client: EmulatorTestClient;
  // Ids and parent/child links do not depend on the reference time, so a local build predicts the server's data.
  const sample = buildSample({ now: '2026-11-26T10:00:00Z' });
  const roots = sample.insights.filter((i) => i.scenarioId === null);
  const childrenOf = (id: string) => sample.insights.filter((i) => i.scenarioId === id);
  const list = (body: unknown, query = '') => client.call('POST', `/insights${query}`, body);
  const rootIds = (items: Insight[]) => items.filter((i) => (i.scenarioId ?? null) === null).map((i) => i.id);

  before(async () => {
    client = await EmulatorTestClient.start();
  });
  after(() => client.close());

  it('leaves out null members, as every backend of the service does (WhenWritingNull): a root has no scenarioId', async () => {
    const page = (await list({ pageSize: 1000 })).json as { items: Array<Record<string, unknown>> };
    const root = page.items.find((i) => !i.scenarioId)!;
    assert.ok(root, 'the sample has roots');
    assert.ok(!('scenarioId' in root), JSON.stringify(root));
    for (const item of page.items)
      for (const [key, value] of Object.entries(item)) assert.notEqual(value, null, `${String(item.id)}.${key}`);
  });

  it('pages over root insights only, 10 by default, each followed by all its children', async () => {
    const res = await list({});
    assert.equal(res.status, 200, res.text);
    const page = res.json as { before: number; after: number; total: number; items: Insight[] };
    assert.deepEqual(
      { before: page.before, after: page.after, total: page.total },
      { before: 0, after: roots.length - 10, total: roots.length },
    );
    const pageRoots = rootIds(page.items);
    assert.equal(pageRoots.length, 10);
    const expectedCount = pageRoots.reduce((sum, id) => sum + 1 + childrenOf(id).length, 0);
    assert.equal(page.items.length, expectedCount);
    for (let i = 0; i < page.items.length; i++) {
      const item = page.items[i];
      if ((item.scenarioId ?? null) !== null)
        assert.ok(
          page.items.slice(0, i).some((p) => p.id === item.scenarioId),
          'a child follows its root',
        );
    }
    assert.ok(page.items.length > 10, 'children come on top of the 10 roots');
  });

  it('treats page 0, null or absent as the first page and counts roots in before/after', async () => {
    const first = (await list({})).json;
    assert.deepEqual((await list({ page: 0 })).json, first);
    assert.deepEqual((await list({ page: null, pageSize: null })).json, first);
    const second = (await list({ page: 2 })).json;
    assert.equal(second.before, 10);
    assert.equal(second.after, 0);
    assert.equal(rootIds(second.items).length, roots.length - 10);
    assert.deepEqual(new Set([...rootIds(first.items), ...rootIds(second.items)]), new Set(roots.map((r) => r.id)));
  });

  it('returns a matching root with all its children', async () => {
    const root = roots.find((r) => childrenOf(r.id).length >= 2)!;
    const res = await list({ filterSpecifications: [{ field: 'id', operator: '=', value: root.id }] });
    assert.equal(res.json.total, 1);
    assert.deepEqual(
      res.json.items.map((i: Insight) => i.id).sort(),
      [root.id, ...childrenOf(root.id).map((c) => c.id)].sort(),
    );
  });

  it('returns a matching child with its parent even when the parent does not match, without non-matching siblings', async () => {
    const root = roots.find((r) => childrenOf(r.id).length >= 2)!;
    const child = childrenOf(root.id)[1];
    const res = await list({ filterSpecifications: [{ field: 'id', operator: '=', value: child.id }] });
    assert.equal(res.json.total, 1);
    assert.deepEqual(
      res.json.items.map((i: Insight) => i.id),
      [root.id, child.id],
    );
  });

  it('filters and sorts on any field, case-insensitively, with And/Or', async () => {
    const res = await list({
      pageSize: 100,
      filterSpecifications: [
        { field: 'TYPE', operator: '=', value: 'ENERGY' },
        { field: 'scenarioId', operator: 'isNull' },
      ],
      sortSpecifications: [{ field: 'priority', sort: 'asc' }],
    });
    const expected = roots.filter((r) => r.type === 'energy');
    assert.equal(res.json.total, expected.length);
    const priorities = res.json.items
      .filter((i: Insight) => (i.scenarioId ?? null) === null)
      .map((i: Insight) => i.priority);
    assert.deepEqual(
      priorities,
      [...priorities].sort((a, b) => a - b),
    );
  });

  // InsightCore InsightService.MapFloorId adds the floor's GUID, no name (Willow source:
  // extensions/real-estate/back-end/InsightCore/src/InsightCore/Services/InsightService.cs).
  it('adds the floor GUID from the twin location with addFloor=true, and no floor name', async () => {
    const res = await list({ pageSize: 100 }, '?addFloor=true');
    const overheating = res.json.items.find((i: Insight) => i.twinId === 'HP-L03-R01');
    assert.equal(canonicalGuid(overheating.floorId), overheating.floorId, 'a canonical GUID');
    assert.equal('floor' in overheating, false);
    const offline = res.json.items.find((i: Insight) => i.twinId === 'HP-L04-R03-CO2');
    const sameLevel = res.json.items.find((i: Insight) => i.twinId?.startsWith('HP-L04-') && i !== offline);
    assert.ok(canonicalGuid(offline.floorId), 'a capability reaches its level through its room');
    if (sameLevel) assert.equal(sameLevel.floorId, offline.floorId, 'one GUID per level');
    assert.notEqual(offline.floorId, overheating.floorId);
    const plain = await list({ pageSize: 100 });
    assert.ok(plain.json.items.every((i: Insight) => !('floorId' in i)));
  });

  it('rejects a bad BatchRequest with 400 naming the field', async () => {
    assertProblem(await list({ pageSize: 1001 }), 400, 'pageSize');
    assertProblem(
      await list({ filterSpecifications: [{ field: 'name', operator: 'eq', value: 'x' }] }),
      400,
      'FilterSpecifications[0]',
    );
    assertProblem(
      await list({ sortSpecifications: [{ field: 'name', isSortDescending: true }] }),
      400,
      'SortSpecifications[0].Sort',
    );
    assertProblem(await list([]), 400);
    assertProblem(await list({}, '?addFloor=maybe'), 400, 'addFloor');
  });

  it('gets one insight by its GUID in any form ASP.NET binds, 400 for an id that is no GUID, 404 for an unknown one', async () => {
    const child = sample.insights.find((i) => i.scenarioId !== null)!;
    const res = await client.call('GET', `/insights/${child.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.json.id, child.id);
    assert.equal(res.json.scenarioId, child.scenarioId);
    for (const form of [child.id.toUpperCase(), `{${child.id}}`, child.id.replace(/-/g, '')]) {
      assert.equal((await client.call('GET', `/insights/${encodeURIComponent(form)}`)).json?.id, child.id, form);
    }
    for (const bad of ['not-a-guid', `${child.id}0`, child.id.replace(/-/g, '').replace(/^/, '{').concat('}')]) {
      const refused = await client.call('GET', `/insights/${encodeURIComponent(bad)}`);
      assertProblem(refused, 400, 'insightId');
      assert.deepEqual(refused.json.errors.insightId, [`The value '${bad}' is not valid.`]);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await client.call('GET', `/insights/${unknown}`);
    assertProblem(missing, 404);
    assert.deepEqual(missing.json, { statusCode: 404, message: `insight: ${unknown}`, data: {} });
  });

  it('gives every sample insight a GUID id, the current status as lastStatus and its legacy word as status', async () => {
    const legacyOf: Record<string, string> = {
      new: 'open',
      open: 'open',
      ignored: 'acknowledged',
      inProgress: 'inProgress',
      readyToResolve: 'inProgress',
      resolved: 'closed',
    };
    const items = (await list({ pageSize: 1000 })).json.items as Insight[];
    assert.equal(items.length, sample.insights.length);
    const seen = new Set<string>();
    for (const insight of items) {
      assert.match(insight.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.ok(insight.lastStatus && insight.lastStatus in legacyOf, `lastStatus ${insight.lastStatus}`);
      assert.equal(
        insight.status,
        legacyOf[insight.lastStatus!],
        `${insight.id}: status ${insight.status} for lastStatus ${insight.lastStatus}`,
      );
      seen.add(insight.lastStatus!);
    }
    assert.ok(seen.size >= 4, `the sample shows several statuses: ${[...seen].join(', ')}`);
  });

  it('filters and sorts `status` by the current status, as the service stores it, and ignores a filter on lastStatus', async () => {
    const rootsWith = (status: string) =>
      roots
        .filter((r) => r.lastStatus === status)
        .map((r) => r.id)
        .sort();
    const resolved = await list({
      pageSize: 1000,
      filterSpecifications: [
        { field: 'status', operator: '=', value: 'resolved' },
        { field: 'scenarioId', operator: 'isNull' },
      ],
    });
    assert.ok(rootsWith('resolved').length > 0, 'the sample has resolved roots');
    assert.deepEqual(rootIds(resolved.json.items).sort(), rootsWith('resolved'));
    // A legacy word is no InsightStatus member: Willow.Batch reads it as code 0, open (JsonElementExtensions.cs).
    const legacyWord = await list({
      pageSize: 1000,
      filterSpecifications: [
        { field: 'status', operator: '=', value: 'closed' },
        { field: 'scenarioId', operator: 'isNull' },
      ],
    });
    assert.deepEqual(rootIds(legacyWord.json.items).sort(), rootsWith('open'));
    const ignored = await list({
      pageSize: 1000,
      filterSpecifications: [{ field: 'lastStatus', operator: '=', value: 'resolved' }],
    });
    assert.equal(ignored.json.total, roots.length);
    const sorted = await list({ pageSize: 1000, sortSpecifications: [{ field: 'status', sort: 'asc' }] });
    const statuses = (sorted.json.items as Insight[])
      .filter((i) => (i.scenarioId ?? null) === null)
      .map((i) => String(i.lastStatus));
    const byCode = (a: string, b: string) =>
      INSIGHT_STATUS_CODES[a as InsightStatus] - INSIGHT_STATUS_CODES[b as InsightStatus];
    assert.deepEqual(statuses, [...statuses].sort(byCode), 'by stored code, not by word');
    assertProblem(
      await list({ sortSpecifications: [{ field: 'lastStatus', sort: 'asc' }] }),
      400,
      'SortSpecifications[0].Field',
    );
  });

  it('pages past the end as the service counts: before = (page - 1) × pageSize, after negative', async () => {
    const res = await list({ page: 4, pageSize: 10 });
    assert.deepEqual(
      { before: res.json.before, after: res.json.after, total: res.json.total, items: res.json.items },
      { before: 30, after: roots.length - 30, total: roots.length, items: [] },
    );
    assert.ok(res.json.after < 0);
    assert.deepEqual((await list({ page: -2 })).json, (await list({})).json, 'a page below 1 is the first');
  });

  it('requires a bearer token on the insights, events and tickets routes (401)', async () => {
    for (const [method, path] of [
      ['POST', '/insights'],
      ['GET', `/insights/${roots[0].id}`],
      ['POST', '/events'],
      ['GET', '/events/types'],
      ['POST', '/tickets'],
      ['GET', '/tickets/status'],
      ['PUT', '/tickets/categories'],
    ]) {
      assert.equal(
        (await client.call(method, path, method === 'GET' ? undefined : {}, { token: null })).status,
        401,
        `${method} ${path}`,
      );
    }
  });

  it('refuses startsWith, endsWith and notcontains with a 400 naming what works (the service cannot run them: 500)', async () => {
    for (const operator of ['startsWith', 'endsWith', 'notcontains']) {
      const res = await list({
        filterSpecifications: [
          { field: 'name', operator: 'contains', value: 'a' },
          { field: 'name', operator, value: 'a' },
        ],
      });
      assertProblem(res, 400, 'FilterSpecifications[1]');
      assert.deepEqual(res.json.errors, {
        'FilterSpecifications[1]': [
          `${operator} cannot filter insights: the service's database cannot run it (a real instance fails with HTTP 500); use contains or like instead.`,
        ],
      });
    }
    assert.equal((await list({ filterSpecifications: [{ field: 'name', operator: 'like', value: 'a' }] })).status, 200);
  });

  it('sorts status and type by their stored codes (open 0 … readyToResolve 60; fault 1 … predictive 16), not by the words', async () => {
    const codesOf = async (fieldName: 'status' | 'type', sort: 'asc' | 'desc') => {
      const page = await list({ pageSize: 1000, sortSpecifications: [{ field: fieldName, sort }] });
      assert.equal(page.status, 200, page.text);
      const codes = fieldName === 'status' ? (INSIGHT_STATUS_CODES as Record<string, number>) : INSIGHT_TYPE_CODES;
      return (page.json.items as Insight[])
        .filter((i) => (i.scenarioId ?? null) === null)
        .map((i) => codes[String(fieldName === 'status' ? i.lastStatus : i.type)]);
    };
    for (const fieldName of ['status', 'type'] as const) {
      const up = await codesOf(fieldName, 'asc');
      assert.ok(
        up.every((code) => typeof code === 'number'),
        `${fieldName}: every sample value has a code`,
      );
      assert.ok(new Set(up).size > 1, `${fieldName}: the sample shows several values`);
      assert.deepEqual(
        up,
        [...up].sort((a, b) => a - b),
        fieldName,
      );
      const down = await codesOf(fieldName, 'desc');
      assert.deepEqual(
        down,
        [...down].sort((a, b) => b - a),
        fieldName,
      );
    }
    // Word order would put inProgress before new and open; code order puts open (0) first and new (40) late.
    assert.deepEqual(INSIGHT_STATUS_SORT_ORDER, ['open', 'ignored', 'inProgress', 'resolved', 'new', 'readyToResolve']);
  });

  it('refuses >, >=, <, <= on status and type (stored codes the service cannot compare: 500), naming in instead', async () => {
    for (const operator of ['>', '>=', '<', '<=']) {
      for (const fieldName of ['status', 'Type']) {
        const res = await list({ filterSpecifications: [{ field: fieldName, operator, value: 'open' }] });
        assertProblem(res, 400, 'FilterSpecifications[0]');
        assert.match(
          res.json.errors['FilterSpecifications[0]'][0],
          new RegExp(
            `^${operator} cannot compare ${fieldName.toLowerCase()} of insights: it is stored as a code .*use in with the values wanted instead \\(codes: .*\\)\\.$`,
          ),
        );
      }
    }
    assert.equal(
      (await list({ filterSpecifications: [{ field: 'priority', operator: '<=', value: 2 }] })).status,
      200,
      'other fields compare',
    );
    assert.equal(
      (await list({ filterSpecifications: [{ field: 'status', operator: 'in', value: ['open', 'new'] }] })).status,
      200,
    );
  });

  it('is read-only: other methods are 405', async () => {
    assert.equal((await client.call('PUT', '/insights', {})).status, 405);
    assert.equal((await client.call('DELETE', `/insights/${roots[0].id}`)).status, 405);
  });
});
