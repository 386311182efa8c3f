import * as assert from 'node:assert/strict';
import type { BuildingEvent } from '../../../../src/core/api/types';
import { eventKey, eventRowText } from '../../../../src/extension/events/eventRow';

describe('event tree rows from whatever the service sends', () => {
  it('renders a full event', () => {
    const row = eventRowText(
      {
        id: 'e1',
        name: 'Fire drill',
        startTime: '2026-11-23T09:30:00Z',
        endTime: '2026-11-23T10:00:00Z',
        twinId: 'B1',
        description: 'Yearly',
      } as BuildingEvent,
      'Drill',
    );
    assert.deepEqual(row, {
      label: 'Fire drill',
      description: 'Drill · 2026-11-23 09:30',
      tooltip:
        'Fire drill\nType: Drill\nStart: 2026-11-23T09:30:00Z\nEnd: 2026-11-23T10:00:00Z\nTwin: B1\nId: e1\n\nYearly',
    });
  });

  it('never throws on missing or mistyped fields', () => {
    const broken = [
      {},
      { startTime: null },
      { name: 42, startTime: 17 },
      { id: 'e2', name: '   ' },
    ] as unknown as BuildingEvent[];
    const rows = broken.map((e) => eventRowText(e, 'Unknown type'));
    assert.deepEqual(
      rows.map((r) => r.description),
      Array(4).fill('Unknown type · no start time'),
    );
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Event', 'Event', 'Event', 'Event e2'],
    );
    assert.equal(eventKey({ name: 'a', startTime: 't' } as BuildingEvent), 't|a|');
    assert.equal(eventKey({ id: 'x' } as BuildingEvent), 'x');
  });
});
