import { systemClock, type Clock } from './clock';

export interface CircuitBreakerOptions {
  /** Server errors (HTTP 5xx) in a row that pause the instance. */
  failures: number;
  /** How long the first pause lasts; each failed probe doubles it, up to `maxCoolDownMs`. */
  coolDownMs: number;
  maxCoolDownMs: number;
}

export const DEFAULT_CIRCUIT_BREAKER: CircuitBreakerOptions = {
  failures: 5,
  coolDownMs: 30_000,
  maxCoolDownMs: 5 * 60_000,
};

/** What the breaker says about the instance right now (for a status bar tooltip). */
export type CircuitState =
  | { state: 'closed'; serverErrorsInARow: number }
  | { state: 'open'; serverErrorsInARow: number; lastStatus: number; retryAt: number }
  | { state: 'half-open'; serverErrorsInARow: number; lastStatus: number };

/** Why a request was not sent: the instance is paused. */
export interface CircuitRefusal {
  serverErrorsInARow: number;
  lastStatus: number;
  /** Epoch ms of the next probe; now when a probe is already under way. */
  retryAt: number;
  probing: boolean;
}

/** An admitted attempt: report its outcome once (a status, or `undefined` when no answer came). */
export type CircuitTicket = (status: number | undefined) => void;

/**
 * Stops a client from hammering an instance that keeps failing: after `failures` HTTP 5xx answers in a row
 * every request is refused without being sent until the cool-down has passed; then one request goes as a probe
 * (half-open) while the others are still refused. A probe answered without a 5xx closes the breaker; a 5xx
 * opens it again for twice as long. Any answer other than a 5xx resets the count; no answer (network error,
 * cancelled) counts neither way.
 */
export class CircuitBreaker {
  private serverErrors = 0;
  private lastStatus = 0;
  private openUntil: number | undefined;
  private coolDownMs: number;
  private probing = false;

  constructor(
    private readonly options: CircuitBreakerOptions = DEFAULT_CIRCUIT_BREAKER,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(options.failures) || options.failures < 1)
      throw new RangeError(`circuitBreaker.failures must be a whole number >= 1, got ${String(options.failures)}`);
    if (!(options.coolDownMs > 0))
      throw new RangeError(`circuitBreaker.coolDownMs must be positive, got ${String(options.coolDownMs)}`);
    if (!(options.maxCoolDownMs >= options.coolDownMs))
      throw new RangeError(
        `circuitBreaker.maxCoolDownMs must be at least coolDownMs, got ${String(options.maxCoolDownMs)}`,
      );
    this.coolDownMs = options.coolDownMs;
  }

  /** Lets an attempt go (returns its ticket) or says why not. */
  admit(): CircuitTicket | CircuitRefusal {
    if (this.openUntil !== undefined) {
      const now = this.clock.now();
      if (this.probing || now < this.openUntil) {
        return {
          serverErrorsInARow: this.serverErrors,
          lastStatus: this.lastStatus,
          retryAt: this.probing ? now : this.openUntil,
          probing: this.probing,
        };
      }
      this.probing = true;
      return this.ticket(true);
    }
    return this.ticket(false);
  }

  state(): CircuitState {
    if (this.openUntil === undefined) return { state: 'closed', serverErrorsInARow: this.serverErrors };
    if (this.probing || this.clock.now() >= this.openUntil)
      return { state: 'half-open', serverErrorsInARow: this.serverErrors, lastStatus: this.lastStatus };
    return {
      state: 'open',
      serverErrorsInARow: this.serverErrors,
      lastStatus: this.lastStatus,
      retryAt: this.openUntil,
    };
  }

  private ticket(probe: boolean): CircuitTicket {
    let done = false;
    return (status) => {
      if (done) return;
      done = true;
      if (probe) this.probing = false;
      if (status === undefined) return;
      if (status >= 500 && status <= 599) this.serverError(status, probe);
      else this.close();
    };
  }

  private serverError(status: number, probe: boolean): void {
    this.serverErrors++;
    this.lastStatus = status;
    if (probe) {
      this.coolDownMs = Math.min(this.options.maxCoolDownMs, this.coolDownMs * 2);
      this.openUntil = this.clock.now() + this.coolDownMs;
    } else if (this.openUntil === undefined && this.serverErrors >= this.options.failures) {
      this.openUntil = this.clock.now() + this.coolDownMs;
    }
  }

  private close(): void {
    this.serverErrors = 0;
    this.openUntil = undefined;
    this.coolDownMs = this.options.coolDownMs;
  }
}

export function isCircuitRefusal(value: CircuitTicket | CircuitRefusal): value is CircuitRefusal {
  return typeof value !== 'function';
}

/**
 * The refusal in words, e.g. `requests to twins.example.com paused after 5 server errors in a row (last HTTP 503);
 * retrying at 10:32:05 UTC; nothing was sent`.
 */
export function circuitRefusalText(instance: string, refusal: CircuitRefusal): string {
  const when = refusal.probing
    ? 'a trial request is under way'
    : `retrying at ${new Date(refusal.retryAt).toISOString().slice(11, 19)} UTC`;
  return `requests to ${instance} paused after ${refusal.serverErrorsInARow} server errors in a row (last HTTP ${refusal.lastStatus}); ${when}; nothing was sent`;
}
