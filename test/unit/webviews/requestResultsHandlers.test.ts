// The request results panel's host, without VS Code: results of a run against the emulator, sorted, paged with
// Load more to the end, exported, and only twins of the result opened.
import * as assert from 'node:assert/strict';
import { parseRequestFile } from '../../../src/core/requestFiles/requestFileParser';
import { runRequest } from '../../../src/core/requestFiles/requestRunner';
import { createRequestResultsHandlers } from '../../../src/extension/panels/requestResults/requestResultsHandlers';
import { RequestResultsStore } from '../../../src/extension/panels/requestResults/requestResultsStore';
import { EmulatorHarness } from '../api/emulatorHarness';

const FILE =
  '{ "requests": [ { "name": "rooms", "operation": "twins list", "query": { "model": "dtmi:com:buildingtwins:sample:Room;1", "page-size": 10 } }, { "name": "missing", "operation": "twins get", "query": { "id": "NO-SUCH" } } ] }';

describe('request results panel host', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  async function setUp() {
    const { client } = emu.client();
    const run = { client: () => client, signal: new AbortController().signal };
    const { file } = parseRequestFile(FILE);
    const store = new RequestResultsStore();
    store.reset('checks.twinq.json', 'Local emulator', file.requests);
    const saved: Array<{ name: string; format: string; text: string }> = [];
    const opened: string[] = [];
    const changed: Array<{ connection: string; ids: string[] }> = [];
    const handlers = createRequestResultsHandlers({
      store,
      selected: () => undefined,
      properties: async () => (modelId) => (modelId.endsWith('Room;1') ? ['name', 'area'] : []),
      loadMore: async (result) => store.appendPage(result, await runRequest(result.entry, run, result.next)),
      save: async (name, format, text) => {
        saved.push({ name, format, text });
        return `/exports/${name}`;
      },
      openTwin: async (_connection, twinId) => {
        opened.push(twinId);
      },
      changeTwins: async (connection, ids) => {
        changed.push({ connection, ids });
      },
    });
    for (const entry of file.requests) store.complete(entry, await runRequest(entry, run), 5);
    return { store, handlers, saved, opened, changed, client };
  }

  it("lists the run's requests with their state; a failed one carries its error", async () => {
    const { handlers } = await setUp();
    const { file, results } = await handlers.list({});
    assert.equal(file, 'checks.twinq.json');
    assert.deepEqual(
      results.map((r) => [r.name, r.state, r.hasMore]),
      [
        ['rooms', 'ok', true],
        ['missing', 'error', false],
      ],
    );
    assert.match(results[1]!.error ?? '', /404/);
    await assert.rejects(async () => handlers.result({ id: results[1]!.id }), /404/);
  });

  it('pages to the end with Load more, sorts over every row, and exports all of them', async () => {
    const { handlers, saved, client } = await setUp();
    const [rooms] = (await handlers.list({})).results;
    let detail = await handlers.result({ id: rooms!.id });
    assert.deepEqual(
      [detail.kind, detail.totalRows, detail.columns.slice(0, 3).map((c) => c.label)],
      ['twins', 10, ['id', 'modelId', 'name']],
    );
    while (detail.hasMore) detail = await handlers.loadMore({ id: rooms!.id });
    const total = await client.countTwins({ modelFilter: { modelIds: ['dtmi:com:buildingtwins:sample:Room;1'] } });
    assert.equal(detail.totalRows, total);
    const sorted = await handlers.result({ id: rooms!.id, sort: { column: 0, descending: true } });
    const ids = sorted.rows.map((r) => String(r[0]));
    assert.deepEqual(ids, [...ids].sort().reverse());
    assert.deepEqual(await handlers.exportResult({ id: rooms!.id, format: 'csv' }), { path: '/exports/rooms.csv' });
    assert.equal(saved[0]!.text.trim().split('\r\n').length, total + 1);
    await handlers.exportResult({ id: rooms!.id, format: 'json' });
    assert.equal((JSON.parse(saved[1]!.text) as unknown[]).length, total);
  });

  it('opens only a twin of the result, and refuses nonsense from the webview', async () => {
    const { handlers, opened } = await setUp();
    const [rooms] = (await handlers.list({})).results;
    const detail = await handlers.result({ id: rooms!.id });
    const twinId = String(detail.rows[0]![0]);
    assert.deepEqual(await handlers.openTwin({ id: rooms!.id, twinId }), { opened: true });
    assert.deepEqual(opened, [twinId]);
    await assert.rejects(
      async () => handlers.openTwin({ id: rooms!.id, twinId: 'SOMETHING-ELSE' }),
      /a twin of the result/,
    );
    await assert.rejects(async () => handlers.result({ id: 999 }), /no result 999/);
    await assert.rejects(
      async () => handlers.exportResult({ id: rooms!.id, format: 'xml' as 'json' }),
      /nothing to export/,
    );
    const unsorted = await handlers.result({ id: rooms!.id, sort: { column: 'x', descending: 1 } as never });
    assert.equal(unsorted.totalRows, detail.totalRows);
  });

  it("hands a twin result's rows read so far to Change Twins, and refuses any other result", async () => {
    const { handlers, changed } = await setUp();
    const [rooms, missing] = (await handlers.list({})).results;
    const detail = await handlers.result({ id: rooms!.id });
    assert.deepEqual(await handlers.changeTwins({ id: rooms!.id }), { twins: detail.totalRows });
    assert.deepEqual(changed, [{ connection: 'Local emulator', ids: detail.rows.map((row) => row[0]) }]);
    await assert.rejects(async () => handlers.changeTwins({ id: missing!.id }), /a result of twins/);
    assert.equal(changed.length, 1);
  });
});
