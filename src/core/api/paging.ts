// The service's three paging schemes, walked to the end as async iterators.

import { ApiError } from './apiError';
import type { BatchPage } from './types';

/** Continuation-token paging (token in the body for POST /twins, in the query for time series). */
export async function* iterateContinuation<T>(
  operation: string,
  fetchPage: (token: string | undefined) => Promise<{ items: T[]; continuationToken: string | null }>,
  firstToken?: string,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let token = firstToken;
  for (;;) {
    const page = await fetchPage(token);
    yield* page.items;
    if (!page.continuationToken) return;
    if (seen.has(page.continuationToken)) {
      throw new ApiError({ kind: 'invalid-response', operation, detail: 'the service returned the same continuation token twice' });
    }
    seen.add(page.continuationToken);
    token = page.continuationToken;
  }
}

/** Page-number paging (`page`, 1-based, until `after` is 0) for insights, events, tickets and ticket metadata. */
export async function* iterateBatchPages<T>(
  fetchPage: (page: number) => Promise<BatchPage<T>>,
  firstPage = 1,
): AsyncGenerator<T, void, undefined> {
  for (let page = Math.max(1, firstPage); ; page++) {
    const result = await fetchPage(page);
    yield* result.items;
    if (!result.items.length || result.after <= 0) return;
  }
}

/** Collects an async iterable into an array (for callers that want everything at once). */
export async function collect<T>(items: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
