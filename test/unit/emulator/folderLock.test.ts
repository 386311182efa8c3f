import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentOwner, ownerAlive, parseOwner } from '../../../src/emulator/store/folderLock';
import { StoreFiles } from '../../../src/emulator/store/storeFiles';

describe('data folder lock', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bt-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads its own JSON and the bare pid older emulators wrote', () => {
    assert.deepEqual(parseOwner('1234\n'), { pid: 1234 });
    assert.deepEqual(parseOwner('{"pid":7,"boot":"b","start":"99"}'), { pid: 7, boot: 'b', start: '99' });
    assert.equal(parseOwner('garbage'), undefined);
    assert.equal(parseOwner('{"pid":-1}'), undefined);
  });

  it('treats a live pid as a stale owner when its boot or start time differs (pid reused)', () => {
    const probe = (boot: string, start: string) => ({ alive: () => true, boot: () => boot, start: () => start });
    assert.equal(ownerAlive({ pid: 42, boot: 'A', start: '100' }, probe('A', '100')), true);
    assert.equal(ownerAlive({ pid: 42, boot: 'A', start: '100' }, probe('B', '100')), false, 'another boot');
    assert.equal(
      ownerAlive({ pid: 42, boot: 'A', start: '100' }, probe('A', '555')),
      false,
      'another process with the same pid',
    );
    assert.equal(ownerAlive({ pid: 42 }, probe('A', '555')), true, 'a bare pid can only be checked for life');
    assert.equal(
      ownerAlive({ pid: 42, boot: 'A', start: '100' }, { alive: () => false, boot: () => 'A', start: () => '100' }),
      false,
    );
  });

  it('takes over a lock whose pid now belongs to another running process', () => {
    // The parent process is alive, but the lock names another start time: the pid was reused.
    const me = currentOwner();
    assert.ok(me.start, 'this test needs /proc (Linux)');
    writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: process.ppid, boot: me.boot, start: '1' }));
    const files = new StoreFiles(dir);
    files.close();
  });

  it('still refuses a folder held by a running emulator', () => {
    const parent = { pid: process.ppid };
    writeFileSync(join(dir, 'lock'), JSON.stringify(parent));
    assert.throws(() => new StoreFiles(dir), /in use by another emulator/);
  });
});
