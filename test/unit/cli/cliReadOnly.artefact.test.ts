import * as assert from 'node:assert/strict';
import { EmulatorHarness } from '../api/emulatorHarness';
import { runCli } from './cliProcess';

describe('building-twins CLI with --read-only / BUILDING_TWINS_READ_ONLY', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start();
  });
  after(() => emu?.close());

  const body = JSON.stringify({ id: 'RO-CLI', modelId: 'dtmi:com:buildingtwins:sample:Room;1' });

  it('refuses a write with exit code 4 and one line naming the operation and the connection; nothing reaches the service', async () => {
    await emu.clearRequests();
    const run = await runCli(['twins', 'put', '--read-only', '--url', emu.url], { input: body });
    assert.equal(run.code, 4, run.stderr);
    assert.equal(run.stderr, `error: putTwin refused: the connection "${emu.url}" is read-only; nothing was sent\n`);
    assert.equal(run.stdout, '');
    assert.deepEqual(await emu.requests(), []);
  });

  it('takes the environment variable, in any of its spellings, and still reads', async () => {
    for (const value of ['1', 'TRUE', 'yes', 'on']) {
      const env = { BUILDING_TWINS_URL: emu.url, BUILDING_TWINS_READ_ONLY: value };
      const write = await runCli(['tickets', 'create', '--file', '-'], {
        env,
        input: JSON.stringify({ summary: 'Leak' }),
      });
      assert.equal(write.code, 4, `${value}: ${write.stderr}`);
    }
    const read = await runCli(['twins', 'get', 'HP-L01'], {
      env: { BUILDING_TWINS_URL: emu.url, BUILDING_TWINS_READ_ONLY: '1' },
    });
    assert.equal(read.code, 0, read.stderr);
    assert.equal((JSON.parse(read.stdout) as { id: string }).id, 'HP-L01');
  });

  it('writes when the variable says no, and rejects a value it does not understand (exit 2, nothing sent)', async () => {
    const off = await runCli(['twins', 'put'], {
      env: { BUILDING_TWINS_URL: emu.url, BUILDING_TWINS_READ_ONLY: 'false' },
      input: body,
    });
    assert.equal(off.code, 0, off.stderr);
    await emu.clearRequests();
    const bad = await runCli(['twins', 'put'], {
      env: { BUILDING_TWINS_URL: emu.url, BUILDING_TWINS_READ_ONLY: 'maybe' },
      input: body,
    });
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /^error: BUILDING_TWINS_READ_ONLY must be one of 1, true, yes, on, 0, false, no, off, got "maybe"/,
    );
    assert.deepEqual(await emu.requests(), []);
  });
});
