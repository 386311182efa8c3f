// A data folder survives failed writes (a full disk, an I/O error): the failed write is not applied,
// every acknowledged write is kept, and the folder always loads again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Store } from '../../../src/emulator/store/store';
import { FILE_SYSTEM_LOG_WRITER, type LogWriter } from '../../../src/emulator/store/storeFiles';
import { FIXTURE_MODELS, M } from './emulatorFixtures';
import { EmulatorTestClient } from './emulatorTestClient';

/** A log writer that fails when told to, as a full disk does: part of the bytes, then ENOSPC. */
class FaultyWriter implements LogWriter {
  /** `partial`: half the bytes are written, then ENOSPC; `sync`: every byte is written, then fsync fails. */
  fail: 'partial' | 'sync' | undefined;
  truncateFails = false;
  private written = 0;

  write(fd: number, data: Uint8Array, offset: number): number {
    if (this.fail === 'partial') {
      if (this.written > 0) {
        this.fail = undefined;
        this.written = 0;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      this.written = Math.ceil((data.length - offset) / 2);
      return fs.writeSync(fd, data, offset, this.written);
    }
    return FILE_SYSTEM_LOG_WRITER.write(fd, data, offset);
  }

  sync(fd: number): void {
    if (this.fail === 'sync') {
      this.fail = undefined;
      throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
    }
    FILE_SYSTEM_LOG_WRITER.sync(fd);
  }

  truncate(fd: number, length: number): void {
    if (this.truncateFails) throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
    FILE_SYSTEM_LOG_WRITER.truncate(fd, length);
  }
}

describe('emulator store under write faults', () => {
  let dir: string;
  let warnings: string[];
  const open = (logWriter?: LogWriter, compactBytes?: number): Store =>
    Store.open({ dataDir: dir, logWriter, compactBytes, onWarning: (m) => warnings.push(m) });
  const keys = (store: Store): string[] => [...store.collection('x').keys()].sort();
  const logOf = (): string => path.join(dir, `log-${fs.readFileSync(path.join(dir, 'current'), 'utf8').trim()}.jsonl`);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-store-faults-'));
    warnings = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('cuts off a write that failed half-way: the next acknowledged write is kept and the folder loads', () => {
    const writer = new FaultyWriter();
    const a = open(writer);
    a.collection('x').put('before', 1);
    const logSize = fs.statSync(logOf()).size;
    writer.fail = 'partial';
    assert.throws(() => a.collection('x').put('failed', 'y'.repeat(200)), /ENOSPC/);
    assert.equal(a.collection('x').has('failed'), false, 'the failed write is not applied in memory');
    assert.equal(fs.statSync(logOf()).size, logSize, 'the torn bytes are cut off');
    a.collection('x').put('after', 3);
    a.close();
    const b = open();
    assert.deepEqual(keys(b), ['after', 'before']);
    assert.deepEqual(warnings, []);
    b.close();
  });

  it('cuts off a whole write whose fsync failed, so it does not come back at the next start', () => {
    const writer = new FaultyWriter();
    const a = open(writer);
    writer.fail = 'sync';
    assert.throws(() => a.collection('x').put('failed', 1), /EIO/);
    a.collection('x').put('after', 2);
    a.close();
    const b = open();
    assert.deepEqual(keys(b), ['after']);
    b.close();
  });

  it('refuses writes while the torn bytes cannot be cut off, and writes again once they can', () => {
    const writer = new FaultyWriter();
    const a = open(writer);
    a.collection('x').put('before', 1);
    writer.fail = 'partial';
    writer.truncateFails = true;
    assert.throws(() => a.collection('x').put('failed', 2), /ENOSPC/);
    assert.throws(() => a.collection('x').put('refused', 3), /could not be cut back after a failed write/);
    assert.equal(a.collection('x').has('refused'), false);
    writer.truncateFails = false;
    a.collection('x').put('after', 4);
    a.close();
    const b = open();
    assert.deepEqual(keys(b), ['after', 'before']);
    b.close();
  });

  it('loads a log in which an acknowledged write was glued to a torn one, keeping that write and warning', () => {
    const a = open();
    a.collection('x').put('first', 1);
    a.close();
    const torn = '{"ops":[{"c":"x","k":"torn","v":{"ops":[1,2';
    fs.appendFileSync(
      logOf(),
      `${torn}{"ops":[{"c":"x","k":"glued","v":{"ops":[]}}]}\n{"ops":[{"c":"x","k":"last","v":3}]}\n`,
    );
    const b = open();
    assert.deepEqual(keys(b), ['first', 'glued', 'last']);
    assert.deepEqual(b.collection('x').get('glued'), { ops: [] });
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!,
      new RegExp(`log line 2: skipped ${Buffer.byteLength(torn)} bytes of a write that failed`),
    );
    b.close();
  });

  it('still refuses a log line that is corrupt rather than torn', () => {
    const a = open();
    a.collection('x').put('first', 1);
    a.close();
    fs.appendFileSync(logOf(), 'garbage\n{"ops":[{"c":"x","k":"later","v":3}]}\n');
    assert.throws(() => open(), /log line 2 is not valid JSON/);
  });

  it('warns about a torn last line it skips', () => {
    const a = open();
    a.collection('x').put('k', 1);
    a.close();
    fs.appendFileSync(logOf(), '{"ops":[{"c":"x","k":"torn","v"');
    const b = open();
    assert.deepEqual(keys(b), ['k']);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /log line 2: skipped a write that was cut off \(31 bytes, never acknowledged\)/);
    b.close();
  });

  it('starts on a folder it cannot compact (a full disk): serves what it loaded and appends after cutting the torn line', () => {
    const a = open();
    a.collection('x').put('k', 1);
    a.close();
    fs.appendFileSync(logOf(), '{"ops":[{"c":"x","k":"torn","v"');
    // The next generation's snapshot cannot be created: compaction fails as it would on a full disk.
    fs.mkdirSync(path.join(dir, 'snapshot-2.jsonl'));
    const b = open();
    assert.deepEqual(keys(b), ['k']);
    assert.ok(
      warnings.some((w) => /compaction at start failed, continuing with the log as it is/.test(w)),
      warnings.join('\n'),
    );
    b.collection('x').put('later', 2);
    b.close();
    const lines = fs.readFileSync(logOf(), 'utf8').split('\n').filter(Boolean);
    assert.deepEqual(
      lines.map((line) => Object.keys(JSON.parse(line) as object)),
      [['ops'], ['ops']],
      'the torn line was cut before appending',
    );
    fs.rmdirSync(path.join(dir, 'snapshot-2.jsonl'));
    const c = open();
    assert.deepEqual(keys(c), ['k', 'later']);
    c.close();
  });

  it('keeps serving when a compaction fails while running, and warns', async () => {
    const a = open(undefined, 200);
    fs.mkdirSync(path.join(dir, 'snapshot-2.jsonl'));
    for (let i = 0; i < 10; i++) a.collection('x').put(`k${i}`, { pad: 'p'.repeat(20) });
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(
      warnings.some((w) => /^Compaction failed, the log keeps growing/.test(w)),
      warnings.join('\n'),
    );
    a.collection('x').put('after', 1);
    a.close();
    fs.rmdirSync(path.join(dir, 'snapshot-2.jsonl'));
    const b = open();
    assert.equal(b.collection('x').size, 11);
    b.close();
  });

  it('over HTTP: the failed request is answered with an error and not applied, the acknowledged ones survive a restart', async () => {
    const writer = new FaultyWriter();
    const twin = (id: string) => ({ id, modelId: M.room, contents: { name: id } });
    const first = await EmulatorTestClient.start({
      sample: false,
      models: [FIXTURE_MODELS],
      data: dir,
      logWriter: writer,
    });
    try {
      assert.equal((await first.call('PUT', '/twins', twin('before'))).status, 200);
      writer.fail = 'partial';
      const failed = await first.call('PUT', '/twins', twin('failed'));
      assert.equal(failed.status, 507, 'a full disk is 507 Insufficient Storage');
      assert.match(failed.text, /data folder is full/);
      assert.equal((await first.call('GET', '/twins/failed')).status, 404);
      assert.equal((await first.call('PUT', '/twins', twin('after'))).status, 200);
    } finally {
      await first.emulator.close();
    }
    const second = await EmulatorTestClient.start({ sample: false, models: [FIXTURE_MODELS], data: dir });
    try {
      assert.equal((await second.call('GET', '/twins/before')).status, 200);
      assert.equal((await second.call('GET', '/twins/after')).status, 200);
      assert.equal((await second.call('GET', '/twins/failed')).status, 404);
    } finally {
      await second.emulator.close();
    }
  });
});
