// The order the integration harness runs its test files in. Sorted by default; `reverse` and `shuffle:<seed>` run the
// same files in another order, so a test that leans on what an earlier file left in the shared window shows up.
// Pure (no vscode): the unit tier tests it.

export type TestOrder = { kind: 'sorted' } | { kind: 'reverse' } | { kind: 'shuffle'; seed: number };

/** Reads `sorted`, `reverse`, `shuffle` (a seed from `randomSeed`) or `shuffle:<seed>`; anything else is an error. */
export function parseTestOrder(
  text: string | undefined,
  randomSeed: () => number = () => Math.floor(Math.random() * 2 ** 31),
): TestOrder {
  const value = (text ?? '').trim();
  if (value === '' || value === 'sorted') return { kind: 'sorted' };
  if (value === 'reverse') return { kind: 'reverse' };
  if (value === 'shuffle') return { kind: 'shuffle', seed: randomSeed() };
  const seeded = /^shuffle:(\d{1,10})$/.exec(value);
  if (seeded) return { kind: 'shuffle', seed: Number(seeded[1]) };
  throw new Error(`unknown test order "${value}": use sorted, reverse, shuffle or shuffle:<seed> (a whole number)`);
}

/** How to ask for this order again (printed at the start of a run, so a failing shuffle can be repeated). */
export function describeTestOrder(order: TestOrder): string {
  return order.kind === 'shuffle' ? `shuffle:${order.seed}` : order.kind;
}

/** The files in the given order; the input is not changed. */
export function orderTestFiles(files: readonly string[], order: TestOrder): string[] {
  const sorted = [...files].sort();
  if (order.kind === 'sorted') return sorted;
  if (order.kind === 'reverse') return sorted.reverse();
  // Fisher–Yates with a small seeded generator (mulberry32): the same seed gives the same order on every machine.
  let state = order.seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j], sorted[i]];
  }
  return sorted;
}
