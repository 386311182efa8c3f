// How many sample twins this process can hold: `--scale` beyond the heap's reach would start building for
// seconds and then die of heap exhaustion. The cost per twin is measured by bench/emulator.bench.ts.
import { getHeapStatistics } from 'node:v8';

/**
 * Heap one sample twin needs while the emulator starts, with its share of relationships, telemetry and
 * the sample being built (the peak, not what stays: about 1.6 KiB does); bench/emulator.bench.ts reports
 * the measured figure next to this one.
 */
export const HEAP_BYTES_PER_TWIN = 2048;
/** Part of the heap the sample may take: requests, indexes and garbage need the rest. */
const HEAP_SHARE = 0.8;

/** The largest `--scale` a heap of `heapLimitBytes` holds. */
export function maxScale(heapLimitBytes: number): number {
  return Math.floor((heapLimitBytes * HEAP_SHARE) / HEAP_BYTES_PER_TWIN / 10_000) * 10_000;
}

/** Throws a clear error when the sample at `scale` would not fit this process's heap. */
export function checkScaleFits(scale: number | undefined, heapLimitBytes = getHeapStatistics().heap_size_limit): void {
  if (scale === undefined) return;
  const ceiling = maxScale(heapLimitBytes);
  if (scale <= ceiling) return;
  const gib = (bytes: number): string => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  const neededMiB = Math.ceil((scale * HEAP_BYTES_PER_TWIN) / HEAP_SHARE / 2 ** 20 / 1024) * 1024;
  throw new Error(
    `--scale ${scale} needs about ${gib((scale * HEAP_BYTES_PER_TWIN) / HEAP_SHARE)} of heap (about ${HEAP_BYTES_PER_TWIN / 1024} KiB per twin) ` +
      `but this Node.js process may use ${gib(heapLimitBytes)}, enough for --scale ${ceiling}. Choose a smaller --scale, ` +
      `or give Node.js a larger heap (NODE_OPTIONS=--max-old-space-size=${neededMiB}) on a machine with that much memory.`,
  );
}
