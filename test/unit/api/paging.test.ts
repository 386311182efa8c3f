import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import {
  collect,
  itemsOf,
  iterateBatchPages,
  iterateContinuation,
  iterateContinuationPages,
} from '../../../src/core/api/paging';

describe('paging iterators', () => {
  it('follows continuation tokens to the end', async () => {
    const pages: Record<string, { items: number[]; continuationToken: string | null }> = {
      start: { items: [1, 2], continuationToken: 'b' },
      b: { items: [3], continuationToken: 'c' },
      c: { items: [], continuationToken: null },
    };
    const asked: Array<string | undefined> = [];
    const items = await collect(
      iterateContinuation('listTwins', async (token) => {
        asked.push(token);
        return pages[token ?? 'start']!;
      }),
    );
    assert.deepEqual(items, [1, 2, 3]);
    assert.deepEqual(asked, [undefined, 'b', 'c']);
  });

  it('walks continuation pages as they come, counting their items against the limits', async () => {
    const pages = [
      { rows: ['a', 'b'], continuationToken: 't1' },
      { rows: [], continuationToken: 't2' },
      { rows: ['c'], continuationToken: null },
    ];
    const asked: Array<string | undefined> = [];
    const walk = iterateContinuationPages(
      'getTimeSeries',
      async (token) => {
        asked.push(token);
        return pages[asked.length - 1]!;
      },
      (page) => page.rows.length,
      't0',
    );
    assert.deepEqual(await collect(walk), pages, 'every page, the empty one too, as the same objects');
    assert.deepEqual(asked, ['t0', 't1', 't2']);
    assert.deepEqual(
      await collect(
        itemsOf(
          (async function* () {
            yield* pages;
          })(),
          (p) => p.rows,
        ),
      ),
      ['a', 'b', 'c'],
    );
    const limited = iterateContinuationPages(
      'getTimeSeries',
      async (token) => ({ rows: [1, 2, 3], continuationToken: `${token ?? ''}x` }),
      (p) => p.rows.length,
      undefined,
      { maxItems: 7 },
    );
    await assert.rejects(
      collect(limited),
      (e: unknown) => e instanceof ApiError && /stopped after 2 pages and 6 items/.test(e.message),
    );
  });

  it('stops with an error when a token repeats instead of looping forever', async () => {
    await assert.rejects(
      collect(iterateContinuation('listTwins', async () => ({ items: [1], continuationToken: 'same' }))),
      (e: unknown) =>
        e instanceof ApiError && e.kind === 'invalid-response' && /same continuation token/.test(e.message),
    );
  });

  it('walks page numbers from 1 until nothing is after', async () => {
    const asked: number[] = [];
    const items = await collect(
      iterateBatchPages(async (page) => {
        asked.push(page);
        return {
          items: [page * 10, page * 10 + 1],
          before: (page - 1) * 2,
          after: Math.max(0, 6 - page * 2),
          total: 6,
        };
      }),
    );
    assert.deepEqual(asked, [1, 2, 3]);
    assert.deepEqual(items, [10, 11, 20, 21, 30, 31]);
  });

  it('stops on an empty page even if `after` says otherwise, and collect honours a limit', async () => {
    const items = await collect(
      iterateBatchPages(async (page) => ({ items: page === 1 ? ['a'] : [], before: 0, after: 5, total: 6 })),
    );
    assert.deepEqual(items, ['a']);
    const firstTwo = await collect(
      iterateBatchPages(async (page) => ({ items: [page], before: 0, after: 1, total: 99 })),
      2,
    );
    assert.deepEqual(firstTwo, [1, 2]);
  });
});
