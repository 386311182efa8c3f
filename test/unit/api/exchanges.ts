// The client's tests run once per way of sending (node:http and fetch): both must behave the same.
import type { ExchangeRequest } from '../../../src/core/api/httpExchange';

export const EXCHANGES = ['node', 'fetch'] as const;
export type ExchangeName = (typeof EXCHANGES)[number];

/** Declares `suite` once per exchange, its title naming the exchange. */
export function describeEachExchange(title: string, suite: (this: Mocha.Suite, exchange: ExchangeName) => void): void {
  for (const exchange of EXCHANGES) {
    describe(`${title} [${exchange}]`, function () {
      suite.call(this, exchange);
    });
  }
}

/** A GET request of JSON as an exchange receives it (1 MiB cap, retry-safe), with `more` on top. */
export function exchangeRequest(url: string, more: Partial<ExchangeRequest> = {}): ExchangeRequest {
  return {
    url,
    method: 'GET',
    headers: { accept: 'application/json' },
    signal: new AbortController().signal,
    maxBytes: 1024 * 1024,
    idempotent: true,
    ...more,
  };
}
