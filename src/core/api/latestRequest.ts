import { systemClock, type Clock } from './clock';

/** The reason a request was aborted or dropped: a newer one for the same purpose replaced it. */
export class SupersededError extends Error {
  constructor(what = 'request') {
    super(`${what} superseded by a newer one`);
    this.name = 'SupersededError';
  }
}

/** Also recognises the error from another copy of this module (another bundle). */
export function isSuperseded(error: unknown): boolean {
  return error instanceof Error && error.name === 'SupersededError';
}

/**
 * One request at a time for one purpose (a panel's range, a lookup): starting the next aborts the one still
 * running, so an outdated request leaves the client's queue before it takes a slot of the rate limit.
 */
export class LatestRequest {
  private current?: AbortController;

  constructor(private readonly what = 'request') {}

  /**
   * Runs `work` with a signal that fires when a newer run starts, `abort()` is called or `outer` fires. A run that
   * was superseded rejects with SupersededError whatever `work` did.
   */
  async run<T>(work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
    this.abort();
    const controller = new AbortController();
    this.current = controller;
    const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
    try {
      return await work(signal);
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      if (this.current === controller) this.current = undefined;
    }
  }

  /** Aborts the running request, if any (a closed panel). */
  abort(): void {
    this.current?.abort(new SupersededError(this.what));
    this.current = undefined;
  }

  get running(): boolean {
    return this.current !== undefined;
  }
}

/**
 * Waits until input settles (`delayMs` after the last call) and then runs one request for the latest input: a
 * new call drops the one still waiting (it rejects with SupersededError) and aborts the one still running. Time
 * comes from the clock, so tests move it.
 */
export class DebouncedRequest<I, T> {
  private readonly latest: LatestRequest;
  private pending?: { cancelTimer: () => void; reject: (reason: unknown) => void };

  constructor(
    private readonly work: (input: I, signal: AbortSignal) => Promise<T>,
    private readonly delayMs: number,
    private readonly clock: Clock = systemClock,
    what = 'lookup',
  ) {
    if (!(delayMs >= 0)) throw new RangeError(`delayMs must be >= 0, got ${String(delayMs)}`);
    this.latest = new LatestRequest(what);
  }

  request(input: I): Promise<T> {
    this.cancel();
    return new Promise<T>((resolve, reject) => {
      const cancelTimer = this.clock.setTimer(() => {
        this.pending = undefined;
        this.latest.run((signal) => this.work(input, signal)).then(resolve, reject);
      }, this.delayMs);
      this.pending = { cancelTimer, reject };
    });
  }

  /** Drops the waiting call and aborts the running one (the picker closed). */
  cancel(): void {
    if (this.pending) {
      this.pending.cancelTimer();
      this.pending.reject(new SupersededError('lookup'));
      this.pending = undefined;
    }
    this.latest.abort();
  }
}

/**
 * The requests of one owner (a panel): each runs with a signal that fires when the owner is disposed, and a
 * request of a `supersede` group aborts the one of the same group still running (a new zoom, range or filter).
 * An aborted request rejects with SupersededError.
 */
export class RequestScope {
  private readonly groups = new Map<string, LatestRequest>();
  private readonly closed = new AbortController();

  constructor(private readonly what = 'request') {}

  run<T>(work: (signal: AbortSignal) => Promise<T>, supersede?: string): Promise<T> {
    if (this.closed.signal.aborted) return Promise.reject(this.closed.signal.reason);
    if (supersede === undefined) {
      return work(this.closed.signal).catch((error: unknown) => {
        throw this.closed.signal.aborted ? this.closed.signal.reason : error;
      });
    }
    let latest = this.groups.get(supersede);
    if (!latest) this.groups.set(supersede, (latest = new LatestRequest(`${this.what} "${supersede}"`)));
    return latest.run(work, this.closed.signal);
  }

  get disposed(): boolean {
    return this.closed.signal.aborted;
  }

  /** Aborts every request still running; later ones are refused. */
  dispose(): void {
    this.closed.abort(new SupersededError(this.what));
    for (const latest of this.groups.values()) latest.abort();
  }
}
