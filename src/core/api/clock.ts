// Time as a dependency, so pacing and expiry can be tested with a fake clock.

export interface Clock {
  /** Milliseconds, epoch based. */
  now(): number;
  /** Runs `fn` after `ms`; returns a function that cancels it. A `weak` timer keeps no process alive by itself. */
  setTimer(fn: () => void, ms: number, options?: { weak?: boolean }): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms, options) => {
    const handle = setTimeout(fn, Math.max(0, ms));
    if (options?.weak) handle.unref();
    return () => clearTimeout(handle);
  },
};

/** Resolves after `ms`, or rejects with the signal's reason when it fires first. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
