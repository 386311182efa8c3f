// The service's three paging schemes, walked to the end as async iterators.

import { ApiError } from './apiError';
import type { BatchPage, CallOptions } from './types';

const DEFAULT_MAX_PAGES = 10_000;
const DEFAULT_MAX_ITEMS = 5_000_000;

export type PagingLimits = Pick<CallOptions, 'maxPages' | 'maxItems'>;

/** Counts pages and items of one walk and stops it with a clear error past its limits. */
class WalkBudget {
  private pages = 0;
  private items = 0;
  private readonly maxPages: number;
  private readonly maxItems: number;

  constructor(
    private readonly operation: string,
    limits: PagingLimits = {},
  ) {
    this.maxPages = limits.maxPages ?? DEFAULT_MAX_PAGES;
    this.maxItems = limits.maxItems ?? DEFAULT_MAX_ITEMS;
  }

  /** Called before yielding each page. */
  spend(itemCount: number): void {
    this.pages++;
    this.items += itemCount;
    if (this.pages > this.maxPages || this.items > this.maxItems) {
      throw new ApiError({
        kind: 'invalid-request',
        operation: this.operation,
        detail: `stopped after ${this.pages - 1} pages and ${this.items - itemCount} items: the walk would pass its limit of ${this.maxPages} pages or ${this.maxItems} items (narrow the query, or raise maxPages/maxItems)`,
        attempts: 0,
      });
    }
  }
}

/**
 * Continuation-token paging (token in the body for POST /twins, in the query for time series), page by
 * page: `size` tells how many items a page holds (for the walk's limits).
 */
export async function* iterateContinuationPages<P extends { continuationToken: string | null }>(
  operation: string,
  fetchPage: (token: string | undefined) => Promise<P>,
  size: (page: P) => number,
  firstToken?: string,
  limits?: PagingLimits,
): AsyncGenerator<P, void, undefined> {
  const seen = new Set<string>();
  const budget = new WalkBudget(operation, limits);
  let token = firstToken;
  for (;;) {
    const page = await fetchPage(token);
    budget.spend(size(page));
    yield page;
    if (!page.continuationToken) return;
    if (seen.has(page.continuationToken)) {
      throw new ApiError({
        kind: 'invalid-response',
        operation,
        detail: 'the service returned the same continuation token twice',
      });
    }
    seen.add(page.continuationToken);
    token = page.continuationToken;
  }
}

/** Continuation-token paging, item by item. */
export async function* iterateContinuation<T>(
  operation: string,
  fetchPage: (token: string | undefined) => Promise<{ items: T[]; continuationToken: string | null }>,
  firstToken?: string,
  limits?: PagingLimits,
): AsyncGenerator<T, void, undefined> {
  yield* itemsOf(
    iterateContinuationPages(operation, fetchPage, (p) => p.items.length, firstToken, limits),
    (p) => p.items,
  );
}

/** The items of each page in turn. */
export async function* itemsOf<P, T>(
  pages: AsyncIterable<P>,
  items: (page: P) => readonly T[],
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* items(page);
}

/** Page-number paging (`page`, 1-based, until `after` is 0) for insights, events, tickets and ticket metadata. */
export async function* iterateBatchPages<T>(
  fetchPage: (page: number) => Promise<BatchPage<T>>,
  firstPage = 1,
  limits?: PagingLimits & { operation?: string },
): AsyncGenerator<T, void, undefined> {
  const budget = new WalkBudget(limits?.operation ?? 'list', limits);
  for (let page = Math.max(1, firstPage); ; page++) {
    const result = await fetchPage(page);
    budget.spend(result.items.length);
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
