// The built emulator (dist/emulator.js) holds --scale to what its heap can take: it refuses at once, before building
// anything (the ceiling itself: scaleCeiling.test.ts).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../harness/harnessPaths';

describe('emulator --scale ceiling (the built emulator)', function () {
  this.timeout(60_000);

  it('the emulator refuses at once, before building anything', async () => {
    const emulator = join(repoRoot, 'dist', 'emulator.js');
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--max-old-space-size=64', emulator, '--port', '0', '--scale', '1000000'],
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
      );
    });
    assert.equal(code, 1);
    assert.match(out, /--scale 1000000 needs about .* enough for --scale \d+0000\. Choose a smaller --scale/);
  });
});
