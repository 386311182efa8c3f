// The texts of an event's tree row. Every field comes from the service and may be missing or of another
// type than documented: nothing here may throw.
import type { BuildingEvent } from '../../core/api/types';

export interface EventRowText { label: string; description: string; tooltip: string }

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function eventRowText(e: BuildingEvent, typeName: string): EventRowText {
  const start = text(e.startTime);
  const label = text(e.name)?.trim() ?? `Event ${text(e.id) ?? ''}`.trim();
  const lines = [
    text(e.name) ?? '',
    `Type: ${typeName}`,
    `Start: ${start ?? '—'}`,
    ...(text(e.endTime) ? [`End: ${e.endTime}`] : []),
    `Twin: ${text(e.twinId) ?? '—'}`,
    `Id: ${text(e.id) ?? '—'}`,
  ];
  const description = text(e.description);
  return {
    label,
    description: `${typeName} · ${start ? start.slice(0, 16).replace('T', ' ') : 'no start time'}`,
    tooltip: `${lines.join('\n')}${description ? `\n\n${description}` : ''}`,
  };
}

/** A stable tree id for an event, also when the service sent no id. */
export function eventKey(e: BuildingEvent): string {
  return text(e.id) ?? `${text(e.startTime) ?? ''}|${text(e.name) ?? ''}|${text(e.externalId) ?? ''}`;
}
