// One call's cancellation, the only one: the AbortSignal that everything waiting or sending for the call listens
// to (the rate limiter, the token, the concurrency slot, a retry's pause, the exchange). It fires when the caller's
// signal fires, when the client's does (the client is no longer wanted), or when the call's deadline passes.
// The outer signals are listened to while the call lasts rather than combined with AbortSignal.any: on Node 20 a
// signal keeps a reference to every signal combined from it until it fires, and a client's lives as long as its
// connection.
import { setMaxListeners } from 'node:events';
import type { Clock } from './clock';

/** Timers cannot wait longer than this (Node fires them at once instead): a longer deadline means none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class CallSignal {
  /** Whether the deadline ended the call (rather than a cancellation). */
  timedOut = false;
  private readonly controller = new AbortController();
  private readonly outer: AbortSignal[] = [];
  private readonly stopTimer: (() => void) | undefined;
  private readonly onOuterAbort = (event: Event): void => this.controller.abort((event.target as AbortSignal).reason);

  constructor(
    readonly timeoutMs: number,
    clock: Clock,
    outer: ReadonlyArray<AbortSignal | undefined>,
  ) {
    for (const signal of outer) {
      if (!signal) continue;
      if (signal.aborted) {
        this.controller.abort(signal.reason);
        return;
      }
      // One signal may be given to many calls at once (a bulk operation, a client's): not the leak Node warns of.
      setMaxListeners(0, signal);
      signal.addEventListener('abort', this.onOuterAbort, { once: true });
      this.outer.push(signal);
    }
    if (timeoutMs <= MAX_TIMER_MS) this.stopTimer = clock.setTimer(() => this.expire(), timeoutMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The call is over: stops its deadline and stops listening to the outer signals. */
  dispose(): void {
    this.stopTimer?.();
    for (const signal of this.outer) signal.removeEventListener('abort', this.onOuterAbort);
  }

  private expire(): void {
    if (this.signal.aborted) return;
    this.timedOut = true;
    this.controller.abort(new Error(`no answer within ${this.timeoutMs} ms`));
  }
}
