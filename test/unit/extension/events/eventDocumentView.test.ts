import * as assert from 'node:assert/strict';
import type { BuildingEvent, EventType } from '../../../../src/core/api/types';
import { eventFromView, eventView } from '../../../../src/extension/events/eventDocumentView';

const types: EventType[] = [
  { id: 1, name: 'Alarm' },
  { id: 2, name: 'Maintenance' },
];
const event: BuildingEvent = {
  id: 'e-1',
  name: 'High temperature',
  startTime: '2024-10-01T12:00:00Z',
  eventTypeId: 1,
  payload: '{ "temperature": 31, "limits": [18, 26] }',
  payloadVersion: '1.0',
  twinId: 'AHU-1',
  locations: '["BLD-HP","HP-L02"]',
};

describe('event document view', () => {
  it('shows the type name beside its id and a JSON payload as JSON', () => {
    const view = eventView(event, types);
    assert.equal(view.eventTypeName, 'Alarm');
    assert.deepEqual(view.payload, { temperature: 31, limits: [18, 26] });
    assert.equal(
      eventView({ ...event, eventTypeId: 9 }, types).eventTypeName,
      undefined,
      'an unknown type has no name to show',
    );
  });

  it('shows the locations JSON text as the list it holds, and writes it back as text', () => {
    const view = eventView(event, types);
    assert.deepEqual(view.locations, ['BLD-HP', 'HP-L02']);
    assert.equal(
      (eventFromView(view, event, types).event as BuildingEvent).locations,
      event.locations,
      'unchanged: the text as read',
    );
    const moved = eventFromView({ ...view, locations: ['BLD-HP', 'HP-L03'] }, event, types).event as BuildingEvent;
    assert.equal(moved.locations, '["BLD-HP","HP-L03"]');
    assert.equal(eventView({ ...event, locations: null }, types).locations, null);
  });

  it('keeps payloads that are not JSON of an object or array as they are', () => {
    for (const payload of ['not json', '"a string"', '42', null])
      assert.deepEqual(eventView({ ...event, payload }, types).payload, payload);
  });

  it('maps the view back: the payload text as read when unchanged, else its JSON as text; the type name dropped', () => {
    const view = eventView(event, types);
    assert.deepEqual(eventFromView(view, event, types), { event: { ...event }, problems: [] });
    const edited = eventFromView({ ...view, payload: { temperature: 32 } }, event, types);
    assert.deepEqual(edited, { event: { ...event, payload: '{"temperature":32}' }, problems: [] });
    assert.deepEqual(eventFromView({ ...view, payload: 'plain text' }, event, types).event, {
      ...event,
      payload: 'plain text',
    });
    const text = { ...event, payload: '"quoted"' };
    assert.deepEqual(eventFromView(eventView(text, types), text, types).event, text, 'a string payload round trips');
  });

  it('refuses an edited type name (the type changes through eventTypeId), and leaves non-objects to the event checks', () => {
    const { problems } = eventFromView({ ...eventView(event, types), eventTypeName: 'Maintenance' }, event, types);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /eventTypeName is shown for reading only: change eventTypeId/);
    assert.deepEqual(eventFromView([event], event, types), { event: [event], problems: [] });
    assert.deepEqual(eventFromView('x', event, types), { event: 'x', problems: [] });
  });
});
