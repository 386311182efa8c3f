import type { DigitalTwin } from '../../core/api/types';

/** The property a twin is named by when the setting names none (`buildingTwins.twins.labelProperty`). */
export const DEFAULT_LABEL_PROPERTY = 'name';

/**
 * A twin as a row, a pick or a graph node names it: the text of its `property` (the setting
 * `buildingTwins.twins.labelProperty`), else its `name`, else its id. Only the twin's own contents are read.
 */
export function twinLabel(twin: DigitalTwin, property = DEFAULT_LABEL_PROPERTY): string {
  for (const key of [property, DEFAULT_LABEL_PROPERTY]) {
    const value = twin.contents && Object.hasOwn(twin.contents, key) ? twin.contents[key] : undefined;
    if (typeof value === 'string' && value.trim()) return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  }
  return twin.id;
}
