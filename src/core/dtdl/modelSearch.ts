// Finding models by a piece of their name or id, for the model graph's search: whole-name matches first, then names
// starting with the text, then names and ids containing it; each group by display name. Pure.
import type { FoundModel } from './modelGraphTypes';
import type { ModelIndex } from './modelIndex';

/** At most `limit` models whose display name or id contains `text` (case-insensitive); none for blank text. */
export function searchModels(index: ModelIndex, text: string, limit: number): FoundModel[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  const ranked: Array<FoundModel & { rank: number }> = [];
  for (const id of index.ids()) {
    const label = index.displayName(id);
    const name = label.toLowerCase();
    const rank =
      name === wanted
        ? 0
        : name.startsWith(wanted)
          ? 1
          : name.includes(wanted)
            ? 2
            : id.toLowerCase().includes(wanted)
              ? 3
              : -1;
    if (rank >= 0) ranked.push({ id, label, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
  return ranked.slice(0, Math.max(0, limit)).map(({ id, label }) => ({ id, label }));
}
