// Every command once, in-process (runCli with an in-memory io) against the emulator.
import * as assert from 'node:assert/strict';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { EmulatorHarness } from '../api/emulatorHarness';

interface Run {
  code: number;
  out: string;
  err: string;
  bytes: Uint8Array[];
}

describe('CLI commands (in-process) against the emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  const files = new Map<string, Uint8Array>();

  before(async () => {
    emu = await EmulatorHarness.start({ scale: 50 });
  });
  after(() => emu?.close());

  async function cli(argv: string[], stdin?: unknown): Promise<Run> {
    const run: Run = { code: -1, out: '', err: '', bytes: [] };
    const io: CliIo = {
      stdout: (chunk) => {
        if (typeof chunk === 'string') run.out += chunk;
        else run.bytes.push(chunk);
      },
      stderr: (text) => {
        run.err += text;
      },
      readStdin: async () => new TextEncoder().encode(stdin === undefined ? '' : JSON.stringify(stdin)),
      stdinIsTty: stdin === undefined,
      env: {},
      readFile: async (path) => {
        const content = files.get(path);
        if (!content) throw new Error(`ENOENT: ${path}`);
        return content;
      },
      writeFile: async (path, content) => {
        files.set(path, content);
      },
      signal: new AbortController().signal,
    };
    run.code = await runCli([...argv, '--url', emu.url], io);
    return run;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function ok(argv: string[], stdin?: unknown): Promise<any> {
    const run = await cli(argv, stdin);
    assert.equal(run.code, 0, `${argv.join(' ')}: ${run.err}`);
    return run.out ? JSON.parse(run.out) : run.bytes;
  }

  it('models list --table prints display names, not language maps', async () => {
    const models: Array<{ id: string; displayName?: unknown }> = await ok(['models', 'list']);
    const named = models.find((m) => m.displayName && typeof m.displayName === 'object');
    assert.ok(named, 'the emulator has a model whose displayName is a language map');
    const text = (named.displayName as Record<string, string>).en!;
    const table = await cli(['models', 'list', '--table']);
    assert.equal(table.code, 0, table.err);
    const row = table.out.split('\n').find((line) => line.startsWith(`${named.id} `));
    assert.ok(row?.includes(text), row);
    assert.doesNotMatch(table.out, /\{"en"/);
  });

  it('models, twins and relationships', async () => {
    const models = await ok(['models', 'list']);
    assert.ok(models.length > 0);
    assert.equal((await ok(['models', 'get', models[0].id])).id, models[0].id);
    const twins = await ok(['twins', 'list', '--all', '--relationships']);
    const rel = twins.flatMap((t: { outgoingRelationships?: unknown[] }) => t.outgoingRelationships ?? [])[0];
    assert.ok(rel);
    assert.equal((await ok(['relationships', 'put'], rel)).id, rel.id);
    assert.equal((await ok(['relationships', 'get', rel.sourceId, rel.id])).id, rel.id);
    assert.ok((await ok(['relationships', 'outgoing', rel.sourceId])).some((r: { id: string }) => r.id === rel.id));
    const named = await ok(['relationships', 'outgoing', rel.sourceId, '--name', rel.name]);
    assert.ok(named.length > 0 && named.every((r: { name: string }) => r.name === rel.name));
    assert.deepEqual(await ok(['relationships', 'outgoing', rel.sourceId, '--name', `${rel.name}-none`]), []);
    assert.ok((await ok(['relationships', 'incoming', rel.targetId])).some((r: { id: string }) => r.id === rel.id));
    const graph = await ok(['twins', 'graph', rel.sourceId]);
    assert.equal(graph.twin.id, rel.sourceId);
    files.set(
      'graph.json',
      new TextEncoder().encode(
        JSON.stringify({
          id: rel.sourceId,
          relationships: [{ alias: 'Out', relationshipNames: [rel.name], direction: 'Outgoing' }],
        }),
      ),
    );
    const hop = await ok(['twins', 'graph', '--query', 'graph.json']);
    assert.ok(hop.related[0].items.some((i: { twin: { id: string } }) => i.twin.id === rel.targetId));
    const hopTable = (await cli(['twins', 'graph', '--query', 'graph.json', '--table'])).out;
    assert.match(hopTable.split('\n')[0]!, /alias.*relationship.*relatedTo/, 'a graph prints as one row per twin');
    assert.ok(
      hopTable.split('\n').some((line) => line.includes(rel.targetId) && line.includes(rel.name)),
      hopTable,
    );
    assert.doesNotMatch(hopTable, /"related"/, 'no raw JSON of the hops');
    await ok(
      ['twins', 'put'],
      [
        { id: 'cmd-a', modelId: twins[0].modelId, contents: {} },
        { id: 'cmd-b', modelId: twins[0].modelId, contents: {} },
      ],
    );
    const patched = await ok(['twins', 'patch', 'cmd-a'], [{ op: 'add', path: '/name', value: 'A' }]);
    assert.equal(patched.contents.name, 'A', 'prints the twin as read back after the patch');
    const documentForm = await ok(['twins', 'patch', 'cmd-b'], [{ op: 'add', path: '/contents/name', value: 'B' }]);
    assert.equal(documentForm.contents.name, 'B', 'a /contents/ path is retried as /name');
    assert.equal((await ok(['twins', 'count'])).count, twins.length + 2);
  });

  it('time series over several twins', async () => {
    const caps = (
      await ok(['twins', 'list', '--model', 'dtmi:com:buildingtwins:sample:Capability;1', '--page-size', '2'])
    ).content;
    const ids: string[] = caps.map((c: { id: string }) => c.id);
    // The first entry is keyed by twinId, as the docs' example does: the CLI sends it as dtId.
    const entries = ids.map((id, i) => ({
      connectorId: 'cmd',
      [i === 0 ? 'twinId' : 'dtId']: id,
      sourceTimestamp: '2031-01-01T00:00:00Z',
      scalarValue: i,
    }));
    assert.deepEqual(await ok(['timeseries', 'send'], entries), { sent: 2 });
    const values = await ok([
      'timeseries',
      'get',
      ...ids,
      '--start',
      '2031-01-01T00:00:00Z',
      '--end',
      '2031-01-02T00:00:00Z',
      '--all',
    ]);
    assert.deepEqual(values.map((v: { twinId: string }) => v.twinId).sort(), [...ids].sort());
    const one = await ok([
      'timeseries',
      'get',
      ids[0]!,
      '--start',
      '2031-01-01T00:00:00Z',
      '--end',
      '2031-01-01T00:00:00Z',
    ]);
    assert.equal(one.data.length, 1, 'end is included');
  });

  it('time series send checks the twins first: nothing is sent for an unknown twin unless --skip-check', async () => {
    const entry = { connectorId: 'cmd', dtId: 'no-such-twin', sourceTimestamp: '2031-01-01T00:00:00Z', scalarValue: 1 };
    await emu.clearRequests();
    const refused = await cli(['timeseries', 'send'], [entry]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /nothing was sent: .*twin "no-such-twin" does not exist \(entries 0\).*--skip-check/);
    assert.ok(!(await emu.requests()).some((r) => r.path === '/api/v3/time-series'), 'no POST /time-series');
    assert.deepEqual(await ok(['timeseries', 'send', '--skip-check'], [entry]), { sent: 1 });
    const [post] = (await emu.requests()).filter((r) => r.path === '/api/v3/time-series') as Array<{
      status: number;
      dropped?: { count: number };
    }>;
    assert.deepEqual(
      [post?.status, post?.dropped?.count],
      [202, 1],
      'accepted, and dropped by the emulator as the service would',
    );
  });

  it('time series reads without --start/--end cover the last day, with a page size', async () => {
    const [id] = (
      await ok(['twins', 'list', '--model', 'dtmi:com:buildingtwins:sample:Capability;1', '--page-size', '1'])
    ).content.map((c: { id: string }) => c.id);
    await emu.clearRequests();
    const before = Date.now();
    await ok(['timeseries', 'get', id]);
    const [sent] = (await emu.requests()).filter((r) => r.path.includes('/time-series/'));
    const query = new URL(sent!.path, 'http://x').searchParams;
    const end = Date.parse(query.get('end')!);
    assert.ok(end >= before && end <= Date.now(), `end is now: ${query.get('end')}`);
    assert.equal(end - Date.parse(query.get('start')!), 24 * 60 * 60 * 1000);
    assert.equal(query.get('pageSize'), '1000');
  });

  it('time series latest: the value of the last hour, or a plain "no value in the last hour"', async () => {
    const [id] = (
      await ok(['twins', 'list', '--model', 'dtmi:com:buildingtwins:sample:Capability;1', '--page-size', '1'])
    ).content.map((c: { id: string }) => c.id);
    const [room] = (
      await ok(['twins', 'list', '--model', 'dtmi:com:buildingtwins:sample:Room;1', '--page-size', '1'])
    ).content.map((c: { id: string }) => c.id);
    await ok(
      ['timeseries', 'send'],
      [{ connectorId: 'cmd', dtId: id, sourceTimestamp: new Date().toISOString(), scalarValue: 7.5 }],
    );
    assert.equal((await ok(['timeseries', 'latest', id])).scalarValue, 7.5);
    assert.deepEqual(await ok(['timeseries', 'latest', room]), { twinId: room, message: 'no value in the last hour' });
    const rows = await ok(['timeseries', 'latest', room, id]);
    assert.deepEqual(
      rows.map((r: { twinId: string; scalarValue?: number; message?: string }) => [
        r.twinId,
        r.scalarValue ?? r.message,
      ]),
      [
        [room, 'no value in the last hour'],
        [id, 7.5],
      ],
    );
    const table = await cli(['timeseries', 'latest', room, id, '--table']);
    assert.match(table.out, /no value in the last hour/);
  });

  it('insights and events', async () => {
    const page = await ok(['insights', 'list', '--page-size', '2']);
    assert.ok(page.items.length >= 2);
    assert.equal((await ok(['insights', 'get', page.items[0].id])).id, page.items[0].id);
    assert.equal(
      (await ok(['insights', 'list', '--all'])).filter((i: { scenarioId: string | null }) => i.scenarioId === null)
        .length,
      page.total,
    );
    const types = await ok(['events', 'types']);
    const twinId = (await ok(['twins', 'list', '--page-size', '1'])).content[0].id;
    const event = {
      id: 'cmd-event',
      name: 'Cmd',
      startTime: '2031-01-01T00:00:00Z',
      eventTypeId: types[0].id,
      payload: '{}',
      payloadVersion: '1',
      twinId,
    };
    assert.equal((await ok(['events', 'put'], event)).eventsCreatedCount, 1);
    assert.equal((await ok(['events', 'get', 'cmd-event'])).name, 'Cmd');
    assert.ok((await ok(['events', 'list', '--all'])).some((e: { id: string }) => e.id === 'cmd-event'));
    files.set('up.json', new TextEncoder().encode(JSON.stringify([{ ...event, id: 'cmd-uploaded' }])));
    assert.equal((await ok(['events', 'upload', 'up.json'])).eventsCreatedCount, 1);
    assert.equal((await ok(['events', 'delete', 'cmd-event', 'cmd-uploaded'])).eventsDeletedCount, 2);
  });

  it('tickets and ticket metadata', async () => {
    const priorities = await ok(['tickets', 'priorities']);
    const statuses = await ok(['tickets', 'statuses']);
    const ticket = await ok(['tickets', 'create'], { summary: 'From the CLI', priorityId: priorities[0].id });
    assert.equal((await ok(['tickets', 'get', ticket.id])).summary, 'From the CLI');
    const patched = await ok(
      ['tickets', 'patch', ticket.id],
      [{ op: 'replace', path: '/statusId', value: statuses[1].id }],
    );
    assert.equal(patched.ticketStatus.id, statuses[1].id);
    const list = await ok(['tickets', 'list', '--page-size', '5']);
    assert.equal(list.items.length, 5);
    const withFile = (await ok(['tickets', 'list', '--all'])).find(
      (t: { attachments?: unknown[] }) => t.attachments?.length,
    );
    const bytes = await ok(['tickets', 'attachment', withFile.id, withFile.attachments[0].id]);
    assert.equal(Buffer.concat(bytes).byteLength, withFile.attachments[0].size, 'raw bytes on stdout');
    for (const kind of ['categories', 'job-types', 'service-needed']) {
      const created = await ok(['tickets', kind, 'create', `Cmd ${kind}`]);
      assert.equal((await ok(['tickets', kind, 'rename', created.id, `Renamed ${kind}`])).name, `Renamed ${kind}`);
      assert.ok((await ok(['tickets', kind])).some((m: { id: string }) => m.id === created.id));
    }
    const wrong = await cli(['tickets', 'categories', 'delete', 'x']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /expected "tickets categories"/);
  });

  it('asks for a body when there is none', async () => {
    const run = await cli(['twins', 'put']);
    assert.equal(run.code, 2);
    assert.match(run.err, /give a twin, or an array of twins with --file <path> or pipe it on stdin/);
  });
});
