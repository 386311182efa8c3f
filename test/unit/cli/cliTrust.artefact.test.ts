// The built CLI (dist/cli.js) prints its error lines without terminal control, even when the service's message
// quotes hostile text (the formatting itself: cliTrust.test.ts).
import * as assert from 'node:assert/strict';
import { EmulatorHarness } from '../api/emulatorHarness';
import { runCli as runProcess } from './cliProcess';
import { HOSTILE, TERMINAL_CONTROL } from './hostileText';

describe('the built CLI against the emulator: untrusted text in error lines', function () {
  this.timeout(60_000);
  let emu: EmulatorHarness;
  before(async () => {
    emu = await EmulatorHarness.start({ scale: 50 });
  });
  after(async () => emu?.close());

  it('strips escape sequences from error lines (the built CLI, a service message quoting the id)', async () => {
    const run = await runProcess(['twins', 'get', `nobody${HOSTILE}`, '--url', emu.url]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^error: getTwin failed with HTTP 404/);
    assert.doesNotMatch(run.stderr, TERMINAL_CONTROL);
    assert.match(run.stderr, /nobody.*click.*red.*bold/);
    const unknown = await runProcess([`frob${HOSTILE}`]);
    assert.equal(unknown.code, 2);
    assert.doesNotMatch(unknown.stderr, TERMINAL_CONTROL);
  });
});
