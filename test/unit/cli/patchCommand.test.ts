// `building-twins patch` in-process against the emulator: every request printed and nothing sent without --yes,
// sent with it, refusals and exit codes, read-only, and resuming with --report.
import * as assert from 'node:assert/strict';
import { EXIT_FAILURE, EXIT_OK, EXIT_READ_ONLY, EXIT_USAGE } from '../../../src/cli/cliIo';
import { EmulatorHarness } from '../api/emulatorHarness';
import { runCliInMemory, type CliRun } from './memoryCli';

const R1 = 'HP-L01-R01';
const R2 = 'HP-L01-R02';
const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';

interface Printed {
  sent: number;
  note?: string;
  requests: Array<{ request: string; body: unknown }>;
  refused: Array<{ twinId: string; reason: string }>;
  counts?: Record<string, number>;
}

describe('building-twins patch (many twins at once)', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  const files = new Map<string, string>();

  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());
  beforeEach(async () => {
    files.clear();
    await emu.clearRequests();
  });

  const cli = (argv: string[]): Promise<CliRun> =>
    runCliInMemory(['patch', ...argv, '--url', emu.url], {
      readFile: async (path) => {
        const content = files.get(path);
        if (content === undefined) throw new Error(`ENOENT: ${path}`);
        return new TextEncoder().encode(content);
      },
      writeFile: async (path, content) => {
        files.set(path, new TextDecoder().decode(content));
      },
    });
  const patchRequests = async (): Promise<number> => (await emu.requests()).filter((r) => r.method === 'PATCH').length;
  const capacity = async (id: string): Promise<unknown> => (await emu.client().client.getTwin(id)).contents?.capacity;

  it('prints every request and sends nothing without --yes', async () => {
    const run = await cli([R1, R2, '--set', 'capacity=77']);
    assert.equal(run.code, EXIT_OK, run.err);
    const printed = JSON.parse(run.out) as Printed;
    assert.equal(printed.sent, 0);
    assert.match(printed.note!, /run again with --yes to send these 2 request/);
    assert.deepEqual(printed.requests, [
      { request: `PATCH ${emu.url}/twins/${R1}`, body: [{ op: 'replace', path: '/capacity', value: 77 }] },
      { request: `PATCH ${emu.url}/twins/${R2}`, body: [{ op: 'replace', path: '/capacity', value: 77 }] },
    ]);
    assert.equal(await patchRequests(), 0);
    assert.notEqual(await capacity(R1), 77);
  });

  it('sends with --yes; a twin its model refuses is reported and the exit code is 1', async () => {
    files.set('patch.json', JSON.stringify([{ op: 'replace', path: '/capacity', value: 78 }]));
    const run = await cli([R1, R2, 'HP-L01', '--file', 'patch.json', '--yes']);
    assert.equal(run.code, EXIT_FAILURE);
    assert.match(run.err, /1 twin\(s\) refused before sending/);
    const printed = JSON.parse(run.out) as Printed;
    assert.equal(printed.sent, 2);
    assert.equal(printed.counts!.done, 2);
    assert.equal(printed.refused[0].twinId, 'HP-L01');
    assert.equal(await patchRequests(), 2);
    assert.equal(await capacity(R2), 78);
  });

  it('patches every twin a filter lists, and resumes from --report without sending twice', async () => {
    files.set('rename.json', JSON.stringify([{ op: 'add', path: '/name', value: 'Checked room' }]));
    const argv = ['--model', ROOM, '--exact', '--file', 'rename.json', '--yes', '--report', 'run.json'];
    const first = await cli(argv);
    assert.equal(first.code, EXIT_OK, first.err);
    const sent = (JSON.parse(first.out) as Printed).sent;
    assert.ok(sent > 4, `every room of the sample is patched (${sent})`);
    assert.equal(JSON.parse(files.get('run.json')!).format, 'building-twins-import-report');
    // R1 renamed since: the report holds it as done with this patch, so the run again skips it.
    await emu.client().client.patchTwin(R1, [{ op: 'replace', path: '/name', value: 'Renamed since' }]);
    await emu.clearRequests();
    const again = await cli(argv);
    assert.equal(again.code, EXIT_OK, again.err);
    const resumed = JSON.parse(again.out) as Printed;
    assert.deepEqual([resumed.sent, resumed.counts!.skipped, resumed.counts!.unchanged], [0, 1, sent - 1]);
    assert.equal(await patchRequests(), 0);
    const withoutReport = await cli(argv.slice(0, -2));
    assert.equal((JSON.parse(withoutReport.out) as Printed).sent, 1);
  });

  it('refuses a read-only connection with exit code 4, and bad usage with 2, sending nothing', async () => {
    const readOnly = await cli([R1, '--set', 'capacity=1', '--yes', '--read-only']);
    assert.equal(readOnly.code, EXIT_READ_ONLY);
    assert.match(readOnly.err, /read-only; nothing was sent/);
    for (const argv of [
      [R1],
      ['--set', 'capacity=1'],
      [R1, '--set', 'capacity'],
      [R1, '--model', ROOM, '--set', 'capacity=1'],
      [R1, '--set', 'capacity=1', '--concurrency', '0'],
    ]) {
      const run = await cli(argv);
      assert.equal(run.code, EXIT_USAGE, `${argv.join(' ')}: ${run.err}`);
    }
    assert.equal(await patchRequests(), 0);
  });
});
