import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Store } from '../../../src/emulator/store/store';
import { Series } from '../../../src/emulator/store/timeSeriesStore';

const points = (times: number[], value = (t: number) => t * 10) =>
  times.map((time) => ({ time, value: value(time), enqueued: 1 }));

describe('emulator store', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-store-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('Series (sorted typed arrays)', () => {
    it('keeps points sorted whatever the insert order, later equal times replacing earlier ones', () => {
      const s = new Series(2);
      s.insert(points([5, 1, 3]));
      s.insert(points([4, 2, 9]));
      s.insert([{ time: 3, value: -1, enqueued: 2 }]);
      assert.deepEqual([...s.times.subarray(0, s.length)], [1, 2, 3, 4, 5, 9]);
      assert.deepEqual([...s.values.subarray(0, s.length)], [10, 20, -1, 40, 50, 90]);
    });

    it('finds [start, end] ranges (both ends included) by binary search', () => {
      const s = new Series();
      s.insert(points([10, 20, 30, 40]));
      assert.deepEqual(s.between(20, 40), { from: 1, to: 4 });
      assert.deepEqual(s.between(20, 39), { from: 1, to: 3 });
      assert.deepEqual(s.between(-Infinity, Infinity), { from: 0, to: 4 });
      assert.deepEqual(s.between(41, 50), { from: 4, to: 4 });
      assert.deepEqual(s.between(25, 15), { from: 2, to: 2 });
      assert.deepEqual(s.between(30, 30), { from: 2, to: 3 });
    });

    it('grows capacity geometrically while appending', () => {
      const s = new Series();
      for (let i = 0; i < 1000; i++) s.insert(points([i]));
      assert.equal(s.length, 1000);
      assert.ok(s.times.length >= 1000 && s.times.length < 4000);
    });
  });

  describe('batches', () => {
    it('roll back every write of a batch that throws, collections and series alike', () => {
      const store = Store.open();
      const c = store.collection<{ n: number }>('things');
      c.put('a', { n: 1 });
      store.insertPoints('tw', [
        { time: 1, value: 1, enqueued: 1, properties: { a: 1 } },
        { time: 2, value: 2, enqueued: 1 },
      ]);
      assert.throws(
        () =>
          store.batch(() => {
            c.put('a', { n: 2 });
            c.put('b', { n: 3 });
            c.delete('a');
            store.insertPoints('tw', points([0, 5]));
            store.insertPoints('tw', [
              { time: 1, value: 9, enqueued: 2, properties: { b: 2 } },
              { time: 7, value: 9, enqueued: 2, properties: { c: 3 } },
            ]);
            store.insertPoints('new', points([1]));
            throw new Error('boom');
          }),
        /boom/,
      );
      assert.deepEqual(c.get('a'), { n: 1 });
      assert.equal(c.has('b'), false);
      assert.deepEqual([...store.timeSeries.get('tw')!.times.subarray(0, store.timeSeries.get('tw')!.length)], [1, 2]);
      assert.deepEqual([...store.timeSeries.get('tw')!.values.subarray(0, 2)], [1, 2]);
      assert.deepEqual([...store.timeSeries.get('tw')!.properties], [[1, { a: 1 }]]);
      assert.equal(store.timeSeries.get('new'), undefined);
    });

    it('refuse asynchronous functions', () => {
      const store = Store.open();
      assert.throws(() => store.batch(() => Promise.resolve(1)), /synchronous/);
    });
  });

  describe('persistence', () => {
    it('restores collections and series from snapshot plus log', () => {
      const a = Store.open({ dataDir: dir });
      a.collection('twins').put('T1', { id: 'T1' });
      a.batch(() => {
        a.collection('twins').put('T2', { id: 'T2' });
        a.collection('rels').put('R', { x: [1, { y: 'z' }] });
      });
      a.collection('twins').delete('T1');
      a.insertPoints(
        'T2',
        [
          { time: 5, value: 1.5, enqueued: 6, properties: { q: 1 } },
          { time: 1, value: 2.5, enqueued: 6 },
        ],
        { connectorId: 'C', externalId: 'E' },
      );
      a.close();
      const b = Store.open({ dataDir: dir });
      assert.deepEqual([...b.collection('twins').keys()], ['T2']);
      assert.deepEqual(b.collection('rels').get('R'), { x: [1, { y: 'z' }] });
      const s = b.timeSeries.get('T2')!;
      assert.deepEqual([...s.times.subarray(0, s.length)], [1, 5]);
      assert.deepEqual([...s.values.subarray(0, s.length)], [2.5, 1.5]);
      assert.equal(s.connectorId, 'C');
      assert.equal(s.externalId, 'E');
      assert.deepEqual(s.properties.get(5), { q: 1 });
      b.close();
    });

    it('seeds only an empty folder', () => {
      const a = Store.open({ dataDir: dir }, (s) => s.collection('x').put('seeded', 1));
      a.collection('x').put('later', 2);
      a.close();
      let seededAgain = false;
      const b = Store.open({ dataDir: dir }, () => {
        seededAgain = true;
      });
      assert.equal(seededAgain, false);
      assert.deepEqual([...b.collection('x').keys()].sort(), ['later', 'seeded']);
      b.close();
    });

    it('ignores a torn last log line (a write that was never acknowledged)', () => {
      const a = Store.open({ dataDir: dir });
      a.collection('x').put('k', 1);
      a.close();
      const generation = fs.readFileSync(path.join(dir, 'current'), 'utf8').trim();
      fs.appendFileSync(path.join(dir, `log-${generation}.jsonl`), '{"ops":[{"c":"x","k":"torn","v"');
      const b = Store.open({ dataDir: dir });
      assert.deepEqual([...b.collection('x').keys()], ['k']);
      b.close();
    });

    it('compacts the log into a new snapshot past the threshold and keeps one generation', async () => {
      const a = Store.open({ dataDir: dir, compactBytes: 2000 });
      for (let i = 0; i < 100; i++) a.collection('x').put(`k${i}`, { i, pad: 'p'.repeat(20) });
      await new Promise((r) => setImmediate(r));
      const files = fs.readdirSync(dir).filter((f) => f !== 'token-key');
      assert.equal(files.filter((f) => f.startsWith('snapshot-')).length, 1);
      const generation = fs.readFileSync(path.join(dir, 'current'), 'utf8').trim();
      assert.equal(generation, '2', 'one compaction at open, one after the threshold');
      assert.equal(fs.statSync(path.join(dir, 'log-2.jsonl')).size, 0);
      a.close();
      const b = Store.open({ dataDir: dir });
      assert.equal(b.collection('x').size, 100);
      assert.deepEqual(b.collection('x').get('k99'), { i: 99, pad: 'p'.repeat(20) });
      b.close();
    });

    it('reuses a clean generation without rewriting it, and appends to its log', () => {
      const a = Store.open({ dataDir: dir }, (s) => s.collection('x').put('seeded', 1));
      a.close();
      const b = Store.open({ dataDir: dir });
      assert.equal(fs.readFileSync(path.join(dir, 'current'), 'utf8'), '1');
      b.collection('x').put('after', 2);
      b.close();
      assert.ok(fs.statSync(path.join(dir, 'log-1.jsonl')).size > 0);
      const c = Store.open({ dataDir: dir });
      assert.deepEqual([...c.collection('x').keys()].sort(), ['after', 'seeded']);
      assert.equal(fs.readFileSync(path.join(dir, 'current'), 'utf8'), '2', 'a log with writes is compacted at start');
      c.close();
    });

    it('fails clearly on a corrupt generation pointer', () => {
      fs.writeFileSync(path.join(dir, 'current'), 'banana');
      assert.throws(() => Store.open({ dataDir: dir }), /does not name a generation/);
    });
  });
});
