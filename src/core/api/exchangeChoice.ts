// Which HttpExchange a client sends with: node:http by default, fetch when asked for (or given a fetch).
import { FetchExchange } from './fetchExchange';
import type { HttpExchange } from './httpExchange';
import { NodeExchange } from './nodeExchange';

export type ExchangeChoice = 'node' | 'fetch' | HttpExchange;

export function chooseExchange(options: { exchange?: ExchangeChoice; fetch?: typeof fetch }): HttpExchange {
  const choice = options.exchange ?? (options.fetch ? 'fetch' : 'node');
  if (typeof choice === 'object') return choice;
  if (choice === 'fetch') return new FetchExchange(options.fetch);
  if (choice === 'node') return new NodeExchange();
  throw new RangeError(`exchange must be 'node', 'fetch' or an HttpExchange, got ${String(choice)}`);
}
