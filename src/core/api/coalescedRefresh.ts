import { systemClock, type Clock } from './clock';

/**
 * Gathers refresh requests for `delayMs` and hands them over once: the same target asked for several times is
 * refreshed once, and a refresh of everything swallows the single ones asked for in the same wait. Repeated
 * clicks on Refresh, or a write followed by its own refresh, then cost one reload instead of several.
 */
export class CoalescedRefresh<T> {
  private targets = new Set<T>();
  private everything = false;
  private cancelTimer?: () => void;

  constructor(
    private readonly flush: (targets: ReadonlySet<T> | 'all') => void,
    private readonly delayMs = 50,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(delayMs >= 0)) throw new RangeError(`delayMs must be >= 0, got ${String(delayMs)}`);
  }

  /** Asks for a refresh of `target`, or of everything when none is given. */
  request(target?: T): void {
    if (target === undefined) this.everything = true;
    else this.targets.add(target);
    this.cancelTimer ??= this.clock.setTimer(() => this.run(), this.delayMs);
  }

  /** Hands over what is waiting now (e.g. before disposal, or when a caller needs the refresh done). */
  run(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.everything && !this.targets.size) return;
    const targets = this.everything ? 'all' : this.targets;
    this.targets = new Set();
    this.everything = false;
    this.flush(targets);
  }

  /** Drops what is waiting. */
  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.targets = new Set();
    this.everything = false;
  }
}
