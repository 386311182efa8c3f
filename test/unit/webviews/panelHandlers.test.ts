import { unitSymbol } from '../../../src/core/dtdl/unitSymbols';
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BuildingTwinsClient } from '../../../src/core/api/client';
import type { BatchRequest, BuildingTwinsApi, DigitalTwin, Insight } from '../../../src/core/api/types';
import { lttbOverRange } from '../../../src/core/timeSeries/lttb';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/emulator';
import {
  createInsightsHandlers,
  groupInsights,
  toBatchRequest,
} from '../../../src/extension/panels/insights/insightsHandlers';
import { fetchRange } from '../../../src/core/timeSeries/timeSeriesFetch';
import {
  capabilityTwinIds,
  createTimeSeriesHandlers,
} from '../../../src/extension/panels/timeSeries/timeSeriesHandlers';
import { createTwinGraphHandlers, toGraphRequest } from '../../../src/extension/panels/twinGraph/twinGraphHandlers';
import { upgradeSavedQuery, type InsightsQuery } from '../../../src/webviews/insights/insightsProtocol';

const HOUR = 3_600_000;

describe('panel handlers against the emulator', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let api: BuildingTwinsClient;
  let dir: string;
  let capability: DigitalTwin;
  let equipmentId: string;

  before(async () => {
    emulator = await startEmulator({ port: 0, log: false });
    api = new BuildingTwinsClient({ baseUrl: emulator.url, clientId: 'local-dev', clientSecret: 'local-dev-secret' });
    dir = await mkdtemp(path.join(tmpdir(), 'bt-panels-'));
    const page = await api.listTwins({ pageSize: 1000 });
    const withUnit = page.content.find((t) => typeof t.contents?.unit === 'string');
    assert.ok(withUnit, 'the sample building has a capability with a unit');
    capability = withUnit;
    const outgoing = await api.listOutgoingRelationships(capability.id);
    const capabilityOf = outgoing.find((r) => r.name === 'isCapabilityOf');
    assert.ok(capabilityOf, 'the sample capability belongs to a twin');
    equipmentId = capabilityOf.targetId;
  });

  after(async () => {
    await emulator?.close();
    await rm(dir, { recursive: true, force: true });
  });

  function timeSeries(twinIds: string[], chooseCsvPath: () => Promise<string | undefined> = async () => undefined) {
    return createTimeSeriesHandlers({
      connection: 'Local emulator',
      twinIds,
      api: async () => api,
      models: async () => ({ displayName: (id: string) => `Model ${id.split(':').pop()}` }),
      chooseCsvPath,
      writeFile: (p, content) => writeFile(p, content, 'utf8'),
    });
  }

  it('init labels each series and takes its unit from the twin, as a symbol', async () => {
    const init = await timeSeries([capability.id, 'no-such-twin']).init({});
    assert.equal(init.series.length, 1);
    assert.equal(
      init.series[0].unit,
      unitSymbol(String(capability.contents!.unit)),
      'the unit as a symbol (degC shows as °C)',
    );
    assert.match(init.series[0].label, /\(Model /);
    assert.deepEqual(init.errors, ['Twin "no-such-twin" was not found']);
  });

  it('load pages through every point and downsamples to the width budget with LTTB over time buckets of the range', async () => {
    const end = Date.now();
    const start = end - 30 * 24 * HOUR;
    const raw = await fetchRange(api, [capability.id], { start, end });
    const count = raw.get(capability.id)!.x.length;
    assert.ok(count > 200, `expected days of sample telemetry, got ${count}`);
    const result = await timeSeries([capability.id]).load({ start, end, width: 50 });
    const s = result.series[0];
    assert.equal(s.rawCount, count);
    // The chart spans the range: 100 points for 50 pixels, in buckets of time (the sample covers part of it).
    const expected = lttbOverRange(raw.get(capability.id)!, 100, { start, end });
    assert.ok(expected.x.length > 2 && expected.x.length <= 100);
    assert.deepEqual(s.x, Array.from(expected.x));
    assert.deepEqual(s.y, Array.from(expected.y));
    assert.equal(s.x[0], raw.get(capability.id)!.x[0]);
    assert.equal(s.x.at(-1), raw.get(capability.id)!.x[count - 1]);
  });

  it('reports empty ranges as zero points and rejects inverted ranges', async () => {
    const handlers = timeSeries([capability.id]);
    const empty = await handlers.load({ start: Date.UTC(2001, 0, 1), end: Date.UTC(2001, 0, 2), width: 800 });
    assert.deepEqual(
      empty.series.map((s) => s.rawCount),
      [0],
    );
    await assert.rejects(async () => handlers.load({ start: 10, end: 5, width: 800 }), /must be before its end/);
  });

  it('latest returns the newest value of each series within the last hour, and nothing for a series without one', async () => {
    const time = Date.now();
    await api.sendTimeSeries([
      {
        connectorId: 'panel-test',
        dtId: capability.id,
        sourceTimestamp: new Date(time).toISOString(),
        scalarValue: 42.25,
      },
    ]);
    const { points } = await timeSeries([capability.id, 'no-such-twin']).latest({});
    assert.deepEqual(points, [{ twinId: capability.id, time, value: 42.25 }]);
    assert.deepEqual(
      (await timeSeries(['no-such-twin']).latest({})).points,
      [],
      "none of the twins exists: the service's 404 is no values, not an error",
    );
  });

  it('exports the full-resolution points of the range to CSV, or nothing when cancelled', async () => {
    const end = Date.now();
    const start = end - 24 * HOUR;
    const file = path.join(dir, 'export.csv');
    const result = await timeSeries([capability.id], async () => file).exportCsv({ start, end });
    assert.ok(!('cancelled' in result));
    const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
    assert.equal(lines[0], 'timestamp,twinId,value');
    assert.equal(lines.length - 1, result.rows);
    assert.equal(result.rows, (await fetchRange(api, [capability.id], { start, end })).get(capability.id)!.x.length);
    assert.match(lines[1], new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+Z,${capability.id},-?\\d`));
    assert.deepEqual(await timeSeries([capability.id]).exportCsv({ start, end }), { cancelled: true });
  });

  it('exports a twin id that looks like a formula as text a spreadsheet does not run', async () => {
    const id = '=HYPERLINK("https://example.com/x","open")';
    await api.putTwin({ id, modelId: capability.modelId, contents: {} } as DigitalTwin);
    const time = Date.now() - 60_000;
    await api.sendTimeSeries([
      { connectorId: 'panel-test', dtId: id, sourceTimestamp: new Date(time).toISOString(), scalarValue: 7 },
    ]);
    const file = path.join(dir, 'formula.csv');
    const result = await timeSeries([id], async () => file).exportCsv({ start: time - HOUR, end: time + HOUR });
    assert.ok(!('cancelled' in result));
    assert.equal(
      await readFile(file, 'utf8'),
      `timestamp,twinId,value\r\n${new Date(time).toISOString()},"'=HYPERLINK(""https://example.com/x"",""open"")",7\r\n`,
    );
  });

  it('never writes a path the webview names, and refuses ranges and widths a webview should not ask for', async () => {
    const end = Date.now();
    const start = end - HOUR;
    const chosen = path.join(dir, 'chosen.csv');
    const planted = path.join(dir, 'planted.csv');
    // The protocol has no path any more; a hostile webview could still send one.
    const hostile = { start, end, path: planted } as unknown as { start: number; end: number };
    const result = await timeSeries([capability.id], async () => chosen).exportCsv(hostile);
    assert.deepEqual(result, { path: chosen, rows: (result as { rows: number }).rows });
    await assert.rejects(readFile(planted, 'utf8'), /ENOENT/);
    assert.deepEqual(
      await timeSeries([capability.id]).exportCsv(hostile),
      { cancelled: true },
      'a cancelled dialog writes nothing, path or not',
    );
    await assert.rejects(
      async () => timeSeries([capability.id]).load({ start: end - 5 * 365 * 24 * HOUR, end, width: 800 }),
      /longer than the 400 days/,
    );
    const wide = await timeSeries([capability.id]).load({ start: end - 24 * HOUR, end, width: 1e9 });
    assert.ok(
      wide.series[0]!.x.length <= 16_000,
      `at most 2 points per pixel of an 8,000 px chart, got ${wide.series[0]!.x.length}`,
    );
  });

  it('charts several capabilities through the ids endpoint', async () => {
    const caps = await capabilityTwinIds(api, () => false, [equipmentId]);
    assert.ok(caps.includes(capability.id), `${equipmentId} should list ${capability.id} among its capabilities`);
    const end = Date.now();
    const result = await timeSeries(caps).load({ start: end - 24 * HOUR, end, width: 400 });
    assert.deepEqual(
      result.series.map((s) => s.twinId),
      caps,
    );
    assert.ok(result.series.some((s) => s.rawCount > 0));
  });

  it('charts the sensors a piece of equipment hosts (hostedBy), not only its own capabilities', async () => {
    // Willow's Capability model links a sensor to the equipment hosting it with hostedBy; the sample's VAV boxes have
    // no isCapabilityOf of their own, only the zone and room sensors they host.
    const page = await api.listTwins({ pageSize: 1000 });
    const vav = page.content.find((t) => /VAV/i.test(t.modelId));
    assert.ok(vav, 'the sample building has a VAV box');
    const hosted = (await api.listIncomingRelationships(vav.id)).filter((r) => r.name === 'hostedBy');
    assert.ok(hosted.length > 0, `${vav.id} hosts sensors`);
    const caps = await capabilityTwinIds(api, () => false, [vav.id]);
    assert.deepEqual(caps.sort(), [...new Set(hosted.map((r) => r.sourceId))].sort());
  });

  it('says which links it followed when a twin has no capabilities', async () => {
    const page = await api.listTwins({ pageSize: 1000 });
    const alone = page.content.find((t) => /Building;/.test(t.modelId));
    assert.ok(alone, 'the sample has a building twin');
    await assert.rejects(
      capabilityTwinIds(api, () => false, [alone.id]),
      new RegExp(
        `^Error: No capability twins found for ${alone.id}: no twin points at it with isCapabilityOf or hostedBy$`,
      ),
    );
  });

  it('capabilityTwinIds keeps capabilities and rejects unknown twins', async () => {
    assert.deepEqual(await capabilityTwinIds(api, (m) => m === capability.modelId, [capability.id]), [capability.id]);
    await assert.rejects(
      capabilityTwinIds(api, () => true, ['nope']),
      /Twin not found: nope/,
    );
  });

  it('graph returns the root and its neighbours, and the root alone when a hop finds nothing', async () => {
    const opened: string[] = [];
    const handlers = createTwinGraphHandlers({
      connection: 'Local emulator',
      rootId: equipmentId,
      hops: { relationshipNames: [], direction: 'IncomingOrOutgoing', depth: 1 },
      api: async () => api,
      openTwin: async (id) => void opened.push(id),
    });
    const graph = await handlers.graph({
      rootId: equipmentId,
      hops: { relationshipNames: ['isCapabilityOf'], direction: 'Incoming', depth: 1 },
    });
    assert.equal(graph.rootId, equipmentId);
    assert.ok(graph.nodes.some((n) => n.id === capability.id));
    assert.ok(
      graph.edges.some((e) => e.source === capability.id && e.target === equipmentId && e.name === 'isCapabilityOf'),
    );
    const lonely = await handlers.graph({
      rootId: equipmentId,
      hops: { relationshipNames: ['hasLease'], direction: 'Outgoing', depth: 2 },
    });
    assert.deepEqual(
      lonely.nodes.map((n) => n.id),
      [equipmentId],
    );
    assert.deepEqual(lonely.edges, []);
    await handlers.openTwin({ twinId: capability.id });
    assert.deepEqual(opened, [capability.id]);
  });
});

describe('graph requests', () => {
  it('nests one hop per depth level', () => {
    const request = toGraphRequest('R', { relationshipNames: ['isPartOf'], direction: 'Outgoing', depth: 2 });
    assert.deepEqual(request, {
      alias: 'root',
      id: 'R',
      relationships: [
        {
          alias: 'hop1',
          direction: 'Outgoing',
          relationshipNames: ['isPartOf'],
          relationship: { alias: 'hop2', direction: 'Outgoing', relationshipNames: ['isPartOf'], relationship: null },
        },
      ],
    });
  });

  it('rejects depths and directions out of range', () => {
    assert.throws(
      () => toGraphRequest('R', { relationshipNames: [], direction: 'Outgoing', depth: 0 }),
      /Depth must be a whole number from 1 to 5, got 0/,
    );
    assert.throws(
      () => toGraphRequest('R', { relationshipNames: [], direction: 'Sideways' as never, depth: 1 }),
      /Direction must be one of/,
    );
  });
});

describe('insights handlers', () => {
  const insight = (id: string, scenarioId: string | null, twinId = 'T1'): Insight => ({
    id,
    scenarioId,
    twinId,
    name: `Insight ${id}`,
  });

  it('maps controls to a BatchRequest: page, size, sort, filters, search, twin scope', () => {
    const request = toBatchRequest(
      {
        page: 3,
        pageSize: 25,
        sort: { field: 'priority', sort: 'desc' },
        filters: [
          { field: 'status', operator: '=', value: 'Open' },
          { field: 'ruleName', operator: 'isNotNull', value: 'dropped' },
        ],
        search: ' fan ',
      },
      ['T1', 'T2'],
    );
    assert.deepEqual(request, {
      page: 3,
      pageSize: 25,
      sortSpecifications: [{ field: 'priority', sort: 'desc' }],
      filterSpecifications: [
        { field: 'status', operator: '=', value: 'Open' },
        { field: 'ruleName', operator: 'isNotNull' },
        { field: 'name', operator: 'contains', value: 'fan' },
        { field: 'twinId', operator: 'in', value: ['T1', 'T2'] },
      ],
    });
  });

  it("upgrades a query saved by an earlier panel: isSortDescending becomes sort, familiar operators the service's words", () => {
    const saved = {
      page: 2,
      pageSize: 10,
      sort: { field: 'priority', isSortDescending: true },
      filters: [
        { field: 'status', operator: 'eq', value: 'open' },
        { field: 'priority', operator: 'gte', value: 2 },
        { field: 'name', operator: 'contains', value: 'x' },
      ],
    } as unknown as InsightsQuery;
    assert.deepEqual(upgradeSavedQuery(saved), {
      page: 2,
      pageSize: 10,
      sort: { field: 'priority', sort: 'desc' },
      filters: [
        { field: 'status', operator: '=', value: 'open' },
        { field: 'priority', operator: '>=', value: 2 },
        { field: 'name', operator: 'contains', value: 'x' },
      ],
    });
    const current: InsightsQuery = {
      page: 1,
      pageSize: 25,
      sort: { field: 'name', sort: 'asc' },
      filters: [{ field: 'type', operator: 'in', value: ['energy'] }],
    };
    assert.deepEqual(upgradeSavedQuery(current), current);
  });

  it('rejects bad pages, sizes and filters with specific messages', () => {
    assert.throws(
      () => toBatchRequest({ page: 0, pageSize: 10, filters: [] }),
      /Page must be a whole number from 1, got 0/,
    );
    assert.throws(
      () => toBatchRequest({ page: 1, pageSize: 5000, filters: [] }),
      /Page size must be a whole number from 1 to 1000/,
    );
    assert.throws(
      () => toBatchRequest({ page: 1, pageSize: 10, filters: [{ field: '', operator: '=' }] }),
      /Filter 1 needs a field and an operator/,
    );
  });

  it('nests children under their roots and keeps orphans visible', () => {
    const rows = groupInsights([
      insight('r1', null),
      insight('c1', 'r1'),
      insight('r2', null),
      insight('c2', 'r1'),
      insight('o', 'gone'),
    ]);
    assert.deepEqual(
      rows.map((r) => [r.root.id, r.children.map((c) => c.id)]),
      [
        ['r1', ['c1', 'c2']],
        ['r2', []],
        ['o', []],
      ],
    );
  });

  it('lists a twin scope (the twin and the twins under it) once, then pages', async () => {
    const requests: BatchRequest[] = [];
    let scopeLookups = 0;
    const fake = {
      async *iterateTwins() {
        scopeLookups++;
        yield { id: 'ROOM-1', modelId: 'm' };
      },
      async listInsights(req: BatchRequest) {
        requests.push(req);
        return { before: 0, after: 0, total: 1, items: [insight('r1', null, 'ROOM-1'), insight('c1', 'r1', 'ROOM-1')] };
      },
    } as unknown as BuildingTwinsApi;
    const handlers = createInsightsHandlers({
      connection: 'c',
      api: async () => fake,
      scopeTwinId: 'FLOOR-1',
      scopeLabel: 'Floor 1',
      openTwin: async () => {},
      openTicket: async () => {},
    });
    const page = await handlers.list({ page: 1, pageSize: 10, filters: [] });
    await handlers.list({ page: 2, pageSize: 10, filters: [] });
    assert.equal(scopeLookups, 1);
    assert.deepEqual(requests[0].filterSpecifications, [
      { field: 'twinId', operator: 'in', value: ['FLOOR-1', 'ROOM-1'] },
    ]);
    assert.equal(requests[1].page, 2);
    assert.deepEqual(page, {
      rows: [{ root: insight('r1', null, 'ROOM-1'), children: [insight('c1', 'r1', 'ROOM-1')] }],
      page: 1,
      pageSize: 10,
      total: 1,
    });
  });
});
