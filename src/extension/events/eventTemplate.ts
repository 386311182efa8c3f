// The JSON template offered by "Create or update events from JSON". Pure: no 'vscode'.
import * as l10n from '@vscode/l10n';
import type { EventType } from '../../core/api/types';

/**
 * One event of the picked type, as a one-element array so more can be appended. `twinId` is left
 * empty on purpose: local validation names it until the user fills it in.
 */
export function eventTemplate(type: EventType, now: Date = new Date(), twinId = ''): string {
  const event = {
    name: l10n.t('{0} event', type.name),
    description: type.description ?? null,
    startTime: now.toISOString(),
    endTime: null,
    eventTypeId: type.id,
    twinId,
    externalId: null,
    eventSourceId: 'building-twins-vscode',
    payload: '{}',
    payloadVersion: '1.0',
    scalarValue: null,
  };
  return JSON.stringify([event], null, 2) + '\n';
}
