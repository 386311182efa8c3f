// The list a command's result holds, for tables (the CLI's --table, the results panel).

/** Keys under which a page holds its items. */
const ROW_KEYS = ['items', 'content', 'data', 'twins'];
/** The columns a twins graph row carries besides the twin's own fields (graphRows). */
export const GRAPH_ROW_KEYS = ['alias', 'relationship', 'relatedTo'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The list a result holds: itself, or the items of a page, or a graph's twins, or undefined for a single record. */
export function resultRows(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (isObject(data)) {
    for (const key of ROW_KEYS) {
      const value = data[key];
      if (Array.isArray(value)) return value;
    }
    return graphRows(data);
  }
  return undefined;
}

/**
 * A twins graph answer (`{alias, twin, related: [{alias, items: [{relationship, twin, related}]}]}`) as one row per
 * twin, the start twin first, each in the order reached: the twin's fields with the alias of its hop, the
 * relationship that reached it and the twin at that relationship's other end.
 */
function graphRows(data: Record<string, unknown>): unknown[] | undefined {
  if (!isObject(data.twin) || !Array.isArray(data.related)) return undefined;
  const rows: unknown[] = [{ ...data.twin, alias: data.alias ?? null, relationship: null, relatedTo: null }];
  const walk = (collections: unknown[]): void => {
    for (const collection of collections) {
      if (!isObject(collection) || !Array.isArray(collection.items)) continue;
      for (const item of collection.items) {
        if (!isObject(item) || !isObject(item.twin)) continue;
        const relationship = isObject(item.relationship) ? item.relationship : {};
        const other = relationship.sourceId === item.twin.id ? relationship.targetId : (relationship.sourceId ?? null);
        rows.push({
          ...item.twin,
          alias: collection.alias ?? null,
          relationship: relationship.name ?? null,
          relatedTo: other,
        });
        if (Array.isArray(item.related)) walk(item.related);
      }
    }
  };
  walk(data.related);
  return rows;
}
