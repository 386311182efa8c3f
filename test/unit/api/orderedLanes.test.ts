import * as assert from 'node:assert/strict';
import { inOrder } from '../../../src/core/api/orderedLanes';
import { collect } from '../../../src/core/api/paging';

/** A source of `items` that records how far it was read and whether it was closed; each item waits for `gate`. */
function source<T>(items: T[], gate: () => Promise<void> = async () => undefined) {
  const state = { pulled: 0, closed: false };
  const iterable = {
    async *[Symbol.asyncIterator]() {
      try {
        for (const item of items) {
          await gate();
          state.pulled++;
          yield item;
        }
      } finally {
        state.closed = true;
      }
    },
  };
  return { iterable, state };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('inOrder: sources read side by side, items handed on source after source', () => {
  it('keeps the order of the sources and of their items, whichever finishes first', async () => {
    let released = false;
    const slow = source([1, 2, 3], async () => {
      while (!released) await tick();
    });
    const fast = source([4, 5]);
    const empty = source<number>([]);
    const done = collect(inOrder([slow.iterable, empty.iterable, fast.iterable], 2));
    await tick();
    await tick();
    assert.equal(fast.state.pulled, 2, 'the later source was read while the first waited');
    released = true;
    assert.deepEqual(await done, [1, 2, 3, 4, 5]);
  });

  it('reads each source at most `ahead` items in front of the consumer', async () => {
    const first = source([1, 2, 3, 4, 5, 6]);
    const second = source([7, 8, 9, 10, 11, 12]);
    const walk = inOrder([first.iterable, second.iterable], 2)[Symbol.asyncIterator]();
    assert.deepEqual(await walk.next(), { done: false, value: 1 });
    for (let i = 0; i < 20; i++) await tick();
    assert.ok(first.state.pulled <= 1 + 2 + 1, `first source pulled ${first.state.pulled}`);
    assert.ok(second.state.pulled <= 2 + 1, `second source pulled ${second.state.pulled}`);
    await walk.return(undefined);
    for (let i = 0; i < 5; i++) await tick();
    assert.ok(first.state.closed && second.state.closed, 'stopping the walk closes every source');
  });

  it('ends with the first failure of any source at once, closing the others', async () => {
    let released = false;
    const waiting = source([1, 2], async () => {
      while (!released) await tick();
    });
    const failing = {
      async *[Symbol.asyncIterator]() {
        yield 3;
        throw new Error('slice 2 failed');
      },
    };
    const other = source([4, 5, 6, 7, 8]);
    const error = await collect(inOrder([waiting.iterable, failing, other.iterable], 2)).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.match(String(error), /slice 2 failed/, 'while the first source still waits');
    assert.equal(waiting.state.pulled, 0);
    for (let i = 0; i < 5; i++) await tick();
    assert.ok(other.state.closed, 'the others are closed');
    released = true;
    for (let i = 0; i < 5; i++) await tick();
    assert.ok(waiting.state.closed, 'the busy one once its wait is over');
  });
});
