import * as assert from 'node:assert/strict';
import { describeTestOrder, orderTestFiles, parseTestOrder } from '../../integration/testOrder';

describe('integration test order', () => {
  const files = ['c.test.js', 'a.test.js', 'e.test.js', 'b.test.js', 'd.test.js', 'f.test.js'];

  it('is sorted by default and reversed on request, leaving the input alone', () => {
    const input = [...files];
    assert.deepEqual(orderTestFiles(input, parseTestOrder(undefined)), [
      'a.test.js',
      'b.test.js',
      'c.test.js',
      'd.test.js',
      'e.test.js',
      'f.test.js',
    ]);
    assert.deepEqual(orderTestFiles(input, parseTestOrder('reverse')), [
      'f.test.js',
      'e.test.js',
      'd.test.js',
      'c.test.js',
      'b.test.js',
      'a.test.js',
    ]);
    assert.deepEqual(input, files);
  });

  it('shuffles every file exactly once, the same way for the same seed and differently for another', () => {
    const one = orderTestFiles(files, parseTestOrder('shuffle:7'));
    assert.deepEqual([...one].sort(), [...files].sort());
    assert.deepEqual(orderTestFiles(files, parseTestOrder('shuffle:7')), one);
    const others = [1, 2, 3, 4, 5].map((seed) => orderTestFiles(files, { kind: 'shuffle', seed }).join());
    assert.ok(
      others.some((order) => order !== one.join()),
      'another seed gives another order',
    );
  });

  it('picks a seed for a plain shuffle and says how to repeat it', () => {
    const order = parseTestOrder('shuffle', () => 1234);
    assert.deepEqual(order, { kind: 'shuffle', seed: 1234 });
    assert.equal(describeTestOrder(order), 'shuffle:1234');
    assert.equal(describeTestOrder(parseTestOrder('reverse')), 'reverse');
  });

  it('refuses an order it does not know, naming the ones it does', () => {
    assert.throws(
      () => parseTestOrder('backwards'),
      /unknown test order "backwards": use sorted, reverse, shuffle or shuffle:<seed>/,
    );
    assert.throws(() => parseTestOrder('shuffle:x'), /unknown test order/);
  });
});
