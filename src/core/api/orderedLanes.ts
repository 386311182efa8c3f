// Several async sources read side by side, their items handed on source after source: the later sources
// fetch while the first is consumed, yet each runs at most `ahead` items in front, so memory stays bounded.

/**
 * The items of `sources` in order (all of the first, then all of the second, …), each source read ahead
 * by up to `ahead` items at once. The first failure of any source ends the walk with that error at once;
 * ending the walk early (break, or a failure) closes every source, a source busy fetching once that fetch
 * settles (give the sources a signal to end such fetches sooner).
 */
export async function* inOrder<T>(sources: Array<AsyncIterable<T>>, ahead: number): AsyncGenerator<T, void, undefined> {
  if (!(ahead >= 1)) throw new RangeError(`ahead must be at least 1, got ${ahead}`);
  const failure: { error?: unknown } = {};
  const wake = new Signal();
  const lanes = sources.map((source) => new Lane(source[Symbol.asyncIterator](), ahead, failure, wake));
  try {
    for (const lane of lanes) {
      for (;;) {
        if ('error' in failure) throw failure.error;
        if (lane.queue.length) {
          yield lane.take();
          continue;
        }
        if (lane.done) break;
        await wake.wait();
      }
    }
    if ('error' in failure) throw failure.error;
  } finally {
    for (const lane of lanes) lane.stop();
  }
}

/** A promise to wait on until the next notify (for whichever lane moved). */
class Signal {
  private waiters: Array<() => void> = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

class Lane<T> {
  readonly queue: T[] = [];
  done = false;
  private stopped = false;
  private readonly space = new Signal();

  constructor(
    private readonly iterator: AsyncIterator<T>,
    private readonly ahead: number,
    private readonly failure: { error?: unknown },
    private readonly moved: Signal,
  ) {
    void this.pump();
  }

  take(): T {
    const item = this.queue.shift() as T;
    this.space.notify();
    return item;
  }

  /** The pump closes the source as soon as it is not waiting for an item. */
  stop(): void {
    this.stopped = true;
    this.space.notify();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        while (this.queue.length >= this.ahead && !this.stopped) await this.space.wait();
        if (this.stopped || 'error' in this.failure) {
          await this.iterator.return?.();
          return;
        }
        const next = await this.iterator.next();
        if (next.done) return;
        if (this.stopped) {
          await this.iterator.return?.();
          return;
        }
        this.queue.push(next.value);
        this.moved.notify();
      }
    } catch (error) {
      if (!('error' in this.failure)) this.failure.error = error;
    } finally {
      this.done = true;
      this.moved.notify();
    }
  }
}
