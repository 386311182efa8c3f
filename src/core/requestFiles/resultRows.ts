// The list a command's result holds, for tables (the CLI's --table, the results panel).

/** Keys under which a page holds its items. */
const ROW_KEYS = ['items', 'content', 'data', 'twins'];

/** The list a result holds: itself, or the items of a page, or undefined for a single record. */
export function resultRows(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    for (const key of ROW_KEYS) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  return undefined;
}
