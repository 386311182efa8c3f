import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/apiError';
import { collect, iterateBatchPages, iterateContinuation } from '../../../src/core/api/paging';

describe('paging iterators', () => {
  it('follows continuation tokens to the end', async () => {
    const pages: Record<string, { items: number[]; continuationToken: string | null }> = {
      start: { items: [1, 2], continuationToken: 'b' },
      b: { items: [3], continuationToken: 'c' },
      c: { items: [], continuationToken: null },
    };
    const asked: Array<string | undefined> = [];
    const items = await collect(iterateContinuation('listTwins', async (token) => {
      asked.push(token);
      return pages[token ?? 'start']!;
    }));
    assert.deepEqual(items, [1, 2, 3]);
    assert.deepEqual(asked, [undefined, 'b', 'c']);
  });

  it('stops with an error when a token repeats instead of looping forever', async () => {
    await assert.rejects(collect(iterateContinuation('listTwins', async () => ({ items: [1], continuationToken: 'same' }))),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalid-response' && /same continuation token/.test(e.message));
  });

  it('walks page numbers from 1 until nothing is after', async () => {
    const asked: number[] = [];
    const items = await collect(iterateBatchPages(async (page) => {
      asked.push(page);
      return { items: [page * 10, page * 10 + 1], before: (page - 1) * 2, after: Math.max(0, 6 - page * 2), total: 6 };
    }));
    assert.deepEqual(asked, [1, 2, 3]);
    assert.deepEqual(items, [10, 11, 20, 21, 30, 31]);
  });

  it('stops on an empty page even if `after` says otherwise, and collect honours a limit', async () => {
    const items = await collect(iterateBatchPages(async (page) => ({ items: page === 1 ? ['a'] : [], before: 0, after: 5, total: 6 })));
    assert.deepEqual(items, ['a']);
    const firstTwo = await collect(iterateBatchPages(async (page) => ({ items: [page], before: 0, after: 1, total: 99 })), 2);
    assert.deepEqual(firstTwo, [1, 2]);
  });
});
