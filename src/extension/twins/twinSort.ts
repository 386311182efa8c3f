// The order of the twins in the explorer's model groups (setting buildingTwins.twins.sortBy). The service has no
// order for POST /twins, so the rows a group has loaded are sorted here.
import type { DigitalTwin } from '../../core/api/types';

export const TWIN_SORT_KEYS = ['name', 'id', 'lastUpdate'] as const;
export type TwinSortKey = (typeof TWIN_SORT_KEYS)[number];

export function isTwinSortKey(value: unknown): value is TwinSortKey {
  return typeof value === 'string' && (TWIN_SORT_KEYS as readonly string[]).includes(value);
}

type Compare = (a: DigitalTwin, b: DigitalTwin) => number;

function nameOf(twin: DigitalTwin): string {
  const name = twin.contents?.name;
  return typeof name === 'string' && name.trim() ? name : twin.id;
}

const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One collator for every name comparison: `localeCompare` with options builds a collator per call, which made
 * sorting 10,000 loaded twins block the extension host for most of a second. Made on first use, not at activation.
 */
let names: Intl.Collator | undefined;

const COMPARE: Record<TwinSortKey, Compare> = {
  name: (a, b) => {
    names ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    return names.compare(nameOf(a), nameOf(b)) || byId(a, b);
  },
  id: byId,
  lastUpdate: (a, b) => {
    const time = (t: DigitalTwin): number => (t.lastUpdateTime ? Date.parse(t.lastUpdateTime) : NaN);
    const [ta, tb] = [time(a), time(b)];
    if (Number.isNaN(ta) || Number.isNaN(tb)) return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb)) || byId(a, b);
    return tb - ta || byId(a, b);
  },
};

/** Twins in order: by name (then id), by id, or by last update (newest first, twins without a time last). */
export function sortTwins(twins: readonly DigitalTwin[], by: TwinSortKey): DigitalTwin[] {
  return [...twins].sort(COMPARE[by]);
}

/**
 * The rows of a list that only grows (a group's loaded pages), kept in order: a new page is sorted and merged
 * into the rows already in order, so each page costs about the same however many came before it. A new list
 * (after a reset) or another order starts again.
 */
export class SortedTwins {
  private source: readonly DigitalTwin[] | undefined;
  private by: TwinSortKey | undefined;
  private count = 0;
  private rows: DigitalTwin[] = [];

  of(twins: readonly DigitalTwin[], by: TwinSortKey): DigitalTwin[] {
    if (twins !== this.source || by !== this.by || twins.length < this.count) {
      this.source = twins;
      this.by = by;
      this.count = 0;
      this.rows = [];
    }
    if (this.count < twins.length) {
      this.rows = merge(this.rows, sortTwins(twins.slice(this.count), by), COMPARE[by]);
      this.count = twins.length;
    }
    return this.rows;
  }
}

/**
 * Two lists in order as one, in order, where `b` (a page) is short and `a` (the rows so far) long: each of `b`'s
 * twins finds its place in `a` by binary search, from the place of the one before it, and the runs of `a` between
 * are copied without comparing. A page of m twins into n rows takes about m·log n comparisons, not n + m.
 */
function merge(a: DigitalTwin[], b: DigitalTwin[], compare: Compare): DigitalTwin[] {
  if (a.length === 0) return b;
  const out: DigitalTwin[] = new Array<DigitalTwin>(a.length + b.length);
  let i = 0;
  let k = 0;
  for (const twin of b) {
    // The first row of `a` from i on that goes after `twin` (rows equal to it stay before it).
    let low = i;
    let high = a.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(twin, a[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    while (i < low) out[k++] = a[i++]!;
    out[k++] = twin;
  }
  while (i < a.length) out[k++] = a[i++]!;
  return out;
}
