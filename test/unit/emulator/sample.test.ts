import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { ModelIndex } from '../../../src/core/dtdl/modelIndex';
import { validateTwin } from '../../../src/core/dtdl/twinValidation';
import { COLLECTIONS } from '../../../src/emulator/collectionNames';
import { startEmulator } from '../../../src/emulator/emulator';
import { buildSample, type SampleData } from '../../../src/emulator/sample/sampleBuilding';
import { SAMPLE_NAMESPACE } from '../../../src/emulator/sample/sampleModels';

const NOW = '2026-11-20T10:00:00.000Z';
const NOW_MS = Date.parse(NOW);

describe('emulator sample building', () => {
  let sample: SampleData;
  let index: ModelIndex;
  before(() => {
    sample = buildSample({ now: NOW });
    index = ModelIndex.fromServiceModels(sample.models);
  });

  it('ships its own DTDL v3 ontology in the sample namespace, which parses without warnings', () => {
    assert.ok(sample.models.length >= 15);
    for (const model of sample.models) {
      assert.ok(model.id.startsWith(SAMPLE_NAMESPACE), model.id);
      assert.ok(JSON.parse(model.modelDefinition!)['@context'].includes('dtmi:dtdl:context;3'));
    }
    assert.deepEqual(index.warnings, []);
    for (const name of [
      'Building',
      'Level',
      'Room',
      'HVACZone',
      'AirHandlingUnit',
      'VAVBox',
      'Chiller',
      'ElectricMeter',
      'TemperatureSensor',
      'Co2Sensor',
      'OccupancySensor',
      'EnergySensor',
      'TemperatureSetpoint',
    ]) {
      assert.ok(index.has(`${SAMPLE_NAMESPACE}${name};1`), name);
    }
    assert.ok(index.isCapability(`${SAMPLE_NAMESPACE}TemperatureSensor;1`));
    assert.ok(index.isA(`${SAMPLE_NAMESPACE}TemperatureSetpoint;1`, `${SAMPLE_NAMESPACE}Setpoint;1`));
    const isFedBy = index.relationship(`${SAMPLE_NAMESPACE}AirHandlingUnit;1`, 'isFedBy');
    assert.ok(isFedBy && JSON.stringify(isFedBy).includes('substance'), 'isFedBy carries a relationship property');
  });

  it('holds a two-site portfolio whose twins all validate against their models', () => {
    assert.equal(sample.twins.filter((t) => t.modelId === `${SAMPLE_NAMESPACE}Building;1`).length, 2);
    assert.ok(sample.twins.length > 150);
    assert.equal(new Set(sample.twins.map((t) => t.id)).size, sample.twins.length, 'twin ids are unique');
    for (const twin of sample.twins) assert.deepEqual(validateTwin(index, twin), [], `${twin.id} is valid`);
  });

  it('has relationships between existing twins, with names declared on the source model', () => {
    const ids = new Set(sample.twins.map((t) => t.id));
    const modelOf = new Map(sample.twins.map((t) => [t.id, t.modelId]));
    const names = new Set<string>();
    for (const rel of sample.relationships) {
      assert.ok(ids.has(rel.sourceId) && ids.has(rel.targetId), JSON.stringify(rel));
      assert.ok(
        index.relationship(modelOf.get(rel.sourceId)!, rel.name),
        `${rel.name} on ${modelOf.get(rel.sourceId)}`,
      );
      names.add(rel.name);
    }
    assert.deepEqual([...names].sort(), [
      'hostedBy',
      'isCapabilityOf',
      'isFedBy',
      'isPartOf',
      'locatedIn',
      'serves',
      'subMeterOf',
    ]);
    assert.ok(sample.relationships.some((r) => r.properties?.substance === 'ChilledWater'));
  });

  it('gives every capability an external id and three days of 15-minute telemetry ending at now', () => {
    const capabilities = sample.twins.filter((t) => index.isCapability(t.modelId));
    assert.equal(sample.telemetry.length, capabilities.length);
    const series = new Map(sample.telemetry.map((s) => [s.twinId, s]));
    for (const twin of capabilities) {
      const s = series.get(twin.id)!;
      assert.ok(s, `telemetry for ${twin.id}`);
      assert.equal(s.externalId, twin.contents?.externalID);
      assert.match(String(twin.contents?.externalID), /^PNT[A-Za-z0-9]{22}$/);
      assert.equal(s.times.length, s.values.length);
      assert.ok(s.values.every(Number.isFinite));
      if (twin.id === 'HP-L04-R03-CO2') continue; // the sample's offline point
      assert.equal(s.times.length, 3 * 96);
      assert.equal(s.times[s.times.length - 1], NOW_MS);
      assert.equal(s.times[1] - s.times[0], 15 * 60_000);
    }
    const offline = series.get('HP-L04-R03-CO2')!;
    assert.ok(offline.times[offline.times.length - 1] <= NOW_MS - 8 * 3_600_000);
  });

  it('produces believable values: temperatures follow setpoints, occupancy is zero at night', () => {
    const temp = sample.telemetry.find((s) => s.twinId === 'HP-L02-R01-TEMP')!;
    assert.ok(
      temp.values.every((v) => v > 10 && v < 35),
      'room temperatures stay plausible',
    );
    const occupancy = sample.telemetry.find((s) => s.twinId === 'HP-L02-R01-OCC')!;
    // Harbour Point is UTC+11: 03:00 local is 16:00 UTC the day before.
    occupancy.times.forEach((t, i) => {
      const localHour = new Date(t + 11 * 3_600_000).getUTCHours();
      if (localHour < 6) assert.equal(occupancy.values[i], 0);
    });
    assert.ok(Math.max(...occupancy.values) > 10, 'the office fills up during the day');
    const setpoint = sample.telemetry.find((s) => s.twinId === 'HP-L02-ZN1-TSP')!;
    assert.deepEqual([...new Set(setpoint.values)].sort(), [22, 26]);
  });

  it('has more than 10 root insights with children, varied and partly linked to tickets', () => {
    const roots = sample.insights.filter((i) => i.scenarioId === null);
    const children = sample.insights.filter((i) => i.scenarioId !== null);
    assert.ok(roots.length > 10);
    assert.ok(children.length > 0);
    const rootIds = new Set(roots.map((r) => r.id));
    for (const child of children) assert.ok(rootIds.has(child.scenarioId!), 'children point at a root');
    assert.ok(new Set(roots.map((r) => r.type)).size >= 5);
    assert.ok(new Set(roots.map((r) => r.priority)).size >= 3);
    assert.ok(new Set(sample.insights.map((r) => r.status)).size >= 3);
    const twinIds = new Set(sample.twins.map((t) => t.id));
    for (const insight of sample.insights) assert.ok(twinIds.has(insight.twinId!), insight.twinId!);
    const linked = sample.tickets.filter((t) => t.insightId);
    assert.ok(linked.length >= 3);
    for (const ticket of linked)
      assert.ok(sample.insights.find((i) => i.id === ticket.insightId)!.ticketIds!.includes(ticket.id));
  });

  it('has events of four types with JSON payloads on existing twins', () => {
    assert.deepEqual(
      sample.eventTypes.map((t) => t.name),
      ['CalendarEvent', 'WeatherForecast', 'UtilityBill', 'MaintenanceWindow'],
    );
    const twinIds = new Set(sample.twins.map((t) => t.id));
    assert.deepEqual([...new Set(sample.events.map((e) => e.eventTypeId))].sort(), [1, 2, 3, 4]);
    for (const event of sample.events) {
      assert.ok(twinIds.has(event.twinId!));
      assert.doesNotThrow(() => JSON.parse(event.payload!));
      assert.ok(Array.isArray(JSON.parse(event.locations!)));
    }
    const meeting = sample.events.find((e) => e.eventTypeId === 1)!;
    assert.equal(JSON.parse(meeting.locations!)[0].startsWith('BLD-'), true);
  });

  it('has tickets referencing its statuses, priorities and metadata, and real attachments', () => {
    assert.deepEqual(
      sample.priorities.map((p) => p.priorityLevel),
      ['urgent', 'high', 'medium', 'low'],
    );
    const ids = (list: Array<{ id: string }>) => new Set(list.map((i) => i.id));
    for (const ticket of sample.tickets) {
      assert.ok(ids(sample.statuses).has(ticket.ticketStatus.id));
      assert.ok(ids(sample.priorities).has(ticket.ticketPriority.id));
      assert.ok(ids(sample.categories).has(ticket.category!.id));
      assert.ok(ids(sample.jobTypes).has(ticket.jobType!.id));
      assert.ok(ids(sample.servicesNeeded).has(ticket.serviceNeeded!.id));
    }
    const png = sample.attachments.find((a) => a.attachment.contentType === 'image/png')!;
    assert.deepEqual([...png.content.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const bytes = Buffer.from(png.content);
    const chunks: string[] = [];
    for (let offset = 8; offset < bytes.length;) {
      const length = bytes.readUInt32BE(offset);
      const body = bytes.subarray(offset + 4, offset + 8 + length);
      assert.equal(bytes.readUInt32BE(offset + 8 + length), zlib.crc32(body), 'chunk checksum');
      chunks.push(body.subarray(0, 4).toString('ascii'));
      offset += 12 + length;
    }
    assert.deepEqual(chunks, ['IHDR', 'IDAT', 'IEND']);
    assert.equal(
      zlib.inflateSync(bytes.subarray(41, bytes.length - 16)).length,
      (32 * 3 + 1) * 24,
      'a 32x24 RGB image',
    );
    for (const a of sample.attachments) {
      assert.equal(a.attachment.size, a.content.length);
      assert.ok(sample.tickets.find((t) => t.id === a.ticketId)!.attachments!.some((m) => m.id === a.attachment.id));
    }
  });

  it('is deterministic for a seed and keeps its ids when only the reference time changes', () => {
    const again = buildSample({ now: NOW });
    assert.deepEqual(JSON.stringify(again), JSON.stringify(sample));
    assert.deepEqual(again.telemetry[5].values, sample.telemetry[5].values);
    const later = buildSample({ now: NOW_MS + 7 * 86_400_000 });
    assert.deepEqual(
      later.twins.map((t) => t.id),
      sample.twins.map((t) => t.id),
    );
    assert.deepEqual(
      later.insights.map((i) => i.id),
      sample.insights.map((i) => i.id),
    );
    assert.deepEqual(
      later.tickets.map((t) => t.id),
      sample.tickets.map((t) => t.id),
    );
    assert.equal(later.telemetry[0].times[later.telemetry[0].times.length - 1], NOW_MS + 7 * 86_400_000);
    const other = buildSample({ now: NOW, seed: 2 });
    assert.notEqual(other.insights[0].id, sample.insights[0].id);
  });

  it("an emulator's sample follows the emulator's clock: telemetry ends at its hour, and nothing is dated after it", async () => {
    const clock = Date.parse('2031-02-28T23:59:30Z');
    const emulator = await startEmulator({ port: 0, log: false, clock: { now: () => clock } });
    try {
      const hour = Date.parse('2031-02-28T23:00:00Z');
      const { store } = emulator;
      const series = store.timeSeries.get('HP-L03-R01-TEMP')!;
      assert.equal(series.times[series.length - 1], hour);
      const dated = [
        ...store.collection<{ createdDate: string; updatedDate: string }>(COLLECTIONS.insights).values(),
        ...store.collection<{ createdDate: string; updatedDate: string }>(COLLECTIONS.tickets).values(),
      ];
      assert.ok(dated.length > 0);
      for (const item of dated) {
        assert.ok(Date.parse(item.createdDate) <= hour && Date.parse(item.updatedDate) <= hour, JSON.stringify(item));
        assert.ok(Date.parse(item.createdDate) > hour - 60 * 86_400_000, item.createdDate);
      }
      for (const twin of store.collection<{ lastUpdateTime: string }>(COLLECTIONS.twins).values())
        assert.ok(Date.parse(twin.lastUpdateTime) <= clock, twin.lastUpdateTime);
    } finally {
      await emulator.close();
    }
  });

  it('grows to exactly the requested number of twins with scale, keeping relationships consistent', () => {
    const big = buildSample({ now: NOW, scale: 100_000 });
    assert.equal(big.twins.length, 100_000);
    const ids = new Set(big.twins.map((t) => t.id));
    assert.equal(ids.size, 100_000);
    for (const rel of big.relationships) assert.ok(ids.has(rel.sourceId) && ids.has(rel.targetId));
    assert.deepEqual(
      big.twins.slice(0, sample.twins.length).map((t) => t.id),
      sample.twins.map((t) => t.id),
    );
    assert.deepEqual(
      big.insights.map((i) => i.id),
      sample.insights.map((i) => i.id),
    );
    const light = big.telemetry.find((s) => s.twinId.startsWith('S003-'))!;
    assert.equal(light.times.length, 24);
  });

  it('generates many insights on request for benchmarks', () => {
    const many = buildSample({ now: NOW, insights: 500 });
    assert.equal(many.insights.filter((i) => i.scenarioId === null).length, 500);
  });

  it('rejects invalid options with a clear error', () => {
    assert.throws(() => buildSample({ now: NOW, scale: -1 }), /'scale' must be an integer/);
    assert.throws(() => buildSample({ now: NOW, insights: 1.5 }), /'insights' must be an integer/);
    assert.throws(() => buildSample({ now: 'yesterday' }), /not a valid date/);
    assert.throws(() => buildSample({ now: NOW, telemetryDays: 0 }), /'telemetryDays'/);
  });
});
