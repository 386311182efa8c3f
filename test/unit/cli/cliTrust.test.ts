// The CLI prints service text without terminal control, says which items of a request failed, and
// keeps its exit codes: 0 done, 1 failed or refused (also in part), 2 unusable command line or input.
import * as assert from 'node:assert/strict';
import { formatJson, formatTable } from '../../../src/cli/output';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli as runInProcess } from '../../../src/cli/runCli';
import { EmulatorHarness } from '../api/emulatorHarness';
import { HOSTILE, TERMINAL_CONTROL } from './hostileText';

/** Bidirectional embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const VISIBLE = 'clickredboldend';

describe('CLI output of untrusted text', () => {
  it('tables strip escape sequences and control characters from cells, headers and summary lines', () => {
    const rows = [{ id: 'a', name: HOSTILE, [`k${HOSTILE}`]: 1 }];
    for (const text of [
      formatTable(rows),
      formatTable(rows, ['id', 'name']),
      formatTable({ id: 'a', name: HOSTILE }),
      formatTable({ items: rows, continuationToken: HOSTILE }),
      formatTable(HOSTILE),
    ]) {
      assert.doesNotMatch(text, TERMINAL_CONTROL, JSON.stringify(text));
      assert.ok(text.includes(VISIBLE.slice(0, 20)), JSON.stringify(text));
    }
  });

  it('tables strip bidi embedding, override and isolate controls (text that reads as one thing and is another)', () => {
    const spoof = 'invoice\u202Efdp.exe\u202C \u2066x\u2067y\u2068z\u2069 \u202A\u202B\u202Dend';
    for (const text of [
      formatTable([{ id: spoof, [`k${spoof}`]: spoof }]),
      formatTable({ id: spoof }),
      formatTable(spoof),
    ]) {
      assert.doesNotMatch(text, BIDI_CONTROL, JSON.stringify(text));
      assert.ok(text.includes('invoicefdp.exe xyz end'), JSON.stringify(text));
    }
  });

  it('JSON escapes every control character and still parses to the same value', () => {
    const value = { name: HOSTILE, list: ['\u0085', '\u009d8;;x\u009c', 'a\u202Eb\u2066c'] };
    const text = formatJson(value);
    assert.doesNotMatch(text.slice(0, -1).replace(/\n/g, ''), TERMINAL_CONTROL);
    assert.doesNotMatch(text, BIDI_CONTROL);
    assert.deepEqual(JSON.parse(text), value);
  });
});

describe('CLI trust boundaries against the emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let roomModel: string;
  const files = new Map<string, Uint8Array>();

  before(async () => {
    emu = await EmulatorHarness.start({ scale: 50 });
    roomModel = JSON.parse((await cli(['twins', 'list', '--page-size', '1'])).out).content[0].modelId;
  });
  after(async () => emu?.close());

  interface Run {
    code: number;
    out: string;
    err: string;
    bytes: Uint8Array[];
  }

  async function cli(
    argv: string[],
    options: { stdin?: string | Uint8Array; stdoutIsTty?: boolean } = {},
  ): Promise<Run> {
    const run: Run = { code: -1, out: '', err: '', bytes: [] };
    const io: CliIo = {
      stdout: (chunk) => {
        if (typeof chunk === 'string') run.out += chunk;
        else run.bytes.push(chunk);
      },
      stderr: (text) => {
        run.err += text;
      },
      readStdin: async () =>
        typeof options.stdin === 'string'
          ? new TextEncoder().encode(options.stdin)
          : (options.stdin ?? new Uint8Array()),
      stdinIsTty: options.stdin === undefined,
      stdoutIsTty: options.stdoutIsTty,
      env: {},
      readFile: async (name) => {
        const content = files.get(name);
        if (!content) throw new Error(`ENOENT: ${name}`);
        return content;
      },
      writeFile: async (name, content) => {
        files.set(name, content);
      },
      signal: new AbortController().signal,
    };
    run.code = await runInProcess([...argv, '--url', emu.url], io);
    return run;
  }

  it('prints service text holding escape sequences as plain text in a table, and as escaped JSON', async () => {
    const twinId = JSON.parse((await cli(['twins', 'list', '--page-size', '1'])).out).content[0].id;
    const types = JSON.parse((await cli(['events', 'types'])).out);
    const event = {
      id: 'hostile-event',
      name: HOSTILE,
      startTime: '2031-01-01T00:00:00Z',
      eventTypeId: types[0].id,
      payload: '{}',
      payloadVersion: '1',
      twinId,
    };
    const put = await cli(['events', 'put'], { stdin: JSON.stringify(event) });
    assert.equal(put.code, 0, put.err);
    for (const argv of [
      ['events', 'get', 'hostile-event', '--table'],
      ['events', 'list', '--all', '--table'],
    ]) {
      const table = await cli(argv);
      assert.equal(table.code, 0, table.err);
      assert.doesNotMatch(table.out, TERMINAL_CONTROL);
      assert.match(table.out, /clickredboldend/);
    }
    const json = await cli(['events', 'get', 'hostile-event']);
    assert.doesNotMatch(json.out.replace(/\n/g, ''), TERMINAL_CONTROL);
    assert.equal(JSON.parse(json.out).name, HOSTILE);
  });

  it('twins put: checks the whole array first and sends nothing when an item is invalid, naming each', async () => {
    await emu.clearRequests();
    const body = [
      { id: 'ok-1', modelId: roomModel },
      { id: 'dup', modelId: roomModel },
      { id: 'dup', modelId: roomModel },
      { id: '..', modelId: roomModel },
      { id: 'no-model' },
      'not a twin',
    ];
    const run = await cli(['twins', 'put'], { stdin: JSON.stringify(body) });
    assert.equal(run.code, 1);
    assert.equal(run.out, '');
    assert.match(run.err, /^error: 4 problem\(s\) in the array of 6 twins; nothing was sent:\n/);
    for (const line of [
      'item 2: id "dup" is also item 1',
      'item 3: id cannot be ".."',
      'item 4: modelId must be a non-empty string',
      'item 5: must be a JSON object',
    ]) {
      assert.ok(run.err.includes(line), `${line} in ${run.err}`);
    }
    assert.deepEqual(
      (await emu.requests()).filter((r) => r.method === 'PUT'),
      [],
    );
    assert.equal((await cli(['twins', 'get', 'ok-1'])).code, 1, 'the valid item was not written either');
  });

  it('twins put: reports each item when the service refuses some, and exits 1', async () => {
    const body = [
      { id: 'part-1', modelId: roomModel },
      { id: 'part-bad', modelId: 'dtmi:com:example:NoSuchModel;1' },
      { id: 'part-2', modelId: roomModel },
    ];
    const run = await cli(['twins', 'put'], { stdin: JSON.stringify(body) });
    assert.equal(run.code, 1);
    const out = JSON.parse(run.out) as Array<{ id: string; modelId?: string; error?: string }>;
    assert.deepEqual(
      out.map((o) => [o.id, o.error === undefined]),
      [
        ['part-1', true],
        ['part-bad', false],
        ['part-2', true],
      ],
    );
    assert.match(out[1]!.error!, /putTwin failed with HTTP 400/);
    assert.match(run.err, /^error: 1 of 3 twins were not written \(part-bad\)/);
    assert.equal((await cli(['twins', 'get', 'part-2'])).code, 0);
    const all = await cli(['twins', 'put'], { stdin: JSON.stringify([body[0], body[2]]) });
    assert.equal(all.code, 0, all.err);
    assert.deepEqual(
      JSON.parse(all.out).map((t: { id: string }) => t.id),
      ['part-1', 'part-2'],
    );
  });

  it('events upload: exits 1 when the service rejects rows, even though it answers 200', async () => {
    const twinId = JSON.parse((await cli(['twins', 'list', '--page-size', '1'])).out).content[0].id;
    const types = JSON.parse((await cli(['events', 'types'])).out);
    const good = {
      name: 'Up',
      startTime: '2031-01-01T00:00:00Z',
      eventTypeId: types[0].id,
      payload: '{}',
      payloadVersion: '1',
      twinId,
    };
    files.set('bad.json', new TextEncoder().encode(JSON.stringify([{ name: 'no start' }, { startTime: 'never' }])));
    files.set('mixed.json', new TextEncoder().encode(JSON.stringify([good, { name: 'no start' }])));
    const bad = await cli(['events', 'upload', 'bad.json']);
    assert.equal(bad.code, 1);
    const result = JSON.parse(bad.out);
    assert.equal(result.errors.length, 2);
    assert.equal(result.eventsCreatedCount, 0);
    assert.match(bad.err, /^error: the service rejected 2 row\(s\) and stored 0 event\(s\); first: bad\.json row 1/);
    const mixed = await cli(['events', 'upload', 'mixed.json']);
    assert.equal(mixed.code, 1);
    assert.equal(JSON.parse(mixed.out).eventsCreatedCount, 1);
    assert.match(mixed.err, /rejected 1 row\(s\) and stored 1 event\(s\)/);
  });

  it('accepts a UTF-8 byte order mark in --file and on stdin', async () => {
    const twin = JSON.stringify({ id: 'bom-twin', modelId: roomModel });
    files.set('bom.json', new TextEncoder().encode(`\uFEFF${twin}`));
    const fromFile = await cli(['twins', 'put', '--file', 'bom.json']);
    assert.equal(fromFile.code, 0, fromFile.err);
    assert.equal(JSON.parse(fromFile.out).id, 'bom-twin');
    const fromStdin = await cli(['twins', 'put'], {
      stdin: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(twin)]),
    });
    assert.equal(fromStdin.code, 0, fromStdin.err);
  });

  it('does not write raw bytes to a terminal', async () => {
    const withFile = JSON.parse((await cli(['tickets', 'list', '--all'])).out).find(
      (t: { attachments?: unknown[] }) => t.attachments?.length,
    );
    const args = ['tickets', 'attachment', withFile.id, withFile.attachments[0].id];
    const toTerminal = await cli(args, { stdoutIsTty: true });
    assert.equal(toTerminal.code, 2);
    assert.deepEqual(toTerminal.bytes, []);
    assert.match(toTerminal.err, /the output is binary: write it to a file/);
    const piped = await cli(args, { stdoutIsTty: false });
    assert.equal(piped.code, 0, piped.err);
    assert.equal(Buffer.concat(piped.bytes).byteLength, withFile.attachments[0].size);
  });
});
