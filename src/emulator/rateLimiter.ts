import { rateLimitGroup as limitedGroup } from '../core/api/rateLimiter';

const LIMIT_MESSAGES = {
  twins: 'Rate limit exceeded for twins endpoint. Consider using bulk twin queries to reduce API calls.',
  'time-series': 'Rate limit exceeded for time-series endpoint. Consider using bulk queries to reduce API calls.',
};

/** Which limited group a path (below /api/v3) belongs to, with the service's plain-text 429 message. */
export function rateLimitGroup(path: string): { group: string; message: string } | undefined {
  const group = limitedGroup(path);
  return group && { group, message: LIMIT_MESSAGES[group] };
}

/** Fixed-window counter per (client, group), like the service: `count` requests per `seconds`, windows aligned to the clock. */
export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly count: number,
    private readonly seconds: number,
  ) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the window resets. */
  take(key: string, now: number): number {
    const size = this.seconds * 1000;
    const start = Math.floor(now / size) * size;
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      w = { start, used: 0 };
      this.windows.set(key, w);
    }
    if (w.used >= this.count) return Math.max(1, Math.ceil((start + size - now) / 1000));
    w.used++;
    return 0;
  }
}

/** Parses `N/SECONDS` (e.g. `20/10`). */
export function parseRateLimit(text: string): { count: number; seconds: number } {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0)
    throw new Error(`--rate-limit expects N/SECONDS with N >= 1 and SECONDS > 0, e.g. 20/10 (got '${text}')`);
  return { count: Number(m[1]), seconds: Number(m[2]) };
}
