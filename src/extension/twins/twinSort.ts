// The order of the twins in the explorer's model groups (setting buildingTwins.twins.sortBy). The service has no
// order for POST /twins, so the rows a group has loaded are sorted here.
import type { DigitalTwin } from '../../core/api/types';

export const TWIN_SORT_KEYS = ['name', 'id', 'lastUpdate'] as const;
export type TwinSortKey = (typeof TWIN_SORT_KEYS)[number];

export function isTwinSortKey(value: unknown): value is TwinSortKey {
  return typeof value === 'string' && (TWIN_SORT_KEYS as readonly string[]).includes(value);
}

function nameOf(twin: DigitalTwin): string {
  const name = twin.contents?.name;
  return typeof name === 'string' && name.trim() ? name : twin.id;
}

/** Twins in order: by name (then id), by id, or by last update (newest first, twins without a time last). */
export function sortTwins(twins: readonly DigitalTwin[], by: TwinSortKey): DigitalTwin[] {
  const byId = (a: DigitalTwin, b: DigitalTwin): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare: Record<TwinSortKey, (a: DigitalTwin, b: DigitalTwin) => number> = {
    name: (a, b) => nameOf(a).localeCompare(nameOf(b), undefined, { numeric: true, sensitivity: 'base' }) || byId(a, b),
    id: byId,
    lastUpdate: (a, b) => {
      const time = (t: DigitalTwin): number => (t.lastUpdateTime ? Date.parse(t.lastUpdateTime) : NaN);
      const [ta, tb] = [time(a), time(b)];
      if (Number.isNaN(ta) || Number.isNaN(tb))
        return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb)) || byId(a, b);
      return tb - ta || byId(a, b);
    },
  };
  return [...twins].sort(compare[by]);
}
