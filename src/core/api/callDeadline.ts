// One call's end (its timeout, its caller's signal, the client's) and the request each of its attempts hands the
// exchange. Both are made on every call, so nothing here is made per call that a call may not need: the AbortSignal
// only when something asks for it (fetch, the rate limiter, a wait for a token or a slot: making one costs several
// microseconds, a tenth of a loopback GET); one closure per call (its timer's), no object with its own getter.
import type { DeadlineTimer } from './deadlineTimer';
import type { ExchangeRequest } from './httpExchange';

const MAX_TIMER_MS = 2 ** 31 - 1;

export class CallDeadline {
  timedOut = false;
  /** Whether the call has ended (timed out or cancelled); `reason` says why. */
  aborted = false;
  reason: unknown;
  private controller: AbortController | undefined;
  private readonly cancelTimer: (() => void) | undefined;
  private onOuterAbort: ((event: Event) => void) | undefined;
  /** What the exchange in flight asked to be called on abort (ExchangeRequest.onAbort): no listener on the signal. */
  private cancel: (() => void) | undefined;

  constructor(
    readonly timeoutMs: number,
    timer: DeadlineTimer,
    /** The caller's signal and the client's (either may be absent): each is listened to, no third signal made. */
    private readonly callerSignal: AbortSignal | undefined,
    private readonly clientSignal: AbortSignal | undefined,
  ) {
    // Timers cannot wait longer than 2^31-1 ms (Node fires them at once instead): longer means none.
    if (timeoutMs <= MAX_TIMER_MS) this.cancelTimer = timer.add(timeoutMs, () => this.expire());
    if (callerSignal) this.listenTo(callerSignal);
    if (clientSignal && !this.aborted) this.listenTo(clientSignal);
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  private expire(): void {
    this.timedOut = true;
    this.abort(new Error(`no answer within ${this.timeoutMs} ms`));
  }

  /** ExchangeRequest.onAbort: one exchange at a time is in flight for a call. */
  onAbort(cancel: () => void): () => void {
    this.cancel = cancel;
    return () => {
      if (this.cancel === cancel) this.cancel = undefined;
    };
  }

  dispose(): void {
    this.cancelTimer?.();
    if (this.onOuterAbort) {
      this.callerSignal?.removeEventListener('abort', this.onOuterAbort);
      this.clientSignal?.removeEventListener('abort', this.onOuterAbort);
    }
  }

  private listenTo(outer: AbortSignal): void {
    if (outer.aborted) return this.abort(outer.reason);
    this.onOuterAbort ??= (event) => this.abort((event.target as AbortSignal).reason);
    outer.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  private abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new Error('cancelled');
    this.controller?.abort(this.reason);
    const cancel = this.cancel;
    this.cancel = undefined;
    cancel?.();
  }
}

/** One attempt's request to the exchange, cancelled by the call's deadline (told directly, see ExchangeRequest.onAbort). */
export class AttemptRequest implements ExchangeRequest {
  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Record<string, string>,
    readonly body: string | FormData | undefined,
    readonly maxBytes: number,
    readonly idempotent: boolean,
    private readonly deadline: CallDeadline,
  ) {}

  /** Made only if the exchange reads it (fetch does; the node:http exchange uses onAbort and isAborted). */
  get signal(): AbortSignal {
    return this.deadline.signal;
  }

  onAbort(cancel: () => void): () => void {
    return this.deadline.onAbort(cancel);
  }

  isAborted(): boolean {
    return this.deadline.aborted;
  }
}
