// The deadlines of every call a transport has in flight, kept by one timer. A timer per call (setTimeout and
// clearTimeout around each request) cost ~15 µs of a ~100 µs request on loopback (bench/client.bench.ts); here a
// deadline is an entry in a set, and one weak timer wakes at the earliest, ends the calls that are due and sleeps
// until the next. Weak: it keeps no process alive (a call in flight holds its socket or another timer that does).
import type { Clock } from './clock';

interface Entry {
  at: number;
  expire: () => void;
}

export class DeadlineTimer {
  private readonly pending = new Set<Entry>();
  private armedAt = Infinity;
  private cancel: (() => void) | undefined;

  constructor(private readonly clock: Clock) {}

  /** Calls `expire` once `ms` have passed, unless the function returned is called first. */
  add(ms: number, expire: () => void): () => void {
    const entry: Entry = { at: this.clock.now() + ms, expire };
    this.pending.add(entry);
    if (entry.at < this.armedAt) this.arm(entry.at);
    return () => {
      this.pending.delete(entry);
    };
  }

  private arm(at: number): void {
    this.cancel?.();
    this.armedAt = at;
    this.cancel = this.clock.setTimer(() => this.wake(), at - this.clock.now(), { weak: true });
  }

  private wake(): void {
    this.cancel = undefined;
    this.armedAt = Infinity;
    const now = this.clock.now();
    const due = [...this.pending].filter((entry) => entry.at <= now);
    for (const entry of due) this.pending.delete(entry);
    let next = Infinity;
    for (const entry of this.pending) next = Math.min(next, entry.at);
    if (next < this.armedAt) this.arm(next);
    for (const entry of due) entry.expire();
  }
}
