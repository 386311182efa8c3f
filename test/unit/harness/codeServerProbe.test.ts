import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeCodeServerVersion, reportsVersion } from '../../harness/codeServerInstall';

describe('code-server install check', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fake-code-server-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in entry point that behaves like code-server's first run: it writes a config under HOME first. */
  function fakeEntry(script: string): string {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, script);
    chmodSync(entry, 0o755);
    return entry;
  }

  it('accepts a first run that prints the config line before the version', () => {
    const entry = fakeEntry(`
      const { mkdirSync, writeFileSync } = require('node:fs');
      const path = require('node:path').join(process.env.HOME, '.config', 'code-server', 'config.yaml');
      mkdirSync(require('node:path').dirname(path), { recursive: true });
      writeFileSync(path, 'auth: password\\n');
      console.log('[2026-11-23T00:00:00.000Z] info  Wrote default config file to ' + path);
      console.log('4.99.4 0123abcd with Code 1.99.3');
    `);
    assert.equal(probeCodeServerVersion(entry, '4.99.4'), true);
  });

  it('never writes into the real HOME', () => {
    const entry = fakeEntry(
      `console.log(process.env.HOME === ${JSON.stringify(process.env.HOME ?? '')} ? 'real home' : '4.99.4 x with Code 1.99.3');`,
    );
    assert.equal(probeCodeServerVersion(entry, '4.99.4'), true);
  });

  it('refuses another version and a failing start', () => {
    assert.equal(probeCodeServerVersion(fakeEntry(`console.log('4.98.0 x with Code 1.98.0');`), '4.99.4'), false);
    assert.equal(probeCodeServerVersion(fakeEntry(`console.log('4.99.4'); process.exit(3);`), '4.99.4'), false);
  });

  it('matches the version as a whole word on any line', () => {
    assert.equal(reportsVersion('noise\n4.99.4 abc with Code 1.99.3\n', '4.99.4'), true);
    assert.equal(reportsVersion('4.99.40 abc', '4.99.4'), false);
    assert.equal(reportsVersion('', '4.99.4'), false);
  });
});
