// The client's tests run once per way of sending (node:http and fetch): both must behave the same.
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
