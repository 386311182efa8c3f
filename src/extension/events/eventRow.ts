// The texts of an event's tree row. Every field comes from the service and may be missing or of another
// type than documented: nothing here may throw.
import * as l10n from '@vscode/l10n';
import type { BuildingEvent } from '../../core/api/types';

export interface EventRowText {
  label: string;
  description: string;
  tooltip: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

export function eventRowText(e: BuildingEvent, typeName: string): EventRowText {
  const start = text(e.startTime);
  const id = text(e.id);
  const label = text(e.name)?.trim() ?? (id ? l10n.t('Event {0}', id.trim()) : l10n.t('Event'));
  const lines = [
    text(e.name) ?? '',
    l10n.t('Type: {0}', typeName),
    l10n.t('Start: {0}', start ?? '—'),
    ...(text(e.endTime) ? [l10n.t('End: {0}', String(e.endTime))] : []),
    l10n.t('Twin: {0}', text(e.twinId) ?? '—'),
    l10n.t('Id: {0}', id ?? '—'),
  ];
  const description = text(e.description);
  return {
    label,
    description: `${typeName} · ${start ? start.slice(0, 16).replace('T', ' ') : l10n.t('no start time')}`,
    tooltip: `${lines.join('\n')}${description ? `\n\n${description}` : ''}`,
  };
}

/** A stable tree id for an event, also when the service sent no id. */
export function eventKey(e: BuildingEvent): string {
  return text(e.id) ?? `${text(e.startTime) ?? ''}|${text(e.name) ?? ''}|${text(e.externalId) ?? ''}`;
}
