// Bounded parallelism: the client's in-flight cap and the fan-out helper for bulk work.

/** A counting semaphore with FIFO waiters. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`Concurrency must be a positive integer, got ${String(limit)}`);
  }

  /** A slot if one is free now (its release), else undefined: the caller then waits with acquire. */
  tryAcquire(): (() => void) | undefined {
    if (this.active >= this.limit) return undefined;
    this.active++;
    return this.releaser();
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.active < this.limit) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const index = this.waiters.indexOf(grant);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason);
      };
      this.waiters.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else this.active--;
    };
  }
}

/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order.
 * The first failure stops new calls from starting and is rethrown once the running ones settle.
 */
export async function mapWithConcurrency<T, R>(
  items: Iterable<T>,
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`Concurrency must be a positive integer, got ${String(limit)}`);
  const list = Array.from(items);
  const results = new Array<R>(list.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < list.length) {
      if (signal?.aborted) {
        failure ??= { error: signal.reason };
        return;
      }
      const index = next++;
      try {
        results[index] = await fn(list[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  if (failure) throw failure.error;
  return results;
}
