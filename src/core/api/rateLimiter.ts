import { systemClock, type Clock } from './clock';

export interface RateLimit {
  /** Requests allowed per window. */
  count: number;
  seconds: number;
}

/** The service's published limit: 20 requests per 10 s per client on /twins/* and on /time-series/*. */
export const DEFAULT_RATE_LIMIT: RateLimit = { count: 20, seconds: 10 };

/** The limited path groups, each with its own budget; other paths are not limited. */
export function rateLimitGroup(path: string): 'twins' | 'time-series' | undefined {
  if (path === '/twins' || path.startsWith('/twins/')) return 'twins';
  if (path === '/time-series' || path.startsWith('/time-series/')) return 'time-series';
  return undefined;
}

/** Ends a granted slot. `sent: false` (nothing reached the service, e.g. cancelled while waiting for a token) frees it at once. */
export type SlotRelease = (outcome?: { sent: boolean }) => void;

/** The budget of one limiter at one moment (for a status bar tooltip). */
export interface RateBudget {
  limit: number;
  windowSeconds: number;
  /** Slots taken now: requests in flight plus those answered within the last window. */
  used: number;
  inFlight: number;
  /** Requests waiting for a slot. */
  waiting: number;
  /** While every slot is taken: milliseconds until the next one frees (undefined when only a response can free one). */
  nextSlotInMs?: number;
}

interface Waiter {
  grant: (release: SlotRelease) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Paces requests so that no window of `seconds` ever holds more than `count` of them. A slot is
 * taken when a request starts and frees one window after its response arrived: the service counted
 * the request somewhere in between, so whatever its own fixed windows are aligned to, they can
 * never see more than `count` requests, however latency varies. Waiters are served in order.
 */
export class RateLimiter {
  private readonly windowMs: number;
  /** Slots whose request is still in flight. */
  private inFlight = 0;
  /** When each released slot frees up, oldest first (release times only grow). */
  private readonly freeAt: number[] = [];
  private head = 0;
  private readonly queue: Waiter[] = [];
  private cancelTimer?: () => void;

  constructor(
    readonly limit: RateLimit,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(limit.count) || limit.count < 1)
      throw new RangeError(`Rate limit count must be a positive integer, got ${String(limit.count)}`);
    if (!(limit.seconds > 0))
      throw new RangeError(`Rate limit window must be positive seconds, got ${String(limit.seconds)}`);
    this.windowMs = limit.seconds * 1000;
  }

  /**
   * Waits for a slot; call the returned function when the response has arrived (or the attempt failed). A waiter
   * whose signal fires leaves the queue without taking a slot.
   */
  acquire(signal?: AbortSignal): Promise<SlotRelease> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((grant, reject) => {
      const waiter: Waiter = { grant, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Requests that could start right now without waiting. */
  available(): number {
    this.prune();
    return this.limit.count - this.taken();
  }

  /** How much of the budget is spent right now, and how long until a slot frees when none is left. */
  budget(): RateBudget {
    this.prune();
    const used = this.taken();
    const oldest = this.head < this.freeAt.length ? (this.freeAt[this.head] as number) : undefined;
    return {
      limit: this.limit.count,
      windowSeconds: this.limit.seconds,
      used,
      inFlight: this.inFlight,
      waiting: this.queue.length,
      ...(used >= this.limit.count && oldest !== undefined
        ? { nextSlotInMs: Math.max(0, oldest - this.clock.now()) }
        : {}),
    };
  }

  private taken(): number {
    return this.inFlight + this.freeAt.length - this.head;
  }

  private prune(): void {
    const now = this.clock.now();
    while (this.head < this.freeAt.length && (this.freeAt[this.head] as number) <= now) this.head++;
    if (this.head > 1024 && this.head * 2 > this.freeAt.length) {
      this.freeAt.splice(0, this.head);
      this.head = 0;
    }
  }

  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.prune();
    while (this.queue.length && this.taken() < this.limit.count) {
      const waiter = this.queue.shift() as Waiter;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.inFlight++;
      waiter.grant(this.releaser());
    }
    // With every slot in flight a release will pump; otherwise wake when the oldest one frees.
    if (this.queue.length && this.head < this.freeAt.length) {
      this.cancelTimer = this.clock.setTimer(() => this.pump(), (this.freeAt[this.head] as number) - this.clock.now());
    }
  }

  private releaser(): SlotRelease {
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (outcome?.sent === false) return this.pump();
      const at = this.clock.now() + this.windowMs;
      const last = this.freeAt.length > this.head ? (this.freeAt[this.freeAt.length - 1] as number) : -Infinity;
      this.freeAt.push(Math.max(at, last)); // a clock step backwards must not break the order
      this.pump();
    };
  }
}
