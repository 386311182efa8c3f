// --scale is held to what the process's heap can take: a clear error at once instead of minutes of building
// and a crash, and the ceiling's own figure is enough for a sample at the ceiling.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { checkScaleFits, HEAP_BYTES_PER_TWIN, maxScale } from '../../../src/emulator/scaleCeiling';
import { repoRoot } from '../../harness/harnessPaths';

const MiB = 2 ** 20;

/** Runs `script` in a node with a heap limit of `heapMiB`; its exit code and output. */
function node(heapMiB: number, script: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`--max-old-space-size=${heapMiB}`, '-e', script],
      { cwd: repoRoot },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

describe('emulator --scale ceiling', function () {
  this.timeout(120_000);

  it('is the heap share over the bytes a twin needs, in steps of 10,000', () => {
    assert.equal(maxScale(4096 * MiB), Math.floor((4096 * MiB * 0.8) / HEAP_BYTES_PER_TWIN / 10_000) * 10_000);
    assert.equal(maxScale(4096 * MiB), 1_670_000);
    assert.equal(maxScale(100 * MiB), 40_000);
    assert.equal(maxScale(MiB), 0);
  });

  it('refuses a scale past it with the figures and the way out, and accepts one within', () => {
    assert.throws(
      () => checkScaleFits(10_000_000, 4096 * MiB),
      /^Error: --scale 10000000 needs about 23\.8 GiB of heap \(about 2 KiB per twin\) but this Node\.js process may use 4\.0 GiB, enough for --scale 1670000\. Choose a smaller --scale, or give Node\.js a larger heap \(NODE_OPTIONS=--max-old-space-size=24576\)/,
    );
    assert.doesNotThrow(() => checkScaleFits(1_670_000, 4096 * MiB));
    assert.doesNotThrow(() => checkScaleFits(undefined, MiB));
  });

  it('holds: a sample at the ceiling of a small heap starts', async () => {
    const script = `
      const { getHeapStatistics } = require('node:v8');
      const { maxScale } = require('./out/src/emulator/scaleCeiling.js');
      const { startEmulator } = require('./out/src/emulator/emulator.js');
      const scale = maxScale(getHeapStatistics().heap_size_limit);
      startEmulator({ port: 0, scale, log: false }).then(async (e) => {
        console.log('twins', e.store.collection('twins').size);
        await e.close();
      });`;
    const { code, out } = await node(160, script);
    assert.equal(code, 0, out);
    const twins = Number(/twins (\d+)/.exec(out)?.[1]);
    assert.ok(twins >= 60_000, `${twins} twins at the ceiling of a 160 MiB heap`);
  });
});
