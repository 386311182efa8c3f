import * as assert from 'node:assert/strict';
import type { EventType } from '../../../../src/core/api/types';
import {
  EventValidationError,
  parseEventsOrThrow,
  validateEvents,
  validateEventsJson,
} from '../../../../src/extension/events/eventValidation';
import { eventTemplate } from '../../../../src/extension/events/eventTemplate';

const types: EventType[] = [
  { id: 1, name: 'CalendarEvent' },
  { id: 2, name: 'WeatherForecast' },
];

function valid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rain tomorrow',
    startTime: '2024-10-01T00:00:00Z',
    eventTypeId: 2,
    payload: '{"mm": 12}',
    payloadVersion: '1.0',
    twinId: 'Room-L01-100',
    ...overrides,
  };
}

describe('event validation', () => {
  it('accepts one event or an array and returns them unchanged', () => {
    assert.deepEqual(validateEvents(valid(), types), { events: [valid()], problems: [] });
    const two = validateEvents([valid(), valid({ name: 'Board meeting', eventTypeId: 1 })], types);
    assert.equal(two.events.length, 2);
    assert.deepEqual(two.problems, []);
  });

  it('names every missing required field of every item, and returns no events', () => {
    const result = validateEvents([valid(), { name: 'Half done', startTime: '2024-10-01T00:00:00Z' }], types);
    assert.deepEqual(result.events, []);
    assert.deepEqual(result.problems, [
      'Event [1] "Half done": eventTypeId is required',
      'Event [1] "Half done": payload is required',
      'Event [1] "Half done": payloadVersion is required',
      'Event [1] "Half done": twinId is required',
    ]);
  });

  it('requires payload to be JSON text, not an object or broken JSON', () => {
    const asObject = validateEvents(valid({ payload: { mm: 12 } }), types).problems;
    assert.equal(asObject.length, 1);
    assert.match(asObject[0], /^Event "Rain tomorrow": payload must be a JSON string/);
    assert.match(validateEvents(valid({ payload: '{mm: 12' }), types).problems[0], /payload is not valid JSON text/);
  });

  it('checks dates, their order and the scalar value', () => {
    const problems = validateEvents(valid({ startTime: 'tomorrow', scalarValue: 'high' }), types).problems;
    assert.equal(problems.length, 2);
    assert.match(problems[0], /startTime must be an ISO 8601 date-time/);
    assert.match(problems[1], /scalarValue must be a number or null/);
    assert.match(
      validateEvents(valid({ endTime: '2024-09-30T00:00:00Z' }), types).problems[0],
      /endTime .* is before startTime/,
    );
  });

  it('resolves a type name to its number and refuses unknown types', () => {
    assert.equal(validateEvents(valid({ eventTypeId: 'weatherforecast' }), types).events[0].eventTypeId, 2);
    assert.match(
      validateEvents(valid({ eventTypeId: 9 }), types).problems[0],
      /eventTypeId 9 is not a known event type \(known types: CalendarEvent = 1, WeatherForecast = 2\)/,
    );
    assert.match(
      validateEvents(valid({ eventTypeId: 'Snow' }), types).problems[0],
      /"Snow" is not a known event type name/,
    );
    assert.match(validateEvents(valid({ eventTypeId: 1.5 }), types).problems[0], /must be an integer or a type name/);
  });

  it('refuses non-objects, empty arrays and broken JSON text', () => {
    assert.deepEqual(validateEvents([], types).problems, ['The array is empty: give at least one event.']);
    assert.deepEqual(validateEvents([42], types).problems, ['Event [0]: must be a JSON object, not number 42']);
    assert.match(validateEventsJson('[{', types).problems[0], /^The text is not valid JSON/);
  });

  it('throws one error listing every problem', () => {
    assert.throws(
      () => parseEventsOrThrow('[{"name":"x"}]', types),
      (err: unknown) => {
        assert.ok(err instanceof EventValidationError);
        assert.equal(err.problems.length, 5);
        assert.match(err.message, /^Nothing was sent: 5 problems/);
        return true;
      },
    );
  });

  it('offers a template that names the missing twin until it is filled in', () => {
    const text = eventTemplate(types[1], new Date('2024-10-01T00:00:00Z'));
    assert.deepEqual(validateEventsJson(text, types).problems, [
      'Event [0] "WeatherForecast event": twinId is required',
    ]);
    const filled = eventTemplate(types[1], new Date('2024-10-01T00:00:00Z'), 'Room-1');
    const [event] = parseEventsOrThrow(filled, types);
    assert.equal(event.eventTypeId, 2);
    assert.equal(event.startTime, '2024-10-01T00:00:00.000Z');
  });
});
