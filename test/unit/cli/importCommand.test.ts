// `building-twins import FILE…` in-process against the emulator: every format import reads, checked before anything
// is sent, resumable through its report, refused as a whole on a read-only connection.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmulatorHarness } from '../api/emulatorHarness';
import { fixtureInterfaces, ROOM, SPACE } from '../dtdl/dtdlFixtures';
import { runCliInMemory, type CliRun } from './memoryCli';

const FIXTURES = resolve(__dirname, '../../../../test/fixtures/adt-explorer');

describe('building-twins import against the emulator', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bt-cli-import-'));
    const models = join(dir, 'models');
    mkdirSync(models);
    writeFileSync(join(models, 'models.json'), JSON.stringify(fixtureInterfaces.flat()));
    // The shared fixture models break strict DTDL rules the emulator now enforces (see importRun.test.ts).
    emu = await EmulatorHarness.start({ sample: false, models: [models], lenientModels: true });
  });
  after(async () => {
    await emu?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const cli = (argv: string[]): Promise<CliRun> =>
    runCliInMemory([...argv, '--url', emu.url], {
      readFile: async (path) => readFileSync(path),
    });
  const writes = async (): Promise<string[]> =>
    (await emu.requests()).filter((r) => r.method === 'PUT').map((r) => `${r.method} ${r.path}`);

  it('checks the files first: problems printed as file:line: message, exit code 1, nothing sent', async () => {
    await emu.clearRequests();
    const bad = join(FIXTURES, 'graph-bad.json');
    const run = await cli(['import', join(FIXTURES, 'graph.json'), bad]);
    assert.equal(run.code, 1);
    // By file and line, as the Problems panel lists them.
    assert.deepEqual(run.out.trim().split('\n'), [
      `${bad}:5: twin S1 is already defined on ${join(FIXTURES, 'graph.json')} line 5`,
      `${bad}:6: /digitalTwinsGraph/digitalTwins/1: twin R1: "$metadata.$model" must be a model id`,
      `${bad}:7: /digitalTwinsGraph/digitalTwins/2: must be an object`,
      `${bad}:10: /digitalTwinsGraph/relationships/0: "$targetId" must be a non-empty string`,
    ]);
    assert.match(run.err, /^error: 4 problem\(s\) in .*: nothing was sent\n$/);
    assert.deepEqual(await writes(), []);
  });

  it('--check prints the plan and sends nothing; a read-only connection is refused before anything is sent', async () => {
    await emu.clearRequests();
    const check = await cli(['import', join(FIXTURES, 'sheet.xlsx'), '--check']);
    assert.equal(check.code, 0, check.err);
    assert.deepEqual(JSON.parse(check.out), {
      twins: 3,
      relationships: 3,
      twinsByModel: { [ROOM]: 2, [SPACE]: 1 },
      relationshipsByName: { isPartOf: 1, servedBy: 2 },
    });
    const readOnly = await cli(['import', join(FIXTURES, 'sheet.xlsx'), '--read-only']);
    assert.equal(readOnly.code, 4);
    assert.match(readOnly.err, /import refused: the connection ".*" is read-only; nothing was sent/);
    assert.deepEqual(await writes(), []);
  });

  it('imports the ADT Explorer sheet and graph; a second run skips what its report says is done', async () => {
    await emu.clearRequests();
    const report = join(dir, 'sheet.import-report.json');
    const sheet = await cli(['import', join(FIXTURES, 'sheet.xlsx'), '--report', report, '--concurrency', '2']);
    assert.equal(sheet.code, 0, sheet.err);
    const first = JSON.parse(sheet.out) as Record<string, unknown>;
    assert.deepEqual([first.done, first.skipped, first.failed, first.pending], [6, 0, 0, 0]);
    assert.ok(existsSync(report));
    assert.equal((await writes()).length, 6);

    await emu.clearRequests();
    const again = JSON.parse((await cli(['import', join(FIXTURES, 'sheet.xlsx'), '--report', report])).out) as Record<
      string,
      unknown
    >;
    assert.deepEqual([again.done, again.skipped], [0, 6]);
    assert.deepEqual(await writes(), []);

    const graph = join(dir, 'graph.json');
    writeFileSync(graph, readFileSync(join(FIXTURES, 'graph.json')));
    const run = await cli(['import', graph, '--table']);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /^done +5$/m);
    assert.match(run.out, /^failed +0$/m);
    assert.ok(existsSync(join(dir, 'graph.import-report.json')), 'the report is written beside the first file');
    const { client } = emu.client();
    const { twins } = await client.getTwinsByIds(['S1', 'R1', 'T1', '101']);
    assert.deepEqual(twins.map((t) => [t.id, t.modelId]).sort(), [
      ['101', ROOM],
      ['R1', ROOM],
      ['S1', SPACE],
      ['T1', 'dtmi:com:example:Thermostat;1'],
    ]);
    assert.deepEqual((await client.getTwin('S1')).contents?.address, { street: 'Main', number: 5 });
  });

  it('says which file cannot be read', async () => {
    const run = await cli(['import', join(dir, 'missing.json')]);
    assert.equal(run.code, 2);
    assert.match(run.err, /^error: cannot read .*missing\.json: /);
  });
});
