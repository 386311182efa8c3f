import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import type { BuildingTwinsClient } from '../../../src/core/api/client';
import { collect } from '../../../src/core/api/paging';
import { checkTelemetryTargets } from '../../../src/core/api/telemetryTargets';
import type { BuildingEvent } from '../../../src/core/api/types';
import { EmulatorHarness } from './emulatorHarness';
import { describeEachExchange } from './exchanges';

describeEachExchange(
  'BuildingTwinsClient against the emulator: insights, events, tickets, telemetry targets',
  function (exchange) {
    this.timeout(60_000);
    let emu: EmulatorHarness;
    let client: BuildingTwinsClient;
    let twinId: string;

    before(async () => {
      emu = await EmulatorHarness.start({}, exchange);
      client = emu.client().client;
      twinId = (await client.listTwins({ pageSize: 1 })).content[0]!.id;
    });
    after(() => emu?.close());

    it("pages insights by root, with each root's children on the same page, to the end", async () => {
      const first = await client.listInsights();
      const roots = first.items.filter((i) => i.scenarioId === null);
      assert.equal(roots.length, Math.min(10, first.total), 'the default page holds 10 roots');
      for (const child of first.items.filter((i) => i.scenarioId !== null)) {
        assert.ok(
          roots.some((r) => r.id === child.scenarioId),
          'a child comes with its root',
        );
      }
      const all = await collect(client.iterateInsights({ pageSize: 4 }));
      assert.equal(all.filter((i) => i.scenarioId === null).length, first.total);
      assert.equal(new Set(all.map((i) => i.id)).size, all.length);
      assert.equal((await client.getInsight(all[0]!.id)).id, all[0]!.id);
    });

    it('creates, updates, reads, lists and deletes events; uploads JSON and CSV files', async () => {
      const types = await client.listEventTypes();
      assert.ok(types.length > 0);
      const event: BuildingEvent = {
        id: 'client-test-event',
        name: 'Boiler service',
        startTime: '2030-05-01T08:00:00Z',
        eventTypeId: types[0]!.id,
        payload: '{"note":"annual"}',
        payloadVersion: '1',
        twinId,
      };
      assert.deepEqual(await client.putEvents([event]), { eventsCreatedCount: 1, eventsUpdatedCount: 0 });
      assert.deepEqual(await client.putEvents([{ ...event, name: 'Boiler service (moved)' }]), {
        eventsCreatedCount: 0,
        eventsUpdatedCount: 1,
      });
      assert.equal((await client.getEvent('client-test-event')).name, 'Boiler service (moved)');
      const page = await client.listEvents({ pageSize: 5 });
      const all = await collect(client.iterateEvents({ pageSize: 5 }));
      assert.equal(all.length, page.total);
      assert.ok(all.some((e) => e.id === 'client-test-event'));
      const csv = `name,startTime,eventTypeId,payload,payloadVersion,twinId\nFrom CSV,2030-06-01T00:00:00Z,${types[0]!.id},"{""a"":1}",1,${twinId}\n`;
      const uploaded = await client.uploadEventFiles([
        { name: 'events.json', content: JSON.stringify([{ ...event, id: undefined, name: 'From JSON' }]) },
        { name: 'events.csv', content: new TextEncoder().encode(csv) },
      ]);
      assert.equal(uploaded.eventsCreatedCount, 2, JSON.stringify(uploaded.errors));
      assert.deepEqual(await client.deleteEvents(['client-test-event', 'no-such-event']), { eventsDeletedCount: 1 });
      await assert.rejects(
        client.getEvent('client-test-event'),
        (e: unknown) => e instanceof ApiError && e.status === 404,
      );
    });

    it('creates, reads, patches and lists tickets and downloads an attachment', async () => {
      const [statuses, priorities] = await Promise.all([client.listTicketStatuses(), client.listTicketPriorities()]);
      const created = await client.createTicket({
        summary: 'Client test ticket',
        twinId,
        priorityId: priorities[0]!.id,
      });
      assert.equal(created.summary, 'Client test ticket');
      assert.equal((await client.getTicket(created.id)).id, created.id);
      const patched = await client.patchTicket(created.id, [
        { op: 'replace', path: '/statusId', value: statuses.at(-1)!.id },
        { op: 'replace', path: '/notes', value: 'done' },
      ]);
      assert.equal(patched.ticketStatus.id, statuses.at(-1)!.id);
      assert.equal(patched.notes, 'done');
      const page = await client.listTickets({ pageSize: 3 });
      assert.equal(page.items.length, 3);
      const all = await collect(client.iterateTickets({ pageSize: 3 }));
      assert.equal(all.length, page.total);
      const withAttachment = all.find((t) => t.attachments?.length);
      assert.ok(withAttachment);
      const meta = withAttachment.attachments![0]!;
      const file = await client.getTicketAttachment(withAttachment.id, meta.id);
      assert.equal(file.content.byteLength, meta.size);
      assert.equal(file.contentType.split(';')[0], meta.contentType);
    });

    it('lists, creates and renames ticket metadata', async () => {
      for (const kind of ['categories', 'job-types', 'service-needed'] as const) {
        const before = await client.allTicketMetadata(kind);
        const created = await client.createTicketMetadata(kind, `Client test ${kind}`);
        const renamed = await client.renameTicketMetadata(kind, created.id, `Renamed ${kind}`);
        assert.equal(renamed.name, `Renamed ${kind}`);
        const after = await client.allTicketMetadata(kind);
        assert.equal(after.length, before.length + 1);
      }
      await assert.rejects(
        async () => client.listTicketMetadata('colours' as never),
        /unknown ticket metadata kind "colours"/,
      );
    });

    it('reports telemetry targets that are missing or not Capability twins, with few calls', async () => {
      const capability = (
        await client.listTwins({
          modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Capability;1'] },
          pageSize: 1,
        })
      ).content[0]!;
      const building = (
        await client.listTwins({ modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Building;1'] }, pageSize: 1 })
      ).content[0]!;
      const external = capability.contents?.externalID;
      assert.equal(typeof external, 'string', 'sample capabilities carry an externalID');
      const at = '2030-01-01T00:00:00Z';
      await emu.clearRequests();
      const report = await checkTelemetryTargets(client, [
        { connectorId: 'c', dtId: capability.id, sourceTimestamp: at, scalarValue: 1 },
        { connectorId: 'c', dtId: building.id, sourceTimestamp: at, scalarValue: 1 },
        { connectorId: 'c', twinId: 'ghost-twin', sourceTimestamp: at, scalarValue: 1 },
        { connectorId: 'c', externalId: external as string, sourceTimestamp: at, scalarValue: 1 },
        { connectorId: 'c', externalId: 'ghost-external', sourceTimestamp: at, scalarValue: 1 },
        { connectorId: 'c', dtId: 'ghost-twin', sourceTimestamp: at, scalarValue: 2 },
      ]);
      assert.equal(report.ok, false);
      assert.deepEqual(
        report.problems.map((p) => [p.indexes, p.problem]),
        [
          [[1], 'not-capability'],
          [[2, 5], 'missing'],
          [[4], 'missing'],
        ],
      );
      assert.match(
        report.problems[0]!.message,
        new RegExp(`twin "${building.id}" is a dtmi:com:buildingtwins:sample:Building;1, not a Capability twin`),
      );
      assert.deepEqual(
        (await emu.requests())
          .map((r) => `${r.method} ${r.path.split('?')[0]}`)
          .filter((r) => !r.includes('oauth2'))
          .sort(),
        ['GET /api/v3/models', 'POST /api/v3/twins', 'POST /api/v3/twins/ids'],
      );
    });
  },
);
