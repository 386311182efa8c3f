import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { EmulatorHarness } from '../api/emulatorHarness';
import { runCli } from './cliProcess';

/** The emulator's pinned clock: half past an hour, so a value from a minute before is newer than the sample's last. */
const NOW = Date.parse('2026-11-26T10:30:00Z');

describe('building-twins CLI (dist/cli.js) against the emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let dir: string;
  let url: string;

  before(async () => {
    emu = await EmulatorHarness.start({
      scale: 50,
      clients: [{ id: 'ci-client', secret: 'ci-client-secret-value' }],
      clock: { now: () => NOW },
    });
    url = emu.url;
    dir = mkdtempSync(path.join(tmpdir(), 'bt-cli-'));
  });
  after(async () => {
    await emu?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const json = (text: string): any => JSON.parse(text); // eslint-disable-line @typescript-eslint/no-explicit-any

  it('prints help for everything, a group and a command', async () => {
    const all = await runCli(['--help']);
    assert.equal(all.code, 0);
    assert.match(all.stdout, /twins list/);
    assert.match(all.stdout, /tickets service-needed/);
    const group = await runCli(['relationships']);
    assert.equal(group.code, 2, 'a group without a command is a usage error');
    assert.match(group.stdout, /relationships incoming/);
    assert.doesNotMatch(group.stdout, /twins list/);
    const command = await runCli(['twins', 'get', '--help']);
    assert.equal(command.code, 0);
    assert.match(command.stdout, /Usage: building-twins twins get <id> \[options\]/);
    assert.match(command.stdout, /--relationships/);
  });

  it('reports usage errors with exit code 2', async () => {
    const unknown = await runCli(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
    const missing = await runCli(['twins', 'get', '--url', url]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /expected <id>, got none/);
    const badOption = await runCli(['twins', 'list', '--url', url, '--bogus']);
    assert.equal(badOption.code, 2);
    assert.match(badOption.stderr, /bogus/);
    const http = await runCli(['twins', 'list', '--url', 'http://twins.example.com/api/v3', '--client-id', 'x']);
    assert.equal(http.code, 2);
    assert.match(http.stderr, /Plain http is refused for twins\.example\.com/);
  });

  it('lists a page of twins as JSON and as a table', async () => {
    const page = await runCli(['twins', 'list', '--url', url, '--page-size', '2']);
    assert.equal(page.code, 0, page.stderr);
    const body = json(page.stdout);
    assert.equal(body.content.length, 2);
    assert.equal(typeof body.continuationToken, 'string');
    const table = await runCli(['twins', 'list', '--url', url, '--page-size', '2', '--table']);
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.trim().split('\n');
    assert.match(lines[0]!, /^id\s+modelId\s+lastUpdateTime$/);
    assert.ok(lines[2]!.startsWith(body.content[0].id));
    assert.match(lines.at(-1)!, /^continuationToken: /);
  });

  it('puts a twin from stdin, reads it, and counts with a model filter', async () => {
    const existing = json((await runCli(['twins', 'list', '--url', url, '--page-size', '1'])).stdout).content[0];
    const twin = { id: 'cli-twin', modelId: existing.modelId, contents: {} };
    const put = await runCli(['twins', 'put', '--url', url], { input: JSON.stringify(twin) });
    assert.equal(put.code, 0, put.stderr);
    const got = await runCli(['twins', 'get', 'cli-twin', '--url', url]);
    assert.equal(json(got.stdout).modelId, existing.modelId);
    const ids = await runCli(['twins', 'ids', 'cli-twin', 'nope', '--url', url]);
    assert.deepEqual(json(ids.stdout).omitted, ['nope']);
    const count = await runCli(['twins', 'count', '--url', url, '--model', existing.modelId, '--exact']);
    assert.ok(json(count.stdout).count >= 2);
  });

  it('twins put refuses an id that could not be read back (".", "..", a lone surrogate), single or in an array, sending nothing', async () => {
    const modelId = json((await runCli(['twins', 'list', '--url', url, '--page-size', '1'])).stdout).content[0].modelId;
    await emu.clearRequests();
    for (const id of ['..', '.', 'room-\ud800', '\udc00']) {
      const single = await runCli(['twins', 'put', '--url', url], {
        input: JSON.stringify({ id, modelId, contents: {} }),
      });
      assert.notEqual(single.code, 0, `${JSON.stringify(id)} was accepted`);
      assert.match(single.stderr, /the twin id (cannot be|holds a lone surrogate)/);
      const array = await runCli(['twins', 'put', '--url', url], {
        input: JSON.stringify([
          { id: 'fine-1', modelId, contents: {} },
          { id, modelId, contents: {} },
        ]),
      });
      assert.notEqual(array.code, 0);
      assert.match(array.stderr, /item 1: id (cannot be|holds a lone surrogate)/);
    }
    assert.deepEqual(
      (await emu.requests()).filter((r) => r.method === 'PUT'),
      [],
    );
  });

  it('sends time series from a file and reads the latest value back', async () => {
    const capability = json(
      (
        await runCli([
          'twins',
          'list',
          '--url',
          url,
          '--page-size',
          '1',
          '--model',
          'dtmi:com:buildingtwins:sample:Capability;1',
        ])
      ).stdout,
    ).content[0];
    const file = path.join(dir, 'values.json');
    // Latest looks back one hour from the emulator's clock: the value is from a minute before it, after the sample's
    // last point (at the clock's whole hour). On the wall clock this failed in the first minute of every hour.
    writeFileSync(
      file,
      JSON.stringify([
        {
          connectorId: 'cli',
          dtId: capability.id,
          sourceTimestamp: new Date(NOW - 60_000).toISOString(),
          scalarValue: 42.5,
        },
      ]),
    );
    const sent = await runCli(['timeseries', 'send', '--url', url, '--file', file]);
    assert.equal(sent.code, 0, sent.stderr);
    assert.deepEqual(json(sent.stdout), { sent: 1 });
    const latest = await runCli(['timeseries', 'latest', capability.id, '--url', url]);
    assert.equal(json(latest.stdout).scalarValue, 42.5);
  });

  it('fails with the one-line message and exit code 1, sending nothing for a refused patch', async () => {
    const missing = await runCli(['models', 'get', 'dtmi:com:example:Missing;1', '--url', url]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^error: getModel failed with HTTP 404/);
    await emu.clearRequests();
    const patch = path.join(dir, 'patch.json');
    writeFileSync(patch, JSON.stringify([{ op: 'remove', path: '/summary' }]));
    const refused = await runCli(['tickets', 'patch', 'some-ticket', '--url', url, '--file', patch]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /only "replace" operations are allowed/);
    assert.deepEqual(await emu.requests(), []);
    const notJson = path.join(dir, 'broken.json');
    writeFileSync(notJson, '{ nope');
    const broken = await runCli(['twins', 'put', '--url', url, '--file', notJson]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /broken\.json is not valid JSON/);
  });

  it('takes the connection from environment variables or the secret from stdin, never echoing it', async () => {
    const env = {
      BUILDING_TWINS_URL: url,
      BUILDING_TWINS_CLIENT_ID: 'ci-client',
      BUILDING_TWINS_CLIENT_SECRET: 'ci-client-secret-value',
    };
    const viaEnv = await runCli(['twins', 'count'], { env });
    assert.equal(viaEnv.code, 0, viaEnv.stderr);
    const viaStdin = await runCli(['token', '--url', url, '--client-id', 'ci-client', '--client-secret-stdin'], {
      input: 'ci-client-secret-value\n',
    });
    assert.equal(viaStdin.code, 0, viaStdin.stderr);
    assert.equal(json(viaStdin.stdout).token_type, 'Bearer');
    const wrong = await runCli(['twins', 'count'], {
      env: { ...env, BUILDING_TWINS_CLIENT_SECRET: 'wrong-secret-value-xyz' },
    });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /^error: getToken failed with HTTP 40[01]/);
    assert.ok(!wrong.stderr.includes('wrong-secret-value-xyz'));
    const conflict = await runCli(['twins', 'put', '--url', url, '--client-id', 'ci-client', '--client-secret-stdin'], {
      input: 'ci-client-secret-value\n',
    });
    assert.equal(conflict.code, 2);
    assert.match(conflict.stderr, /stdin already holds the client secret/);
  });

  it('downloads a ticket attachment to a file', async function () {
    const tickets = await runCli(['tickets', 'list', '--url', url, '--all']);
    assert.equal(tickets.code, 0, tickets.stderr);
    const withAttachment = (
      json(tickets.stdout) as Array<{ id: string; attachments?: Array<{ id: string; size: number }> }>
    ).find((t) => t.attachments?.length);
    assert.ok(withAttachment, 'the sample has a ticket with an attachment');
    const attachment = withAttachment.attachments![0]!;
    const out = path.join(dir, 'attachment.bin');
    const saved = await runCli(['tickets', 'attachment', withAttachment.id, attachment.id, '--url', url, '--out', out]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.equal(json(saved.stdout).size, attachment.size);
    assert.equal(readFileSync(out).byteLength, attachment.size);
  });
});
