import * as assert from 'node:assert/strict';
import type { BuildingEvent } from '../../../src/core/api/types';
import type { HttpError } from '../../../src/emulator/httpErrors';
import { parseMultipart } from '../../../src/emulator/routes/multipart';
import { assertProblem } from './emulatorProblems';
import { EmulatorTestClient } from './emulatorTestClient';

const event = (overrides: Partial<BuildingEvent> = {}): BuildingEvent => ({
  name: 'Fire drill',
  startTime: '2026-03-01T09:00:00Z',
  endTime: '2026-03-01T09:30:00Z',
  eventTypeId: 4,
  payload: JSON.stringify({ contractor: 'Safety team' }),
  payloadVersion: '1.0',
  twinId: 'HP-L02-R03',
  ...overrides,
});

function multipart(files: Array<{ name: string; type: string; content: string }>, field = 'files'): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([f.content], { type: f.type }), f.name);
  return form;
}

describe('emulator events routes', () => {
  let client: EmulatorTestClient;
  const list = (body: unknown) => client.call('POST', '/events', body);
  const total = async () => (await list({})).json.total as number;
  const byExternalId = async (externalId: string) =>
    (await list({ filterSpecifications: [{ field: 'externalId', operator: '=', value: externalId }] })).json
      .items as BuildingEvent[];
  const upload = async (form: FormData) => {
    const res = await fetch(`${client.url}/events/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${await client.accessToken()}` },
    });
    return { status: res.status, json: await res.json() };
  };

  before(async () => {
    client = await EmulatorTestClient.start();
  });
  after(() => client.close());

  it('lists the event types', async () => {
    const res = await client.call('GET', '/events/types');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.map((t: { id: number; name: string }) => [t.id, t.name]),
      [
        [1, 'CalendarEvent'],
        [2, 'WeatherForecast'],
        [3, 'UtilityBill'],
        [4, 'MaintenanceWindow'],
      ],
    );
  });

  it('lists events newest first by default as a BatchPage', async () => {
    const res = await list({ pageSize: 1000 });
    assert.equal(res.status, 200);
    const starts = res.json.items.map((e: BuildingEvent) => Date.parse(e.startTime));
    assert.ok(starts.length > 20);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => b - a),
    );
    const page = await list({ page: 2, pageSize: 5 });
    assert.deepEqual(
      { before: page.json.before, count: page.json.items.length, total: page.json.total },
      { before: 5, count: 5, total: starts.length },
    );
    assertProblem(await list({ pageSize: 1001 }), 400, 'pageSize');
  });

  it('creates events with PUT, deriving locations from the twin', async () => {
    const res = await client.call('PUT', '/events', [
      event({ externalId: 'drill-1', eventSourceId: 'tests' }),
      event({ name: 'Second drill', externalId: 'drill-2', eventSourceId: 'tests' }),
    ]);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { eventsCreatedCount: 2, eventsUpdatedCount: 0 });
    const [created] = await byExternalId('drill-1');
    assert.match(created.id!, /^[0-9a-f-]{36}$/);
    assert.deepEqual(JSON.parse(created.locations!), ['BLD-HP', 'HP-L02']);
    assert.equal(created.createdDate, created.lastModifiedDate);
    const got = await client.call('GET', `/events/${created.id}`);
    assert.deepEqual(got.json, created);
  });

  it('upserts by id when known, else by (eventSourceId, externalId)', async () => {
    const [first] = await byExternalId('drill-1');
    const byId = await client.call('PUT', '/events', [
      { ...event({ name: 'Renamed drill' }), id: first.id, eventSourceId: 'tests', externalId: 'drill-1' },
    ]);
    assert.deepEqual(byId.json, { eventsCreatedCount: 0, eventsUpdatedCount: 1 });
    const bySource = await client.call('PUT', '/events', [
      event({
        name: 'Second drill moved',
        eventSourceId: 'tests',
        externalId: 'drill-2',
        startTime: '2026-03-02T09:00:00Z',
        endTime: null,
      }),
    ]);
    assert.deepEqual(bySource.json, { eventsCreatedCount: 0, eventsUpdatedCount: 1 });
    const [updated] = await byExternalId('drill-1');
    assert.equal(updated.id, first.id);
    assert.equal(updated.name, 'Renamed drill');
    assert.equal(updated.createdDate, first.createdDate);
    assert.notEqual(updated.lastModifiedDate, first.lastModifiedDate);
    assert.equal((await byExternalId('drill-2'))[0].name, 'Second drill moved');
    const fresh = await client.call('PUT', '/events', [event({ externalId: 'drill-2' })]);
    assert.deepEqual(fresh.json, { eventsCreatedCount: 1, eventsUpdatedCount: 0 }, 'externalId alone is no upsert key');
  });

  it('validates every event and saves nothing when one is invalid (400 naming [index].field)', async () => {
    const before = await total();
    const res = await client.call('PUT', '/events', [
      event(),
      event({ name: '' }),
      event({ eventTypeId: 99 }),
      event({ payload: 'not json' }),
      event({ twinId: 'no-such-twin' }),
      event({ startTime: 'tomorrow' }),
      event({ payloadVersion: null }),
      event({ startTime: '2026-03-01T09:00:00Z', endTime: '2026-03-01T08:00:00Z' }),
      'not an event',
    ]);
    assertProblem(res, 400);
    for (const key of [
      '[1].name',
      '[2].eventTypeId',
      '[3].payload',
      '[4].twinId',
      '[5].startTime',
      '[6].payloadVersion',
      '[7].endTime',
      '[8]',
    ]) {
      assert.ok(key in res.json.errors, `${key} in ${res.text}`);
    }
    assert.ok(!('[0].name' in res.json.errors));
    assert.equal(await total(), before);
    assertProblem(await client.call('PUT', '/events', { name: 'x' }), 400, '$');
    assertProblem(await client.call('PUT', '/events', []), 400, '$');
  });

  it('deletes by a JSON array of ids, counting only the events that existed', async () => {
    const [a] = await byExternalId('drill-1');
    const res = await client.call('DELETE', '/events', [a.id, 'unknown-id', a.id]);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { eventsDeletedCount: 1 });
    assertProblem(await client.call('GET', `/events/${a.id}`), 404);
    assertProblem(await client.call('DELETE', '/events', { ids: [a.id] }), 400, '$');
    assertProblem(await client.call('DELETE', '/events', [42]), 400, '[0]');
  });

  it('answers 404 ProblemDetails for an unknown event id', async () => {
    const res = await client.call('GET', '/events/00000000-0000-4000-8000-000000000000');
    assertProblem(res, 404);
    assert.equal(res.json.title, 'Not Found');
  });

  it('imports JSON and CSV files: valid rows are applied, bad rows reported per file and row', async () => {
    const before = await total();
    const json = JSON.stringify([
      event({ name: 'From JSON', externalId: 'json-1', eventSourceId: 'upload' }),
      event({ twinId: 'missing' }),
    ]);
    const csv = [
      'Name,startTime,eventTypeId,payload,payloadVersion,twinId,scalarValue,externalId,eventSourceId',
      'Bill March,2026-03-31T00:00:00Z,UtilityBill,"{""cost"": 12.5}",1.0,HP-MTR-MAIN,12.5,csv-1,upload',
      'Bad type,2026-03-31T00:00:00Z,Nope,{},1.0,HP-MTR-MAIN,,csv-2,upload',
      'Numeric type,2026-04-30T00:00:00Z,3,{},1.0,HP-MTR-MAIN,,csv-3,upload',
    ].join('\r\n');
    const res = await upload(
      multipart([
        { name: 'events.json', type: 'application/json', content: json },
        { name: 'bills.csv', type: 'text/csv', content: csv },
      ]),
    );
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.eventsCreatedCount, 3);
    assert.equal(res.json.eventsUpdatedCount, 0);
    assert.deepEqual(
      res.json.errors.map((e: { file: string; row: number }) => [e.file, e.row]),
      [
        ['events.json', 2],
        ['bills.csv', 2],
      ],
    );
    assert.match(res.json.errors[0].message, /Twin 'missing' does not exist/);
    assert.equal(await total(), before + 3);
    const [bill] = await byExternalId('csv-1');
    assert.equal(bill.eventTypeId, 3);
    assert.equal(bill.scalarValue, 12.5);
    assert.equal(bill.payload, '{"cost": 12.5}');
    const again = await upload(multipart([{ name: 'bills.csv', type: 'text/csv', content: csv }]));
    assert.equal(again.json.eventsUpdatedCount, 2, 'a re-upload updates by (eventSourceId, externalId)');
  });

  it('reports unreadable files at row 0 and rejects non-multipart bodies', async () => {
    const res = await upload(
      multipart([
        { name: 'odd.csv', type: 'text/csv', content: 'name,colour\nx,red\n' },
        { name: 'broken.json', type: 'application/json', content: '[{' },
      ]),
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.json.errors.map((e: { file: string; row: number }) => [e.file, e.row]),
      [
        ['odd.csv', 0],
        ['broken.json', 0],
      ],
    );
    assert.match(res.json.errors[0].message, /Unknown CSV column\(s\): colour/);
    assert.equal(res.json.eventsCreatedCount, 0);
    assertProblem(await client.call('POST', '/events/files', [event()]), 415);
    const wrongField = await upload(multipart([{ name: 'a.json', type: 'application/json', content: '[]' }], 'upload'));
    assert.equal(wrongField.status, 400);
    assert.ok('upload' in wrongField.json.errors);
  });
});

describe('emulator multipart/form-data parser', () => {
  const body = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'));

  it('splits parts with names, file names and content types, keeping bytes intact', () => {
    const parts = parseMultipart(
      body(
        'preamble\n--b-1\nContent-Disposition: form-data; name="files"; filename="a \\"x\\".csv"\nContent-Type: text/csv\n\nname\nx\n\n--b-1\nContent-Disposition: form-data; name="note"\n\nhello\n--b-1--\n',
      ),
      'multipart/form-data; boundary="b-1"',
    );
    assert.deepEqual(
      parts.map((p) => [p.name, p.fileName, p.contentType, p.content.toString()]),
      [
        ['files', 'a "x".csv', 'text/csv', 'name\r\nx\r\n'],
        ['note', undefined, undefined, 'hello'],
      ],
    );
  });

  it('rejects other content types (415) and malformed bodies (400)', () => {
    const status = (fn: () => unknown) => {
      try {
        fn();
        return 0;
      } catch (err) {
        return (err as HttpError).status;
      }
    };
    assert.equal(
      status(() => parseMultipart(Buffer.from('{}'), 'application/json')),
      415,
    );
    assert.equal(
      status(() => parseMultipart(Buffer.from('x'), 'multipart/form-data')),
      400,
    );
    assert.equal(
      status(() =>
        parseMultipart(
          body('--b\nContent-Disposition: form-data; name="files"\n\nunterminated'),
          'multipart/form-data; boundary=b',
        ),
      ),
      400,
    );
    assert.equal(
      status(() =>
        parseMultipart(body('--b\nContent-Type: text/plain\n\nx\n--b--'), 'multipart/form-data; boundary=b'),
      ),
      400,
    );
  });
});
