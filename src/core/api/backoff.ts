// When to try again after a transient failure.

export interface RetryOptions {
  /** Retries after the first attempt (0 disables retrying). */
  retries: number;
  /** First backoff step; each further retry doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/**
 * HTTP statuses worth another try (only ever for operations safe to repeat): 429 and 502/503/504
 * as the service's limits and gateways use them, plus 408 and 500 (transient server faults, the
 * set common HTTP client retry policies use).
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Exponential backoff with "equal jitter": half the step fixed, half random. `retry` counts from 1. */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
