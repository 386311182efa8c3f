import type { DigitalTwin } from '../../core/api/types';

/** A twin as a row or a pick names it: its `name`, or its id when it has none. */
export function twinLabel(twin: DigitalTwin): string {
  const name = twin.contents?.name;
  return typeof name === 'string' && name.trim() ? name : twin.id;
}
